/**
 * Small helpers of Internet Message Format (RFC 5322) and MIME header encoding (RFC 2047) shared by
 * the EML and MBOX builders.
 */

import { MONTHS, pad, WEEKDAYS } from '../../../engine/files/mail-dates.ts';

/** `Mon, 04 Mar 2019 09:12:00 +0000` (RFC 5322 §3.3), always in UTC. */
export function rfc5322Date(date: Date): string {
  return `${WEEKDAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

// Printable ASCII without the characters that end or change a header value.
const isPlainAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/**
 * A header text, as is when plain ASCII, else as RFC 2047 "B" encoded words of at most 75 characters,
 * split between code points (never inside a UTF-8 sequence) and folded with CRLF SP.
 */
export function encodeHeaderText(text: string): string {
  if (isPlainAscii(text)) return text;
  const words: string[] = [];
  let chunk = '';
  for (const char of text) {
    // 45 bytes of UTF-8 → 60 base64 characters + 12 of "=?UTF-8?B?" and "?=" = 72 ≤ 75.
    if (Buffer.byteLength(chunk + char, 'utf8') > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`).join('\r\n ');
}

/** `Name <address>`; the display name quoted when it holds specials, encoded when not ASCII. */
export function formatMailbox(mailbox: { name: string; address: string }): string {
  if (!mailbox.name) return `<${mailbox.address}>`;
  if (!isPlainAscii(mailbox.name)) return `${encodeHeaderText(mailbox.name)} <${mailbox.address}>`;
  // RFC 5322 atext plus spaces (a phrase of atoms) needs no quotes; anything else is quoted.
  if (/^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/.test(mailbox.name)) return `${mailbox.name} <${mailbox.address}>`;
  return `"${mailbox.name.replace(/(["\\])/g, '\\$1')}" <${mailbox.address}>`;
}
