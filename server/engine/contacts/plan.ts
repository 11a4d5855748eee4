/**
 * The plan of a contacts transfer, as data: the customer's address books and how many contacts each
 * holds now. Each book gets the name the item report and receipts use for it (its display name; two
 * books of the same name are told apart by a number).
 */
import type { AddressBook, ContactsSourceSession } from './ports.ts';

export type PlannedBook = { book: AddressBook; container: string; count: number };

export type ContactsPlan = { books: PlannedBook[]; total: number };

export async function planContacts(source: ContactsSourceSession): Promise<ContactsPlan> {
  const books: PlannedBook[] = [];
  const used = new Set<string>();
  for (const book of await source.listAddressBooks()) {
    let container = book.name;
    for (let n = 2; used.has(container); n++) container = `${book.name} (${n})`;
    used.add(container);
    books.push({ book, container, count: (await source.list(book)).length });
  }
  return { books, total: books.reduce((sum, b) => sum + b.count, 0) };
}
