/**
 * The bench's side of the mailboxes, with plain imapflow and fflate (not the engine): seeding the source
 * with the generated corpus, and reading a destination back — an IMAP account, or the MBOX or EML files
 * of a ZIP — as, per folder, the multiset of its messages' SHA-256 (with flags and internal date over IMAP),
 * a batch at a time so that nothing holds the whole mailbox. A PST keeps no message's bytes (Outlook
 * keeps properties, not MIME), so its census is what readpst (libpst) reads back: subject and read state.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { ImapFlow } from 'imapflow';
import { READPST_SERIAL } from '../../../test/engine/pst/support/readers.ts';
import { splitMboxrd } from '../../../test/engine/support/archive-reader.ts';
import type { Dovecot } from '../../../test/support/dovecot.ts';
import { corpusMessage, FOLDERS, subjectOf } from './corpus.ts';

/** Folder (segments joined by '/') → message key → how many. */
export type Census = Map<string, Map<string, number>>;

const KEPT = new Set(['\\Seen', '\\Answered', '\\Flagged', '\\Draft']);
const sha256 = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');
const pstKey = (subject: string, read: boolean) => `${subject} ${read ? 'read' : 'unread'}`;
const imapKey = (raw: Buffer, flags: Iterable<string>, date: Date) =>
  `${sha256(raw)} ${[...flags]
    .filter((f) => KEPT.has(f))
    .sort()
    .join(',')} ${date.getTime()}`;

function add(census: Census, folder: string, key: string): void {
  const keys = census.get(folder) ?? new Map<string, number>();
  keys.set(key, (keys.get(key) ?? 0) + 1);
  census.set(folder, keys);
}

async function connect(dovecot: Dovecot, user: string, password: string): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: true,
    auth: { user, pass: password },
    tls: { ca: dovecot.certificate },
    logger: false,
    disableAutoIdle: true,
  });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** APPENDs messages 0…count-1 to their folders over `connections` connections; returns what an IMAP copy must hold and the MBOX files. */
export async function seedSource(
  dovecot: Dovecot,
  user: { email: string; password: string },
  count: number,
  connections: number,
): Promise<{ imap: Census; mbox: Census; pst: Census; bytes: number }> {
  const imap: Census = new Map();
  const mbox: Census = new Map();
  const pst: Census = new Map();
  let bytes = 0;
  const folders = [...FOLDERS];
  const worker = async () => {
    const client = await connect(dovecot, user.email, user.password);
    const existing = new Set((await client.list()).map((f) => f.path));
    for (let folder = folders.shift(); folder !== undefined; folder = folders.shift()) {
      const path = folder.split('/').join(dovecot.separator);
      if (!existing.has(path)) await client.mailboxCreate(path);
      for (let index = FOLDERS.indexOf(folder as (typeof FOLDERS)[number]); index < count; index += FOLDERS.length) {
        const m = corpusMessage(index, count);
        await client.append(path, m.raw, m.flags, m.internalDate);
        add(imap, folder, imapKey(m.raw, m.flags, m.internalDate));
        add(mbox, folder, sha256(m.raw));
        add(pst, folder, pstKey(subjectOf(m.index), m.flags.includes('\\Seen')));
        bytes += m.raw.length;
      }
    }
    await client.logout();
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { imap, mbox, pst, bytes };
}

/** Every folder of an IMAP account that holds messages; `rewrite` sees each message before it is hashed. */
export async function imapCensus(
  dovecot: Dovecot,
  user: { email: string; password: string },
  rewrite: (raw: Buffer) => Buffer = (raw) => raw,
): Promise<Census> {
  const census: Census = new Map();
  const client = await connect(dovecot, user.email, user.password);
  try {
    for (const folder of await client.list()) {
      if (folder.flags.has('\\Noselect')) continue;
      const box = await client.mailboxOpen(folder.path, { readOnly: true });
      if (box.exists === 0) continue;
      const name = folder.path.split(folder.delimiter).join('/');
      const uids = (await client.search({ all: true }, { uid: true })) || [];
      for (let i = 0; i < uids.length; i += 200) {
        for await (const m of client.fetch(
          uids.slice(i, i + 200).join(','),
          { uid: true, flags: true, internalDate: true, source: true },
          { uid: true },
        )) {
          add(census, name, imapKey(rewrite(m.source ?? Buffer.alloc(0)), m.flags ?? [], new Date(m.internalDate ?? 0)));
        }
      }
    }
  } finally {
    await client.logout();
  }
  return census;
}

/** The MBOX files of a ZIP (`email/<folder>.mbox`). */
export function mboxCensus(zipFile: string): Census {
  const census: Census = new Map();
  const entries = unzipSync(readFileSync(zipFile), { filter: (file) => file.name.endsWith('.mbox') });
  for (const [name, data] of Object.entries(entries)) {
    const folder = name.slice('email/'.length, -'.mbox'.length);
    for (const raw of splitMboxrd(Buffer.from(data))) add(census, folder, sha256(raw));
  }
  return census;
}

/** The EML files of a ZIP (`email/<folder>/<uid>.eml`), against the same expectation as MBOX: the message bytes per folder. */
export function emlCensus(zipFile: string): Census {
  const census: Census = new Map();
  const entries = unzipSync(readFileSync(zipFile), { filter: (file) => file.name.endsWith('.eml') });
  for (const [name, data] of Object.entries(entries))
    add(census, name.slice('email/'.length, name.lastIndexOf('/')), sha256(Buffer.from(data)));
  return census;
}

/** The header block of a file readpst wrote (its first 64 kB hold it). */
function headOf(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const head = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('latin1');
    return head.slice(0, head.search(/\r?\n\r?\n/) + 1 || undefined);
  } finally {
    closeSync(fd);
  }
}

