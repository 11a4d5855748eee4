/**
 * An address book as CSV (RFC 4180): a header row, CRLF line ends, a field quoted when it holds a comma,
 * a quote, a line break or edge spaces, and quotes inside doubled. Column names follow the common
 * contact-import headers that webmail providers accept.
 */
import type { SampleContact } from '../sample-data.ts';

export const CONTACTS_CSV_HEADER = ['First Name', 'Last Name', 'E-mail Address', 'Mobile Phone', 'Company', 'Notes'] as const;

export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function buildCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

export function buildContactsCsv(contacts: readonly SampleContact[]): string {
  return buildCsv([
    CONTACTS_CSV_HEADER,
    ...contacts.map((c) => [c.givenName, c.familyName, c.email, c.phone ?? '', c.organization ?? '', c.note ?? '']),
  ]);
}
