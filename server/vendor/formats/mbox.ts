/**
 * A mailbox as one MBOX file in the "mboxrd" variant: each message starts with a `From ` separator line,
 * and every body line matching /^>*From / gets one more '>' so readers can split and unescape unambiguously.
 * Messages are kept byte for byte otherwise (their own line ends, 8-bit bytes untouched) and followed
 * by one empty line.
 */
import type { SampleMessage } from '../sample-data.ts';
import { buildEml } from './eml.ts';
import { asctimeDate } from './rfc5322.ts';

export function escapeMboxrdLine(line: string): string {
  return /^>*From /.test(line) ? `>${line}` : line;
}

/** One message as an mboxrd entry: separator line, quoted lines, a final line end and an empty line. */
export function mboxrdEntry(raw: Buffer, envelopeSender: string, date: Date): Buffer {
  // latin1 maps each byte to one character and back, so 8-bit text and CRs survive the round trip.
  const quoted = raw.toString('latin1').split('\n').map(escapeMboxrdLine).join('\n');
  const ended = quoted.endsWith('\n') ? quoted : `${quoted}\n`;
  return Buffer.from(`From ${envelopeSender} ${asctimeDate(date)}\n${ended}\n`, 'latin1');
}

/** The sample mailbox as an mbox with Unix line ends. */
export function buildMbox(messages: readonly SampleMessage[], to: string): string {
  return Buffer.concat(
    messages.map((message) => mboxrdEntry(Buffer.from(buildEml(message, to).replace(/\r\n/g, '\n'), 'utf8'), message.from.address, new Date(message.date))),
  ).toString('utf8');
}
