/**
 * Contacts into the export's Outlook data file (../../files/pst-file.ts): each address book a
 * Contacts folder of IPM.Contact items with names, every e-mail address, phones and postal addresses
 * with their types, organisation, birthday, notes and photo (pst/messaging/contact.ts). Like the
 * file it lives in, it is not durable. The file is ended with the export, not here.
 */
import type { PstFile } from '../../files/pst-file.ts';
import type { PstFolder } from '../../files/pst/index.ts';
import { contactKey } from '../contact-key.ts';
import { contactFields } from '../fields.ts';
import type { ContactsDestination, ContactsDestinationSession } from '../ports.ts';

export function createContactsPstDestination(options: { pst: PstFile }): ContactsDestination {
  const held = new Map<string, number>();
  const books = new Map<string, { name: string; folder: PstFolder | null; part: number }>();

  /** The book's Contacts folder in the current part, made when it is not there yet. */
  async function folderOf(target: string): Promise<PstFolder> {
    const book = books.get(target);
    if (!book) throw new Error(`address book ${target} was not prepared`);
    const { writer, part } = await options.pst.current();
    if (!book.folder || book.part !== part) {
      book.folder = writer.addFolder(writer.topFolder, book.name, { kind: 'contacts' });
      book.part = part;
    }
    return book.folder;
  }

  const session: ContactsDestinationSession = {
    async prepareBook(book) {
      // Each book keeps its name, so each is found again; one without a name is Outlook's "Contacts".
      const name = book.name.trim() || 'Contacts';
      if (!books.has(book.href)) books.set(book.href, { name, folder: null, part: 0 });
      await folderOf(book.href);
      return book.href;
    },
    heldKeys: async () => new Map(held),
    async put(target, contact) {
      await options.pst.rollOver();
      const { writer } = await options.pst.current();
      await writer.addContact(await folderOf(target), contactFields(contact.card));
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
    finish: async () => {},
    discard: () => options.pst.discard(),
  };
}
