/**
 * A mailbox as one MBOX file in the "mboxrd" variant: each message starts with a `From ` separator line,
 * and every body line matching /^>*From / gets one more '>' so readers can split and unescape unambiguously.
 * Lines end in LF, as mbox files on Unix do.
 */
import type { SampleMessage } from '../sample-data.ts';
import { buildEml } from './eml.ts';
import { asctimeDate } from './rfc5322.ts';

export function escapeMboxrdLine(line: string): string {
  return /^>*From /.test(line) ? `>${line}` : line;
}

export function buildMbox(messages: readonly SampleMessage[], to: string): string {
  return messages
    .map((message) => {
      const lines = buildEml(message, to).replace(/\r\n$/, '').split('\r\n').map(escapeMboxrdLine);
      return `From ${message.from.address} ${asctimeDate(new Date(message.date))}\n${lines.join('\n')}\n\n`;
    })
    .join('');
}
