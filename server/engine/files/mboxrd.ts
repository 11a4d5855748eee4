/**
 * A mailbox as one MBOX file in the "mboxrd" variant: each message starts with a `From ` separator line,
 * and every body line matching /^>*From / gets one more '>' so readers can split and unescape unambiguously.
 * Messages are kept byte for byte otherwise (their own line ends, 8-bit bytes untouched) and followed
 * by one empty line. The archive destination writes it; the simulated vendor builds its samples with it.
 */
import { asctimeDate } from './mail-dates.ts';

const FROM = Buffer.from('From ');
const QUOTE = Buffer.from('>');
const LF = Buffer.from('\n');

/**
 * One message as an mboxrd entry, in parts that point into `raw` wherever nothing changes: separator
 * line, the message with a '>' before every line that matches /^>*From /, a final line end when it has
 * none, and an empty line. No copy of the message is made, so a 50 MB message costs no more than itself.
 */
export function mboxrdParts(raw: Buffer, envelopeSender: string, date: Date): Buffer[] {
  const parts: Buffer[] = [Buffer.from(`From ${envelopeSender} ${asctimeDate(date)}\n`, 'latin1')];
  let copied = 0;
  for (let at = raw.indexOf(FROM); at >= 0; at = raw.indexOf(FROM, at + FROM.length)) {
    let start = at;
    while (start > 0 && raw[start - 1] === 0x3e) start--;
    if (start > 0 && raw[start - 1] !== 0x0a) continue;
    parts.push(raw.subarray(copied, start), QUOTE);
    copied = start;
  }
  parts.push(raw.subarray(copied));
  if (raw.length === 0 || raw[raw.length - 1] !== 0x0a) parts.push(LF);
  parts.push(LF);
  return parts;
}

/** One message as an mboxrd entry in one Buffer (see mboxrdParts). */
export function mboxrdEntry(raw: Buffer, envelopeSender: string, date: Date): Buffer {
  return Buffer.concat(mboxrdParts(raw, envelopeSender, date));
}
