/**
 * The benchmark's mailbox, generated from its index alone so that no process holds it whole: 10,000
 * messages in 10 folders, sizes drawn from a log-normal distribution cut to 2 kB–2 MB (mean about 50 kB),
 * plus one 50 MB message (the memory bound must hold with it). Every message has its own Message-ID,
 * Date, flags and internal date; its body is base64 text (like an attachment) with a line starting
 * with "From " in every tenth one, so MBOX quoting is exercised. Lines end in CRLF.
 */
import { seededRandom } from '../../../server/development/mail/sample/random.ts';

export const FOLDERS = [
  'INBOX',
  'Sent',
  'Drafts',
  'Archive',
  'Trash',
  'Junk',
  'Receipts',
  'Projects/2019',
  'Réunions/Été 2019',
  'Lists/node',
] as const;

const MIN = 2 * 1024;
const MAX = 2 * 1024 * 1024;
export const BIG_BYTES = 50 * 1024 * 1024;
const FLAG_SETS = [['\\Seen'], [], ['\\Seen', '\\Answered'], ['\\Seen', '\\Flagged'], ['\\Seen'], ['\\Draft']];
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export type CorpusMessage = { index: number; folder: string; raw: Buffer; flags: string[]; internalDate: Date };

/** The size of message `index`: log-normal (median 24 kB, sigma 1.25) cut to 2 kB–2 MB; the last is the 50 MB one. */
export function sizeOf(index: number, count: number): number {
  if (index === count - 1) return BIG_BYTES;
  const rand = seededRandom(index * 7919 + 17).next;
  const normal = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  return Math.min(MAX, Math.max(MIN, Math.round(24_000 * Math.exp(1.25 * normal))));
}

export const folderOf = (index: number) => FOLDERS[index % FOLDERS.length] as string;
export const subjectOf = (index: number) => `Benchmark message ${index}`;

export function corpusMessage(index: number, count: number): CorpusMessage {
  const rand = seededRandom(index + 1).next;
  const internalDate = new Date(Date.UTC(2012, 0, 1) + Math.floor(rand() * 12 * 365 * 24 * 3600) * 1000);
  const headers = [
    `From: Sender ${index % 97} <sender${index % 97}@bench.example>`,
    'To: Customer <customer@bench.example>',
    `Subject: ${subjectOf(index)}`,
    `Date: ${internalDate.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <bench-${index}@bench.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=us-ascii',
  ].join('\r\n');
  const head = Buffer.from(`${headers}\r\n\r\n${index % 10 === 0 ? 'From the archive of the benchmark, kept as it was.\r\n' : ''}`);
  let target = Math.max(sizeOf(index, count), head.length + 80);
  // Whole lines of 76 characters and CRLF, then a shorter last line: never a lone CR or LF.
  if ((target - head.length) % 78 === 1) target++;
  const raw = Buffer.allocUnsafe(target);
  head.copy(raw);
  // Base64-looking characters from a cheap generator (no need for real randomness).
  let state = (index * 2654435761) >>> 0 || 1;
  let at = head.length;
  while (at < target) {
    const lineEnd = Math.min(at + 76, target - 2);
    for (; at < lineEnd; at++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      raw[at] = BASE64.charCodeAt((state >>> 0) & 63);
    }
    raw[at++] = 13;
    raw[at++] = 10;
  }
  return { index, folder: folderOf(index), raw, flags: FLAG_SETS[index % FLAG_SETS.length] as string[], internalDate };
}
