/**
 * One message as an .eml file: an RFC 5322 message with a MIME text/plain UTF-8 body and CRLF line ends,
 * the format every mail client opens and imports.
 */
import { createHash } from 'node:crypto';
import type { SampleMessage } from '../sample-data.ts';
import { encodeHeaderText, formatMailbox, rfc5322Date } from './rfc5322.ts';

/** RFC 5322 §2.1.1: a line is at most 998 octets without its CRLF. */
const MAX_LINE_OCTETS = 998;

export function buildEml(message: SampleMessage, to: string): string {
  const date = new Date(message.date);
  // Stable per message and recipient, so repeated exports of one mailbox carry the same Message-ID.
  const idHash = createHash('sha256').update(`${to}\n${message.date}\n${message.subject}`).digest('hex').slice(0, 24);
  const lines = message.body.replace(/\r\n?/g, '\n').split('\n');
  const ascii = Buffer.byteLength(message.body, 'utf8') === message.body.length;
  const longLine = lines.some((line) => Buffer.byteLength(line, 'utf8') > MAX_LINE_OCTETS);
  const encoding = longLine ? 'base64' : ascii ? '7bit' : '8bit';
  const body =
    encoding === 'base64'
      ? (
          Buffer.from(message.body, 'utf8')
            .toString('base64')
            .match(/.{1,76}/g) ?? []
        ).join('\r\n')
      : lines.join('\r\n');
  const headers = [
    `From: ${formatMailbox(message.from)}`,
    `To: <${to}>`,
    `Subject: ${encodeHeaderText(message.subject)}`,
    `Date: ${rfc5322Date(date)}`,
    `Message-ID: <${idHash}@export.example.com>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    `Content-Transfer-Encoding: ${encoding}`,
  ];
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
}