/**
 * The PST of a ZIP (`outlook/mailbox.pst`, taken out by Info-ZIP's unzip into `dir`) as readpst writes
 * it out, one .eml a message and a directory a folder: per folder (Outlook's Inbox and Deleted Items by
 * their source names), each message's subject and read state (readpst's `Status: RO`).
 */
export function pstCensus(zipFile: string, dir: string): Census {
  execFileSync('unzip', ['-q', '-o', zipFile, 'outlook/mailbox.pst', '-d', dir]);
  const out = path.join(dir, 'readpst');
  mkdirSync(out);
  execFileSync('readpst', [...READPST_SERIAL, '-e', '-D', '-b', '-q', '-o', out, path.join(dir, 'outlook', 'mailbox.pst')]);
  const census: Census = new Map();
  const [store] = readdirSync(out);
  const root = path.join(out, store ?? '');
  const sourceName: Record<string, string> = { Inbox: 'INBOX', 'Deleted Items': 'Trash' };
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const folder = path.relative(root, entry.parentPath).split(path.sep).join('/');
    const head = headOf(path.join(entry.parentPath, entry.name));
    const subject = /^Subject: (.*?)\r?$/m.exec(head)?.[1] ?? '';
    add(census, sourceName[folder] ?? folder, pstKey(subject, /^Status: \S*R/m.test(head)));
  }
  return census;
}

/**
 * The message without header fields named `field` (with their continuation lines): mbsync adds an
 * `X-TUID:` field to every message it copies (its own tracking ID), which the census must not count as
 * a change. Returns the same Buffer when there is none.
 */
export function withoutHeaderField(raw: Buffer, field: string): Buffer {
  let end = raw.indexOf('\r\n\r\n');
  end = end === -1 ? raw.length : end + 2;
  const header = raw.subarray(0, end).toString('latin1');
  const pattern = new RegExp(`^${field}:[^\\r\\n]*\\r?\\n(?:[ \\t][^\\r\\n]*\\r?\\n)*`, 'gim');
  const kept = header.replace(pattern, '');
  return kept.length === header.length ? raw : Buffer.concat([Buffer.from(kept, 'latin1'), raw.subarray(end)]);
}

/** Messages missing from or extra in `actual`, and copies beyond what is expected (duplicates), over the corpus folders. */
export function compare(expected: Census, actual: Census): { missing: number; extra: number; duplicates: number } {
  let missing = 0;
  let extra = 0;
  let duplicates = 0;
  for (const folder of new Set([...expected.keys(), ...actual.keys()])) {
    const want = expected.get(folder) ?? new Map<string, number>();
    const have = actual.get(folder) ?? new Map<string, number>();
    for (const key of new Set([...want.keys(), ...have.keys()])) {
      const difference = (have.get(key) ?? 0) - (want.get(key) ?? 0);
      if (difference < 0) missing -= difference;
      else if (want.has(key)) duplicates += difference;
      else extra += difference;
    }
  }
  return { missing, extra, duplicates };
}
