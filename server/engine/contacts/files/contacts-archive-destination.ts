/**
 * Contacts as a file inside the export's ZIP (the same archive as the mail, see ../../files/zip-archive.ts):
 * `contacts/contacts.vcf` holds every vCard exactly as the server served it, one after another (each
 * ends with CRLF); `contacts/contacts.csv` holds a header row and one row per contact in the columns of
 * csv-columns.ts. Every address book goes into the one file. Like the mail files, a ZIP cannot be
 * continued by another process, so this destination is not durable and a new run starts over. The
 * archive stays open after `finish`: the caller closes it once mail and contacts are both written.
 */
import { buildCsv } from '../../files/csv.ts';
import type { ZipArchive, ZipEntryWriter } from '../../files/zip-archive.ts';
import { contactKey } from '../contact-key.ts';
import type { Contact, ContactsDestination, ContactsDestinationSession } from '../ports.ts';
import { CONTACT_CSV_COLUMNS, contactCsvRow } from './csv-columns.ts';

export type ContactsFileFormat = 'VCF' | 'CSV';

export type ContactsArchiveOptions = {
  archive: ZipArchive;
  format: ContactsFileFormat;
  /** Folder inside the ZIP; `contacts/` by default. */
  prefix?: string;
  /** Time stamp of the entry. */
  now?: () => Date;
};

export function createContactsArchiveDestination(options: ContactsArchiveOptions): ContactsDestination {
  const name = `${options.prefix ?? 'contacts/'}contacts.${options.format.toLowerCase()}`;
  const now = options.now ?? (() => new Date());
  const held = new Map<string, number>();
  let entry: ZipEntryWriter | null = null;

  const open = async (): Promise<ZipEntryWriter> => {
    if (entry) return entry;
    entry = options.archive.openEntry(name, now());
    if (options.format === 'CSV') await entry.write(Buffer.from(buildCsv([CONTACT_CSV_COLUMNS])));
    return entry;
  };
  const encode = (contact: Contact) =>
    Buffer.from(options.format === 'VCF' ? contact.text : buildCsv([contactCsvRow(contact.card)]), 'utf8');

  const session: ContactsDestinationSession = {
    async prepareBook() {
      await open();
      return name;
    },
    heldKeys: async () => new Map(held),
    async put(_target, contact) {
      await (await open()).write(encode(contact));
      const key = contactKey(contact);
      held.set(key, (held.get(key) ?? 0) + 1);
      return { ok: true };
    },
    close: async () => {},
  };

  return {
    traits: { durable: false },
    connect: async () => session,
    keysFor: (contact) => [contactKey(contact)],
    // An account without address books still gets its (empty) file, so the export says so plainly.
    finish: async () => {
      await (await open()).end();
      entry = null;
    },
    discard: async () => {
      entry = null;
      await options.archive.discard();
    },
  };
}
