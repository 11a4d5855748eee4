/**
 * An address book as one .vcf file of vCard 3.0 entries (RFC 2426): values escaped (backslash, comma,
 * semicolon, newline), lines folded at 75 octets without splitting a UTF-8 sequence, CRLF line ends.
 */
import type { SampleContact } from '../sample-data.ts';

/** RFC 2426 §4: escape backslash first, then the separators and line breaks. */
export function escapeVcardValue(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;');
}

/** RFC 2425 §5.8.1: lines longer than 75 octets continue on the next line after CRLF and one space. */
export function foldVcardLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let limit = 75;
  for (const char of line) {
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = '';
      limit = 74; // the continuation's leading space counts
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildVcard(contact: SampleContact): string {
  const e = escapeVcardValue;
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${e(contact.familyName)};${e(contact.givenName)};;;`,
    `FN:${e(`${contact.givenName} ${contact.familyName}`.trim())}`,
    `EMAIL;TYPE=INTERNET:${e(contact.email)}`,
    ...(contact.phone ? [`TEL;TYPE=VOICE:${e(contact.phone)}`] : []),
    ...(contact.organization ? [`ORG:${e(contact.organization)}`] : []),
    ...(contact.note ? [`NOTE:${e(contact.note)}`] : []),
    'END:VCARD',
  ];
  return lines.map(foldVcardLine).join('\r\n') + '\r\n';
}

export function buildVcf(contacts: readonly SampleContact[]): string {
  return contacts.map(buildVcard).join('');
}
