/**
 * Creating an address book in an account that has none (RFC 6352 §6.3.1: an extended MKCOL, RFC 5689,
 * with the `addressbook` resource type), so a fresh destination account can still receive contacts.
 */
import { davRequest } from 'tsdav';
import type { FoundBook } from './discovery.ts';
import { faultOf, type DavSession } from './http.ts';

export async function createAddressBook(session: DavSession, home: URL, segment: string, name: string): Promise<FoundBook> {
  const url = new URL(`${encodeURIComponent(segment)}/`, home);
  const [answer] = await davRequest({
    url: url.href,
    init: {
      method: 'MKCOL',
      namespace: 'd',
      headers: session.headers,
      body: {
        mkcol: {
          _attributes: { 'xmlns:d': 'DAV:', 'xmlns:card': 'urn:ietf:params:xml:ns:carddav' },
          set: { prop: { resourcetype: { collection: {}, 'card:addressbook': {} }, displayname: name } },
        },
      },
    },
    fetch: session.fetch,
  });
  if (!answer || !(answer.ok || answer.status === 201))
    throw faultOf(session, `MKCOL ${url.pathname}`, answer?.status ?? 0, answer?.statusText ?? 'no answer');
  return { href: url.pathname, url, name, token: null };
}
