/**
 * The CardDAV destination: one address book of the customer's new account (the one named in the job,
 * else the account's first; one named "Contacts" is created when the account has none). Every source
 * address book goes into it. Each vCard is PUT byte for byte under a name made from its UID with
 * `If-None-Match: *`, so nothing is ever overwritten. A contact whose UID the address book already
 * holds is not sent again: a re-run, or a run after a kill, adds nothing twice.
 */
import { createHash } from 'node:crypto';
import { createVCard } from 'tsdav';
import type * as v from 'valibot';
import { TransferFault } from '../../ports.ts';
import { uidKey } from '../contact-key.ts';
import type { Contact, ContactsDestination, ContactsDestinationSession } from '../ports.ts';
import { parseVcard, uidOf, VCardError } from '../vcard.ts';
import { createAddressBook } from './create-book.ts';
import { addressBooksIn, currentUserPrincipal, homeSetOf, type FoundBook } from './discovery.ts';
import type { CardDavDestinationSchema } from '../job.ts';
import { openDavSession, type DavSession } from './http.ts';
import { listMembers, readVcards } from './members.ts';
import { decodedPath, samePath } from './multistatus.ts';
import { putAnswer } from './put-answer.ts';

export type CardDavDestinationConfig = Omit<v.InferOutput<typeof CardDavDestinationSchema>, 'kind'>;

const READ_BATCH = 100;
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$/;

/** The resource name of a contact: its UID when that is a safe file name, else a hash of what identifies it. */
export function resourceName(contact: Pick<Contact, 'href' | 'uid'>): string {
  if (contact.uid !== null && SAFE_NAME.test(contact.uid)) return `${contact.uid}.vcf`;
  return `${createHash('sha256')
    .update(contact.uid ?? `href:${contact.href}`)
    .digest('hex')
    .slice(0, 40)}.vcf`;
}

const nameKey = (name: string) => `name:${name}`;

async function chooseBook(session: DavSession, wanted: string | undefined): Promise<FoundBook> {
  const principal = await currentUserPrincipal(session);
  const home = (await homeSetOf(session, principal)) ?? principal;
  const books = await addressBooksIn(session, home);
  if (wanted !== undefined) {
    const named = books.find((b) => samePath(b.href, new URL(wanted, home).pathname) || b.name === wanted);
    if (!named) throw new TransferFault('login-refused', 'destination', `the account has no address book "${wanted}"`);
    return named;
  }
  return books[0] ?? (await createAddressBook(session, home, 'contacts', 'Contacts'));
}

/** How many copies of each UID, and every resource name, the address book holds. */
async function heldKeys(session: DavSession, book: FoundBook): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  const paths = (await listMembers(session, book.url)) ?? [];
  for (let i = 0; i < paths.length; i += READ_BATCH) {
    for (const [path, text] of await readVcards(session, book.url, paths.slice(i, i + READ_BATCH))) {
      held.set(nameKey(decodedPath(path.split('/').pop() ?? path)), 1);
      try {
        const uid = uidOf(parseVcard(text));
        if (uid !== null) held.set(uidKey(uid), (held.get(uidKey(uid)) ?? 0) + 1);
      } catch (error) {
        // A contact the destination holds but that does not parse still occupies its name.
        if (!(error instanceof VCardError)) throw error;
      }
    }
  }
  return held;
}

function sessionOf(session: DavSession, config: CardDavDestinationConfig): ContactsDestinationSession {
  let book: FoundBook | null = null;
  const target = async () => (book ??= await chooseBook(session, config.addressBook));
  return {
    prepareBook: async () => (await target()).href,
    heldKeys: async () => heldKeys(session, await target()),
    async put(_target, contact) {
      const { url } = await target();
      const name = resourceName(contact);
      const response = await createVCard({
        addressBook: { url: url.href },
        vCardString: contact.text,
        filename: encodeURIComponent(name),
        headers: session.headers,
        fetch: session.fetch,
      });
      return putAnswer(response, `PUT ${url.pathname}${name}`, Date.now());
    },
    close: async () => session.close(),
  };
}

/** `secret` is the password or the access token, as `config.auth` says. */
export function createCardDavDestination(config: CardDavDestinationConfig, secret: string): ContactsDestination {
  return {
    traits: { durable: true },
    async connect() {
      const credentials = config.auth === 'bearer' ? { bearer: secret } : { user: config.user, password: secret };
      const session = openDavSession(config.endpoint, credentials, 'destination');
      try {
        // Asking for the principal now makes a wrong password fail the transfer before any copying.
        await currentUserPrincipal(session);
        return sessionOf(session, config);
      } catch (error) {
        session.close();
        throw error;
      }
    },
    keysFor: (contact) => [contact.uid !== null ? uidKey(contact.uid) : nameKey(resourceName(contact))],
    finish: async () => {},
    discard: async () => {},
  };
}
