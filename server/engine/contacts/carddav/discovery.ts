/**
 * Finding an account's address books (RFC 6352 §7): its principal's `addressbook-home-set`, then the
 * collections in that home whose resource type is `addressbook`. The source names the customer's
 * principal from configuration (the service account is not the customer, so "current user" would be
 * the wrong principal); the destination asks the server whose principal it is logged in as (RFC 5397).
 */
import type { AddressBook } from '../ports.ts';
import type { DavSession } from './http.ts';
import { davPropfind, decodedPath, innerHref, pathOf, samePath, textOf } from './multistatus.ts';

export type FoundBook = AddressBook & { url: URL };

/** The principal the session is logged in as; the base URL itself when the server does not say. */
export async function currentUserPrincipal(session: DavSession): Promise<URL> {
  const responses = await davPropfind(session, session.base, { 'd:current-user-principal': {} }, '0');
  const href = innerHref(responses?.find((r) => r.ok)?.props?.currentUserPrincipal);
  return href ? new URL(href, session.base) : session.base;
}

/**
 * The principal's address-book home; null when the principal does not exist (an account that never
 * kept contacts). A principal that names no home is taken as its own home (some servers keep the
 * address books right under it).
 */
export async function homeSetOf(session: DavSession, principal: URL): Promise<URL | null> {
  const responses = await davPropfind(session, principal, { 'card:addressbook-home-set': {} }, '0');
  if (responses === null || responses.every((r) => r.status === 404)) return null;
  const href = innerHref(responses.find((r) => r.ok)?.props?.addressbookHomeSet);
  return href ? new URL(href, session.base) : principal;
}

/** The address books directly inside a home, sorted by path. */
export async function addressBooksIn(session: DavSession, home: URL): Promise<FoundBook[]> {
  const responses = await davPropfind(
    session,
    home,
    { 'd:displayname': {}, 'd:resourcetype': {}, 'cs:getctag': {}, 'd:sync-token': {} },
    '1',
  );
  const books: FoundBook[] = [];
  for (const response of responses ?? []) {
    const path = pathOf(session, response.href);
    const types = response.props?.resourcetype;
    if (!response.ok || !path || samePath(path, home.pathname) || !types || typeof types !== 'object' || !('addressbook' in types))
      continue;
    const segment = decodedPath(path.replace(/\/+$/, '').split('/').pop() ?? path);
    books.push({
      href: path,
      url: new URL(path, session.base),
      name: textOf(response.props?.displayname)?.trim() || segment,
      token: textOf(response.props?.syncToken) ?? textOf(response.props?.getctag),
    });
  }
  return books.sort((a, b) => (a.href < b.href ? -1 : a.href > b.href ? 1 : 0));
}
