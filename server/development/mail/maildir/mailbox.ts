/**
 * A whole Maildir++ mailbox: the root (INBOX), its folders, and `mailbox.json` beside them, which says
 * what Maildir itself cannot — the hierarchy delimiter the mailbox shows (`/` or `.`) and each folder's
 * special use (`\Sent`, `\Drafts`, `\Trash`, `\Junk`, `\Archive`, …), the way a Dovecot configuration
 * would. Folder paths are the segments joined with the delimiter; INBOX is the root.
 */
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { createFolder, writeAtomically, type FolderIdentity } from './folder.ts';
import { folderDirName, segmentsOfDirName } from './names.ts';

export const MailboxMetaSchema = v.object({
  delimiter: v.picklist(['/', '.']),
  /** Folder path → special-use attribute. */
  specialUse: v.record(v.string(), v.string()),
});
export type MailboxMeta = v.InferOutput<typeof MailboxMetaSchema>;

export type MailboxFolder = { path: string; segments: string[]; dir: string; role: string | null };

const META = 'mailbox.json';
export const INBOX = 'INBOX';

export class MailboxMissingError extends Error {
  constructor(root: string) {
    super(`no Maildir mailbox at ${root}`);
    this.name = 'MailboxMissingError';
  }
}

/** The directory of a folder; `['INBOX']` is the root. */
export function folderDir(root: string, segments: readonly string[]): string {
  const isInbox = segments.length === 1 && segments[0]?.toUpperCase() === INBOX;
  return path.join(root, folderDirName(isInbox ? [] : segments));
}

export async function readMeta(root: string): Promise<MailboxMeta> {
  let text: string;
  try {
    text = await readFile(path.join(root, META), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MailboxMissingError(root);
    throw error;
  }
  return v.parse(MailboxMetaSchema, JSON.parse(text));
}

/** INBOX first, then every folder directory in path order. */
export async function listFolders(root: string): Promise<MailboxFolder[]> {
  const meta = await readMeta(root);
  const folders: MailboxFolder[] = [{ path: INBOX, segments: [INBOX], dir: root, role: '\\Inbox' }];
  const others: MailboxFolder[] = [];
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const segments = entry.isDirectory() ? segmentsOfDirName(entry.name) : null;
    if (!segments) continue;
    // A parent that only holds children (Gmail's `[Gmail]`) has no directory of its own, as in Dovecot.
    const isFolder = await stat(path.join(root, entry.name, 'cur')).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!isFolder) continue;
    const folderPath = segments.join(meta.delimiter);
    others.push({ path: folderPath, segments, dir: path.join(root, entry.name), role: meta.specialUse[folderPath] ?? null });
  }
  return [...folders, ...others.sort((a, b) => a.path.localeCompare(b.path))];
}

/** Writes a new mailbox: the root, the given folders, and mailbox.json last (it marks the mailbox as there). */
export async function createMailbox(
  root: string,
  meta: MailboxMeta,
  folders: ReadonlyArray<{ segments: string[]; identity?: FolderIdentity }>,
  inboxIdentity?: FolderIdentity,
): Promise<void> {
  await mkdir(root, { recursive: true });
  await createFolder(root, { subfolder: false, identity: inboxIdentity });
  for (const folder of folders) await createFolder(folderDir(root, folder.segments), { subfolder: true, identity: folder.identity });
  // Whole or absent: the folder workers of one export open the mailbox at once, and one of them may
  // read it while another writes it (seen as "Unexpected end of JSON input" in the scale test).
  await writeAtomically(path.join(root, META), `${JSON.stringify(meta, null, 2)}\n`);
}
