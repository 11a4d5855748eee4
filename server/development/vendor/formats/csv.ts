/**
 * The sample contacts as CSV, in the engine's writer (server/engine/files/csv.ts) and its contact
 * columns (server/engine/contacts/files/csv-columns.ts): the sample contacts are written as vCards and
 * read into those columns like any served vCard.
 */
import { CONTACT_CSV_COLUMNS, contactCsvRow } from '../../../engine/contacts/files/csv-columns.ts';
import { buildCsv } from '../../../engine/files/csv.ts';
import { parseVcard } from '../../../engine/contacts/vcard.ts';
import type { SampleContact } from '../sample-data.ts';
import { buildVcard } from './vcard.ts';

export function buildContactsCsv(contacts: readonly SampleContact[]): string {
  return buildCsv([CONTACT_CSV_COLUMNS, ...contacts.map((contact) => contactCsvRow(parseVcard(buildVcard(contact))))]);
}
