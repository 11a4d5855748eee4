/**
 * What the /dev/mailboxes page shows of address books: per address, each book's display name and how
 * many contacts it holds, read from the vCard folders (Radicale's layout, see ../contacts/source.ts).
 */
import { readdir } from 'node:fs/promises';
import { addressOfDirName } from '../layout.ts';
import { TransferFault } from '../../../engine/ports.ts';
import { createVcardDirectorySource } from '../contacts/source.ts';

export type AddressBookSummary = { address: string; books: { name: string; count: number }[]; total: number };

/** Every address below `parent` with address books; `booksOf` finds the books' folder in an address's directory. */
export async function listAddressBooks(parent: string, booksOf: (dirName: string) => string): Promise<AddressBookSummary[]> {
  const names = (await readdir(parent, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name);
  const out: AddressBookSummary[] = [];
  for (const name of names.sort()) {
    const session = await createVcardDirectorySource({ root: booksOf(name) })
      .connect()
      .catch((error: unknown) => {
        // An address with a mailbox but no address book yet.
        if (error instanceof TransferFault) return null;
        throw error;
      });
    if (!session) continue;
    const books = await Promise.all(
      (await session.listAddressBooks()).map(async (book) => ({ name: book.name, count: (await session.list(book)).length })),
    );
    if (books.length > 0) out.push({ address: addressOfDirName(name), books, total: books.reduce((sum, b) => sum + b.count, 0) });
  }
  return out;
}
