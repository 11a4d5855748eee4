/**
 * CSV as RFC 4180 writes it: CRLF line ends, a field quoted when it holds a comma, a quote, a line break
 * or edge spaces, and quotes inside doubled. The contact columns are the engine's
 * (server/engine/contacts/files/csv-columns.ts), shared by the simulated vendor and the transfer engine:
 * the sample contacts are written as vCards and read into those columns like any served vCard.
 */
import { CONTACT_CSV_COLUMNS, contactCsvRow } from '../../engine/contacts/files/csv-columns.ts';
import { parseVcard } from '../../engine/contacts/vcard.ts';
import type { SampleContact } from '../sample-data.ts';
import { buildVcard } from './vcard.ts';

export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function buildCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

export function buildContactsCsv(contacts: readonly SampleContact[]): string {
  return buildCsv([CONTACT_CSV_COLUMNS, ...contacts.map((contact) => contactCsvRow(parseVcard(buildVcard(contact))))]);
}
