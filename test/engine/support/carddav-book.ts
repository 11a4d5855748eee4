/**
 * Test-side access to a Radicale account with plain fetch (not the engine's adapters, so the engine is
 * checked by independent code): create address books, PUT contacts, and read every contact back with
 * GET, exactly as the server serves it.
 */
import { createHash } from 'node:crypto';
import type { Radicale, RadicaleUser } from '../../support/radicale.ts';
import type { FixtureContact } from './contacts-fixture.ts';

const auth = (user: RadicaleUser) => ({ authorization: `Basic ${Buffer.from(`${user.user}:${user.password}`).toString('base64')}` });

async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
}

export async function createBook(radicale: Radicale, user: RadicaleUser, slug: string, name: string): Promise<void> {
  const body =
    `<?xml version="1.0" encoding="utf-8"?><D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>` +
    `<D:resourcetype><D:collection/><C:addressbook/></D:resourcetype><D:displayname>${name.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</D:displayname>` +
    `</D:prop></D:set></D:mkcol>`;
  await expectOk(
    await fetch(`${radicale.url}${user.user}/${slug}/`, {
      method: 'MKCOL',
      headers: { ...auth(user), 'content-type': 'application/xml' },
      body,
    }),
    `MKCOL ${slug}`,
  );
}

export async function seedBook(
  radicale: Radicale,
  user: RadicaleUser,
  slug: string,
  name: string,
  contacts: FixtureContact[],
): Promise<void> {
  await createBook(radicale, user, slug, name);
  for (const contact of contacts) {
    const file = `${createHash('sha1').update(contact.uid).digest('hex').slice(0, 16)}.vcf`;
    const response = await fetch(`${radicale.url}${user.user}/${slug}/${file}`, {
      method: 'PUT',
      headers: { ...auth(user), 'content-type': 'text/vcard; charset=utf-8' },
      body: contact.text,
    });
    await expectOk(response, `PUT ${contact.uid}`);
  }
}

/** The paths inside a collection (depth 1), sorted, the collection itself left out. */
async function members(radicale: Radicale, user: RadicaleUser, path: string): Promise<string[]> {
  const response = await fetch(`${radicale.url.replace(/\/$/, '')}${path}`, {
    method: 'PROPFIND',
    headers: { ...auth(user), depth: '1', 'content-type': 'application/xml' },
    body: '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><resourcetype/></prop></propfind>',
  });
  if (response.status === 404) return [];
  await expectOk(response, `PROPFIND ${path}`);
  const hrefs = [...(await response.text()).matchAll(/<(?:\w+:)?href>([^<]+)<\/(?:\w+:)?href>/g)].map((m) => m[1] as string);
  return hrefs.filter((href) => href !== path).sort();
}

export type ServedContact = { href: string; text: string };

/** Every contact of one address book as served (GET), sorted by path. */
export async function servedBook(radicale: Radicale, reader: RadicaleUser, owner: string, slug: string): Promise<ServedContact[]> {
  const out: ServedContact[] = [];
  for (const href of await members(radicale, reader, `/${owner}/${slug}/`)) {
    const response = await fetch(`${radicale.url.replace(/\/$/, '')}${href}`, { headers: auth(reader) });
    await expectOk(response, `GET ${href}`);
    out.push({ href, text: await response.text() });
  }
  return out;
}

/** Every address book of an account (path → its served contacts). */
export async function servedAccount(radicale: Radicale, user: RadicaleUser): Promise<Map<string, ServedContact[]>> {
  const out = new Map<string, ServedContact[]>();
  for (const href of await members(radicale, user, `/${user.user}/`)) {
    const slug = href.replace(/\/$/, '').split('/').pop() as string;
    out.set(slug, await servedBook(radicale, user, user.user, slug));
  }
  return out;
}
