/**
 * What the /dev/mailboxes page shows, read from the files: each mailbox's folders with their special
 * use and message counts, and per folder the messages' dates, senders and subjects (decoded from
 * RFC 2047 and raw 8-bit headers by postal-mime, which reads only the header block here).
 */
import { readdir } from 'node:fs/promises';
import PostalMime from 'postal-mime';
import { addressOfDirName } from '../layout.ts';
import { readHeaderBlock, scanFolder } from '../maildir/folder.ts';
import { listFolders, MailboxMissingError } from '../maildir/mailbox.ts';

export type FolderSummary = { path: string; role: string | null; count: number };
export type MailboxSummary = { address: string; folders: FolderSummary[]; total: number };
export type MessageLine = { internalDate: Date; from: string; subject: string; flags: string[]; size: number };

/** Every mailbox below `parent`, by address; `maildirOf` finds the Maildir in an address's directory. */
export async function listMailboxes(parent: string, maildirOf: (dirName: string) => string): Promise<MailboxSummary[]> {
  const names = (await readdir(parent, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name);
  const out: MailboxSummary[] = [];
  for (const name of names.sort()) {
    const folders = await summariseFolders(maildirOf(name));
    if (folders) out.push({ address: addressOfDirName(name), folders, total: folders.reduce((sum, f) => sum + f.count, 0) });
  }
  return out;
}

async function summariseFolders(root: string): Promise<FolderSummary[] | null> {
  try {
    const folders = await listFolders(root);
    return Promise.all(
      folders.map(async (f) => ({
        path: f.path,
        role: f.role === '\\Inbox' ? null : f.role,
        count: (await scanFolder(f.dir)).messages.length,
      })),
    );
  } catch (error) {
    if (error instanceof MailboxMissingError) return null;
    throw error;
  }
}

/** The folder's messages, newest first, at most `limit`; null when the mailbox or folder does not exist. */
export async function folderMessages(
  root: string,
  folderPath: string,
  limit: number,
): Promise<{ total: number; messages: MessageLine[] } | null> {
  const folders = await listFolders(root).catch((error: unknown) => {
    if (error instanceof MailboxMissingError) return [];
    throw error;
  });
  const folder = folders.find((f) => f.path === folderPath);
  if (!folder) return null;
  const { messages } = await scanFolder(folder.dir);
  const newest = [...messages].sort((a, b) => b.internalDate.getTime() - a.internalDate.getTime()).slice(0, limit);
  const lines = await Promise.all(
    newest.map(async (m) => {
      const email = await PostalMime.parse(Buffer.concat([await readHeaderBlock(m.file), Buffer.from('\r\n\r\n')]));
      const from =
        email.from && 'address' in email.from
          ? [email.from.name, email.from.address ? `<${email.from.address}>` : ''].filter(Boolean).join(' ')
          : '';
      return { internalDate: m.internalDate, from, subject: email.subject ?? '', flags: m.flags, size: m.size };
    }),
  );
  return { total: messages.length, messages: lines };
}
