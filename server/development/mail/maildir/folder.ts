/**
 * One Maildir folder: its messages with stable UIDs, and appending to it. Reading reconciles the files
 * with the uidlist the way Dovecot does: a file the list does not know yet (dropped into new/ by hand,
 * or written by an append that was killed before its uidlist line) gets the next UID, in name order, and
 * keeps it. Appends write to tmp/ and rename into cur/, so a reader never sees half a message.
 *
 * Work on a folder is serialised per process (one queue per directory): two transfers appending to the
 * same folder at once still get distinct UIDs. Separate processes writing one Maildir are not supported.
 */
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, open, readdir, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { baseOfFileName, flagsOfFileName, infoOfFlags } from './names.ts';
import { formatUidList, parseUidList, uidListLine, type UidList } from './uidlist.ts';

export type MaildirMessage = { uid: number; file: string; flags: string[]; size: number; internalDate: Date };
export type FolderScan = { uidValidity: number; messages: MaildirMessage[] };
export type NewMessage = { raw: Buffer; flags: readonly string[]; internalDate: Date };
export type FolderIdentity = { uidValidity: number; guid: string };

const UIDLIST = 'dovecot-uidlist';

/** The folder's directory (or its cur/) does not exist. */
export class FolderMissingError extends Error {
  constructor(dir: string) {
    super(`no Maildir folder at ${dir}`);
    this.name = 'FolderMissingError';
  }
}

const queues = new Map<string, Promise<unknown>>();

function serialised<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(dir) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => {});
  queues.set(dir, settled);
  void settled.then(() => {
    if (queues.get(dir) === settled) queues.delete(dir);
  });
  return next;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function newFolderIdentity(): FolderIdentity {
  return { uidValidity: Math.floor(Date.now() / 1000), guid: randomBytes(16).toString('hex') };
}

/**
 * Creates the folder's directories and an empty uidlist; an existing folder is left as it is. `cur/`
 * comes last: its presence is what makes a folder listed (listFolders), so a folder another transfer
 * sees can already take messages, and a creation cut short by a kill is not listed and is finished by
 * the next one. (With `cur/` made beside `tmp/`, a second worker appending to the same new folder
 * could find `cur/` and not yet `tmp/`.)
 */
export async function createFolder(dir: string, options: { subfolder: boolean; identity?: FolderIdentity }): Promise<void> {
  await Promise.all(['new', 'tmp'].map((sub) => mkdir(path.join(dir, sub), { recursive: true })));
  // Maildir++ marks every folder but the root with an empty `maildirfolder` file.
  if (options.subfolder) await writeFile(path.join(dir, 'maildirfolder'), '', { flag: 'a' });
  const { uidValidity, guid } = options.identity ?? newFolderIdentity();
  const list: UidList = { validity: uidValidity, nextUid: 1, guid, uids: new Map() };
  await writeFile(path.join(dir, UIDLIST), formatUidList(list), { flag: 'wx' }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  await mkdir(path.join(dir, 'cur'), { recursive: true });
}

async function loadUidList(dir: string): Promise<UidList> {
  const file = path.join(dir, UIDLIST);
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    if (isMissing(error)) return '';
    throw error;
  });
  const list = parseUidList(text);
  if (list && text.endsWith('\n')) return list;
  // Missing, unreadable or cut short by a kill: written again whole before anything is appended to it.
  const identity = newFolderIdentity();
  const repaired: UidList = list ?? { validity: identity.uidValidity, nextUid: 1, guid: identity.guid, uids: new Map() };
  await writeAtomically(file, formatUidList(repaired));
  return repaired;
}

/** Written whole or not at all: a reader, or a process killed mid-write, never sees half a file. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

async function filesOf(dir: string): Promise<Map<string, string>> {
  const byBase = new Map<string, string>();
  for (const sub of ['cur', 'new']) {
    let names: string[];
    try {
      names = await readdir(path.join(dir, sub));
    } catch (error) {
      if (isMissing(error)) throw new FolderMissingError(dir);
      throw error;
    }
    for (const name of names.sort()) {
      if (!name.startsWith('.') && !byBase.has(baseOfFileName(name))) byBase.set(baseOfFileName(name), `${sub}/${name}`);
    }
  }
  return byBase;
}

/** Every message of the folder in UID order; files not in the uidlist yet get their UIDs now. */
export function scanFolder(dir: string): Promise<FolderScan> {
  return serialised(dir, async () => {
    const files = await filesOf(dir);
    const list = await loadUidList(dir);
    const unlisted = [...files.keys()].filter((base) => !list.uids.has(base));
    if (unlisted.length > 0) {
      const lines = unlisted.map((base) => {
        list.uids.set(base, list.nextUid);
        return uidListLine(list.nextUid++, base);
      });
      await appendFile(path.join(dir, UIDLIST), lines.join(''));
    }
    const messages: MaildirMessage[] = [];
    for (const [base, file] of files) {
      const uid = list.uids.get(base) as number;
      try {
        const info = await stat(path.join(dir, file));
        messages.push({
          uid,
          file: path.join(dir, file),
          flags: file.startsWith('cur/') ? flagsOfFileName(file) : [],
          size: info.size,
          internalDate: new Date(Math.round(info.mtimeMs)),
        });
      } catch (error) {
        // Renamed (a flag changed) or deleted since the directory was read: not there any more.
        if (!isMissing(error)) throw error;
      }
    }
    return { uidValidity: list.validity, messages: messages.sort((a, b) => a.uid - b.uid) };
  });
}

/** Appends messages in order and returns their UIDs; each file carries its internal date as mtime. */
export function appendMessages(dir: string, messages: readonly NewMessage[]): Promise<number[]> {
  return serialised(dir, async () => {
    const list = await loadUidList(dir).catch((error: unknown) => {
      throw isMissing(error) ? new FolderMissingError(dir) : error;
    });
    const uids: number[] = [];
    const lines: string[] = [];
    for (const message of messages) {
      const uid = list.nextUid++;
      const seconds = Math.floor(message.internalDate.getTime() / 1000);
      const base = `${seconds}.M${uid}V${list.validity}.dev-mail,S=${message.raw.length}`;
      const temporary = path.join(dir, 'tmp', base);
      try {
        // Overwritten, not refused: a tmp/ file of this name is what a writer killed before its UID list
        // line left behind (the UID was never recorded, so the next append takes it again); it was never
        // a message of the folder. The rename below replaces its cur/ twin the same way.
        await writeFile(temporary, message.raw);
      } catch (error) {
        throw isMissing(error) ? new FolderMissingError(dir) : error;
      }
      await utimes(temporary, message.internalDate, message.internalDate);
      await rename(temporary, path.join(dir, 'cur', `${base}${infoOfFlags(message.flags)}`));
      list.uids.set(base, uid);
      uids.push(uid);
      lines.push(uidListLine(uid, base));
    }
    await appendFile(path.join(dir, UIDLIST), lines.join(''));
    return uids;
  });
}

/** The header block of a message (up to its first empty line), or null when the bytes hold no empty line yet. */
export function headerBlock(raw: Buffer): Buffer | null {
  const crlf = raw.indexOf('\r\n\r\n');
  const end = crlf >= 0 ? crlf : raw.indexOf('\n\n');
  return end >= 0 ? raw.subarray(0, end) : null;
}

/** The message's header block, read without reading the whole body. */
export async function readHeaderBlock(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.alloc(16 * 1024);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, length);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      const block = headerBlock(Buffer.concat(chunks));
      if (block) return block;
    }
    return Buffer.concat(chunks);
  } finally {
    await handle.close();
  }
}
