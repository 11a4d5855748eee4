/**
 * What a person needs to find a message the transfer could not move (the item report): its subject,
 * sender and date as their mail program shows them. A Message-ID alone finds nothing in a mail
 * program. Read from the header block only, decoded from RFC 2047 words; an older mailer's raw 8-bit
 * header is taken as UTF-8 when it is valid UTF-8 and as Latin-1 otherwise.
 */
import { decodeWords } from 'postal-mime';
import { headerValue } from './headers.ts';
import type { ItemAbout } from './ports.ts';

/** Long enough to recognise a message; a subject is not a place to store a megabyte. */
const MAX_CHARS = 200;

function readable(latin1: string | null): string | null {
  if (latin1 === null) return null;
  const bytes = Buffer.from(latin1, 'latin1');
  const utf8 = bytes.toString('utf8');
  const text = Buffer.from(utf8, 'utf8').equals(bytes) ? utf8 : latin1;
  const decoded = decodeWords(text).replace(/\s+/g, ' ').trim();
  return decoded ? decoded.slice(0, MAX_CHARS) : null;
}

/** ISO 8601 of a date, or null when it is not one (a Date header that does not parse, a missing internal date). */
function isoDate(date: Date): string | null {
  return Number.isNaN(date.getTime()) || date.getTime() <= 0 ? null : date.toISOString();
}

/** The date alone, when the header was never read: the source's own date of the message. */
export const aboutByDate = (internalDate: Date): ItemAbout => ({ subject: null, sender: null, date: isoDate(internalDate) });

/** Subject, sender and date from a header block (headers.ts); the date falls back to the source's date of the message. */
export function aboutMessage(headers: string, internalDate: Date): ItemAbout {
  const sent = headerValue(headers, 'date');
  return {
    subject: readable(headerValue(headers, 'subject')),
    sender: readable(headerValue(headers, 'from')),
    date: (sent === null ? null : isoDate(new Date(sent))) ?? isoDate(internalDate),
  };
}
