/**
 * The two PST readers the tests check the writer with, nobody here wrote either: readpst (libpst,
 * Debian's pst-utils), which writes each message as a MIME message and each contact as a vCard, and
 * pffexport (libpff, pff-tools), which writes each item as a directory of text files and attachments.
 * Both results come back in one shape: folders with their item counts, messages, contacts.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import PostalMime from 'postal-mime';

export type ReadAttachment = { filename: string; contentId: string | null; bytes: Buffer };
export type ReadMessage = {
  folder: string;
  subject: string;
  from: string;
  to: string[];
  cc: string[];
  /** Sent date (both readers), delivery date (pffexport only). */
  date: Date | null;
  delivered: Date | null;
  read: boolean;
  text: string | null;
  html: string | null;
  attachments: ReadAttachment[];
};
export type ReadPst = { counts: Map<string, number>; messages: ReadMessage[]; contacts: { folder: string; text: string }[] };

const run = promisify(execFile);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? [full, ...walk(full)] : [full];
  });
}

const norm = (s: string | null | undefined) => (s ?? '').replace(/\r\n/g, '\n').trim();

/**
 * readpst's flags for every reader here: -j 0, no parallel jobs. By default readpst forks a process
 * per item, and on this 2-core machine about one run in ten loses the last items of a folder (the
 * same file read 25 times: 2–4 runs short by one or two messages, exit code 0); with -j 0, never.
 */
export const READPST_SERIAL = ['-j', '0'];

/** readpst -e (one .eml or .vcf per item, a directory per folder) -D (Deleted Items too) -b (no RTF). */
export async function readWithReadpst(file: string, out: string): Promise<ReadPst> {
  await run('readpst', [...READPST_SERIAL, '-e', '-D', '-b', '-q', '-o', out, file], { maxBuffer: 64 * 1024 * 1024 });
  const [store] = readdirSync(out);
  const root = path.join(out, store ?? '');
  const counts = new Map<string, number>();
  const messages: ReadMessage[] = [];
  const contacts: ReadPst['contacts'] = [];
  for (const full of walk(root).filter((f) => !statSync(f).isDirectory())) {
    const folder = path.relative(root, path.dirname(full)).split(path.sep).join('/');
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
    if (full.endsWith('.vcf')) {
      contacts.push({ folder, text: readFileSync(full, 'utf8') });
      continue;
    }
    const raw = readFileSync(full);
    const email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
    const addresses = (list: typeof email.to) => (list ?? []).flatMap((a) => (a.group ? a.group : [a])).map((a) => a.address);
    const status = /^Status: (\S+)/m.exec(raw.subarray(0, raw.indexOf('\n\n') + 1 || undefined).toString('latin1'))?.[1] ?? '';
    messages.push({
      folder,
      subject: email.subject ?? '',
      from: email.from && !email.from.group ? email.from.address : '',
      to: addresses(email.to),
      cc: addresses(email.cc),
      date: email.date ? new Date(email.date) : null,
      delivered: null,
      read: status.includes('R'),
      text: email.text ? norm(email.text) : null,
      html: email.html ? norm(email.html) : null,
      attachments: email.attachments.map((a) => ({
        filename: a.filename ?? '',
        contentId: a.contentId ? a.contentId.replace(/^<|>$/g, '') : null,
        bytes: Buffer.from(a.content as ArrayBuffer),
      })),
    });
  }
  return { counts, messages, contacts };
}

/** "Key:<tabs>Value" lines of pffexport's text files. */
function fields(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([^:\t]+):\t+(.*)$/.exec(line);
    if (match && !map.has(match[1]!)) map.set(match[1]!, match[2]!);
  }
  return map;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Jan 02, 2024 10:00:00.000000000 UTC" */
function pffDate(text: string | undefined): Date | null {
  const m = /^(\w{3}) (\d{2}), (\d{4}) (\d{2}):(\d{2}):(\d{2})\.(\d{3})/.exec(text ?? '');
  if (!m) return null;
  return new Date(Date.UTC(Number(m[3]), MONTHS.indexOf(m[1]!), Number(m[2]), Number(m[4]), Number(m[5]), Number(m[6]), Number(m[7])));
}

/** pffexport -m all: a directory per folder, MessageNNNNN / ContactNNNNN directories in them. */
export async function readWithPffexport(file: string, target: string): Promise<ReadPst> {
  await run('pffexport', ['-m', 'all', '-q', '-t', target, file], { maxBuffer: 64 * 1024 * 1024 });
  const root = path.join(`${target}.export`, 'Top of Personal Folders');
  const counts = new Map<string, number>();
  const messages: ReadMessage[] = [];
  const contacts: ReadPst['contacts'] = [];
  const items = walk(root).filter((d) => statSync(d).isDirectory() && /^(Message|Contact)\d{5}$/.test(path.basename(d)));
  for (const dir of items) {
    const folder = path.relative(root, path.dirname(dir)).split(path.sep).join('/');
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
    const read = (name: string) => (existsSync(path.join(dir, name)) ? readFileSync(path.join(dir, name), 'utf8') : null);
    if (path.basename(dir).startsWith('Contact')) {
      contacts.push({ folder, text: read('Contact.txt') ?? '' });
      continue;
    }
    const headers = fields(read('OutlookHeaders.txt') ?? '');
    const recipients = (read('Recipients.txt') ?? '').split(/\n\s*\n/).map(fields);
    const byType = (type: string) => recipients.filter((r) => r.get('Recipient type') === type).map((r) => r.get('Email address') ?? '');
    const attachmentDir = path.join(dir, 'Attachments');
    const attachments = existsSync(attachmentDir)
      ? readdirSync(attachmentDir)
          .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
          .map((name) => ({ filename: name.replace(/^\d+_/, ''), contentId: null, bytes: readFileSync(path.join(attachmentDir, name)) }))
      : [];
    messages.push({
      folder,
      subject: headers.get('Subject') ?? '',
      from: headers.get('Sender email address') ?? '',
      to: byType('To'),
      cc: byType('CC'),
      date: pffDate(headers.get('Client submit time')),
      delivered: pffDate(headers.get('Delivery time')),
      read: /\bRead\b/.test(headers.get('Flags') ?? ''),
      text: read('Message.txt') === null ? null : norm(read('Message.txt')),
      html: read('Message.html') === null ? null : norm(read('Message.html')),
      attachments,
    });
  }
  return { counts, messages, contacts };
}
