/**
 * The contacts of one address book: their paths (a PROPFIND of depth 1, collections left out), and
 * their vCards in batches (an `addressbook-multiget` REPORT, RFC 6352 §8.7). Both source and
 * destination read address books this way.
 */
import { DAVNamespace, getDAVAttribute } from 'tsdav';
import { TransferFault } from '../../ports.ts';
import type { DavSession } from './http.ts';
import { davPropfind, davReport, pathOf, samePath, textOf } from './multistatus.ts';

/** Every contact's path (as the server writes it), sorted; null when the address book is gone. */
export async function listMembers(session: DavSession, book: URL): Promise<string[] | null> {
  const responses = await davPropfind(session, book, { 'd:getetag': {}, 'd:resourcetype': {} }, '1');
  if (responses === null) return null;
  const paths: string[] = [];
  for (const response of responses) {
    const path = pathOf(session, response.href);
    const types = response.props?.resourcetype;
    const collection = types && typeof types === 'object' && 'collection' in types;
    if (response.ok && path && !samePath(path, book.pathname) && !collection) paths.push(path);
  }
  return paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The vCard text as the server sent it. tsdav trims an element's text, which takes the final CRLF every
 * vCard ends with (RFC 6350 §3.2); an XML parser may also have turned CRLF into LF (XML 1.0 §2.11).
 * vCard lines always end with CRLF and a value never holds a raw line break, so restoring both gives
 * back the served bytes.
 */
export function servedText(data: string): string {
  const lines = data.includes('\r\n') ? data : data.replace(/\n/g, '\r\n');
  return lines.endsWith('\r\n') ? lines : `${lines}\r\n`;
}

/** The vCards of these paths; a path the server no longer has is absent from the answer. */
export async function readVcards(session: DavSession, book: URL, paths: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (paths.length === 0) return out;
  const responses = await davReport(session, book, {
    'addressbook-multiget': {
      _attributes: getDAVAttribute([DAVNamespace.DAV, DAVNamespace.CARDDAV]),
      'd:prop': { 'd:getetag': {}, 'card:address-data': {} },
      'd:href': paths,
    },
  });
  if (responses === null) throw new TransferFault('folder-missing', session.side, `address book ${book.pathname} no longer exists`);
  for (const response of responses) {
    const path = pathOf(session, response.href);
    const data = textOf(response.props?.addressData);
    const wanted = path === null ? undefined : paths.find((p) => samePath(p, path));
    if (response.ok && wanted !== undefined && data !== null) out.set(wanted, servedText(data));
  }
  return out;
}
