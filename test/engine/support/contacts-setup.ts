/** The contacts tests' common setting: a Radicale with two customers' address books, and the engine's CardDAV adapters for it. */
import {
  createCardDavDestination,
  createCardDavSource,
  type ContactsDestination,
  type ContactsSource,
} from '../../../server/engine/index.ts';
import { startRadicale, type Radicale, type RadicaleOptions, type RadicaleUser } from '../../support/radicale.ts';
import { seedBook } from './carddav-book.ts';
import { fixtureBook, type FixtureContact } from './contacts-fixture.ts';

export const alice: RadicaleUser = { user: 'alice', password: 'alice-dav-pw' };
export const bob: RadicaleUser = { user: 'bob', password: 'bob-dav-pw' };
export const erin: RadicaleUser = { user: 'erin', password: 'erin-dav-pw' };

/** alice: "Contacts" (30) and "Famille & Amis" (12); bob: "Contacts" (8); erin: "Contacts" (6, the first two with 60 kB photos). */
export const aliceBooks = {
  contacts: { name: 'Contacts', contacts: fixtureBook(11, 'a', 30) },
  famille: { name: 'Famille & Amis', contacts: fixtureBook(12, 'f', 12) },
} satisfies Record<string, { name: string; contacts: FixtureContact[] }>;
export const bobBook = fixtureBook(13, 'b', 8);
export const erinBook = fixtureBook(14, 'e', 6, { big: 2, bigPhotoBytes: 60_000 });

export async function startSeededRadicale(options: RadicaleOptions = {}): Promise<Radicale> {
  const radicale = await startRadicale({ users: [alice, bob, erin], ...options });
  for (const [slug, book] of Object.entries(aliceBooks)) await seedBook(radicale, alice, slug, book.name, book.contacts);
  await seedBook(radicale, bob, 'contacts', 'Contacts', bobBook);
  await seedBook(radicale, erin, 'contacts', 'Contacts', erinBook);
  return radicale;
}

export function davSource(radicale: Radicale, account: string, options: { url?: string; service?: RadicaleUser } = {}): ContactsSource {
  return createCardDavSource({
    endpoint: { url: options.url ?? radicale.url, timeoutMs: 10_000 },
    account,
    service: options.service ?? radicale.service,
  });
}

export function davDestination(radicale: Radicale, user: RadicaleUser, options: { addressBook?: string } = {}): ContactsDestination {
  return createCardDavDestination(
    { endpoint: { url: radicale.url, timeoutMs: 10_000 }, user: user.user, auth: 'password', ...options },
    user.password,
  );
}
