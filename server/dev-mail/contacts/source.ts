/**
 * The sample address books as a contacts source: the development stand-in for the provider's CardDAV
 * server, in the shape a CardDAV source has (address books; each card's href, ETag and vCard as
 * served). The engine has no contacts port on main yet, so this is that shape written down; the
 * directory layout is Radicale's (one .vcf per card, `.Radicale.props` for the collection), so a test
 * can equally serve the same files over CardDAV from a real Radicale.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ICAL from 'ical.js';
import * as v from 'valibot';
import { TransferFault } from '../../engine/ports.ts';

export type AddressBook = { id: string; displayName: string };
export type ContactRef = { href: string; etag: string; size: number };
export type SourceContact = ContactRef & { uid: string | null; vcard: string };

export interface ContactsSourceSession {
  listAddressBooks(): Promise<AddressBook[]>;
  /** Every card of the book, in href order. */
  list(book: string): Promise<ContactRef[]>;
  /** The cards of these hrefs; an href that no longer exists is absent from the answer. */
  fetch(book: string, hrefs: string[]): Promise<SourceContact[]>;
  close(): Promise<void>;
}

export interface ContactsSource {
  connect(): Promise<ContactsSourceSession>;
}

const PropsSchema = v.object({ tag: v.optional(v.string()), 'D:displayname': v.optional(v.string()) });

const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;

function uidOf(vcard: string): string | null {
  try {
    const value = ICAL.Component.fromString(vcard).getFirstPropertyValue('uid');
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createVcardDirectorySource(options: { root: string }): ContactsSource {
  const bookDir = (book: string) => path.join(options.root, path.basename(book));
  const cardsOf = async (book: string) => {
    try {
      return (await readdir(bookDir(book))).filter((name) => name.endsWith('.vcf')).sort();
    } catch (error) {
      if (missing(error)) throw new TransferFault('folder-missing', 'source', `address book ${book} no longer exists`, { cause: error });
      throw error;
    }
  };
  const session: ContactsSourceSession = {
    async listAddressBooks() {
      const books: AddressBook[] = [];
      for (const entry of await readdir(options.root, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        const text = await readFile(path.join(options.root, entry.name, '.Radicale.props'), 'utf8').catch(() => '{}');
        const props = v.safeParse(PropsSchema, JSON.parse(text));
        if (props.success && props.output.tag === 'VADDRESSBOOK') books.push({ id: entry.name, displayName: props.output['D:displayname'] ?? entry.name });
      }
      return books.sort((a, b) => a.id.localeCompare(b.id));
    },
    async list(book) {
      const refs: ContactRef[] = [];
      for (const href of await cardsOf(book)) {
        const bytes = await readFile(path.join(bookDir(book), href)).catch(() => null);
        if (bytes) refs.push({ href, etag: etagOf(bytes), size: bytes.length });
      }
      return refs;
    },
    async fetch(book, hrefs) {
      const out: SourceContact[] = [];
      for (const href of hrefs) {
        const bytes = await readFile(path.join(bookDir(book), path.basename(href))).catch(() => null);
        if (!bytes) continue;
        const vcard = bytes.toString('utf8');
        out.push({ href, etag: etagOf(bytes), size: bytes.length, uid: uidOf(vcard), vcard });
      }
      return out;
    },
    close: async () => {},
  };
  return {
    async connect() {
      const exists = await readdir(options.root).then(() => true, () => false);
      if (!exists) throw new TransferFault('login-refused', 'source', `no address books at ${options.root}`);
      return session;
    },
  };
}
