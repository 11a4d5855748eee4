/**
 * A message postal-mime refuses, so the PST writer keeps it as a note with the original attached:
 * 300 multiparts, each the only part of the one around it, past postal-mime's limit of 256 levels (a
 * message built to exhaust a parser, or a mailer's loop gone wrong), which no mail program shows as a
 * message either.
 */
export const UNPARSEABLE_SUBJECT = 'Nested too deep';

export function nestedTooDeep(): Buffer {
  const depth = 300;
  const open = Array.from({ length: depth }, (_, i) => `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`).join('');
  const close = Array.from({ length: depth }, (_, i) => `\r\n--b${depth - 1 - i}--\r\n`).join('');
  return Buffer.from(
    `From: Loop <loop@example.net>\r\nTo: dana@example.com\r\nSubject: ${UNPARSEABLE_SUBJECT}\r\nMessage-ID: <deep@example.net>\r\n` +
      `Date: Tue, 02 Jan 2024 10:00:00 +0000\r\nMIME-Version: 1.0\r\n${open}Content-Type: text/plain\r\n\r\nthe innermost part${close}`,
  );
}
