/**
 * The sample address books as a contacts source: the development stand-in for the provider's CardDAV
 * server, an adapter of the engine's `ContactsSource` port (address books with href, name and a change
 * token; each card's href; the vCard text exactly as stored). The directory layout is Radicale's (one
 * .vcf per card, `.Radicale.props` per collection), so a test can equally serve the same files over
 * CardDAV from a real Radicale.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import type { AddressBook, ContactsSource, ContactsSourceSession, SourceVCard } from '../../../engine/contacts/ports.ts';
import { TransferFault } from '../../../engine/ports.ts';

const PropsSchema = v.object({ tag: v.optional(v.string()), 'D:displayname': v.optional(v.string()) });

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function createVcardDirectorySource(options: { root: string }): ContactsSource {
  // basename: an href never leaves the address books' folder.
  const bookDir = (book: AddressBook) => path.join(options.root, path.basename(book.href));
  const cardsOf = async (book: AddressBook) => {
    try {
      return (await readdir(bookDir(book))).filter((name) => name.endsWith('.vcf')).sort();
    } catch (error) {
      if (isMissing(error))
        throw new TransferFault('folder-missing', 'source', `address book ${book.href} no longer exists`, { cause: error });
      throw error;
    }
  };
  /** Like a CTag: a digest of every card's name, size and modification time. */
  const tokenOf = async (book: AddressBook) => {
    const hash = createHash('sha256');
    for (const name of await cardsOf(book)) {
      const info = await stat(path.join(bookDir(book), name)).catch(() => null);
      if (info) hash.update(`${name}\n${info.size}\n${info.mtimeMs}\n`);
    }
    return hash.digest('hex').slice(0, 32);
  };

  const session: ContactsSourceSession = {
    async listAddressBooks() {
      const books: AddressBook[] = [];
      for (const entry of await readdir(options.root, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        const text = await readFile(path.join(options.root, entry.name, '.Radicale.props'), 'utf8').catch(() => '{}');
        const props = v.safeParse(PropsSchema, JSON.parse(text));
        if (!props.success || props.output.tag !== 'VADDRESSBOOK') continue;
        const book = { href: entry.name, name: props.output['D:displayname'] ?? entry.name, token: null };
        books.push({ ...book, token: await tokenOf(book) });
      }
      return books.sort((a, b) => a.href.localeCompare(b.href));
    },
    list: async (book) => (await cardsOf(book)).map((href) => ({ href })),
    async fetch(book, hrefs) {
      const out: SourceVCard[] = [];
      for (const href of hrefs) {
        const text = await readFile(path.join(bookDir(book), path.basename(href)), 'utf8').catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        if (text !== null) out.push({ href, text });
      }
      return out;
    },
    close: async () => {},
  };
  return {
    async connect() {
      const exists = await stat(options.root).then(
        (info) => info.isDirectory(),
        () => false,
      );
      if (!exists) throw new TransferFault('login-refused', 'source', `no address books at ${options.root}`);
      return session;
    },
  };
}
