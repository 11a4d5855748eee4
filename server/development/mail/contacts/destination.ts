/**
 * The development address-book store: where development exports of contacts to Gmail, Outlook.com,
 * Yahoo or AOL land, as an adapter of the engine's `ContactsDestination` port. Like the CardDAV
 * destination it fills one address book ("Contacts") with every source book's contacts, each vCard
 * byte for byte in a file named after its UID, never overwriting one. The folder is a Radicale
 * collection (one .vcf per card, `.Radicale.props`), so the sample contacts source reads it back.
 *
 * A card is written to a temporary file and linked into place, which fails when the name is taken: a
 * process killed mid-write leaves no half card, and a repeated or resumed export adds nothing twice.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resourceName } from '../../../engine/contacts/carddav/destination.ts';
import { uidKey } from '../../../engine/contacts/contact-key.ts';
import type { ContactsDestination, ContactsDestinationSession } from '../../../engine/contacts/ports.ts';
import { parseVcard, uidOf, VCardError } from '../../../engine/contacts/vcard.ts';

/** The one address book a destination account gets, as the CardDAV destination creates it. */
export const DEV_BOOK = { dir: 'contacts', name: 'Contacts' };

const nameKey = (name: string) => `name:${name}`;

async function heldKeys(bookDir: string): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  const names = await readdir(bookDir).catch(() => []);
  for (const name of names.filter((n) => n.endsWith('.vcf'))) {
    held.set(nameKey(name), 1);
    try {
      const uid = uidOf(parseVcard(await readFile(path.join(bookDir, name), 'utf8')));
      if (uid !== null) held.set(uidKey(uid), (held.get(uidKey(uid)) ?? 0) + 1);
    } catch (error) {
      // A card that does not parse still occupies its name.
      if (!(error instanceof VCardError)) throw error;
    }
  }
  return held;
}

/** `root`: the destination account's address-book folder (layout.addressBooks(address)). */
export function createVcardDirectoryDestination(options: { root: string }): ContactsDestination {
  const bookDir = path.join(options.root, DEV_BOOK.dir);

  const session: ContactsDestinationSession = {
    async prepareBook() {
      await mkdir(bookDir, { recursive: true });
      await writeFile(path.join(bookDir, '.Radicale.props'), JSON.stringify({ tag: 'VADDRESSBOOK', 'D:displayname': DEV_BOOK.name }));
      return DEV_BOOK.dir;
    },
    heldKeys: () => heldKeys(bookDir),
    async put(_target, contact) {
      const final = path.join(bookDir, resourceName(contact));
      const temporary = path.join(bookDir, `.tmp-${randomBytes(6).toString('hex')}`);
      await writeFile(temporary, contact.text);
      try {
        await link(temporary, final);
      } catch (error) {
        // Already there (a run before a kill put it): as a CardDAV server's 412, nothing to do.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        await rm(temporary, { force: true });
      }
      return { ok: true };
    },
    close: async () => {},
  };

  return {
    traits: { durable: true },
    connect: async () => session,
    keysFor: (contact) => [contact.uid !== null ? uidKey(contact.uid) : nameKey(resourceName(contact))],
    finish: async () => {},
    discard: async () => {},
  };
}
