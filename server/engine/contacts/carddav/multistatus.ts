/**
 * WebDAV requests through tsdav and careful reading of what comes back. tsdav builds the XML and parses
 * the 207 Multi-Status answer into loosely typed objects (camel-cased element names; a text that looks
 * like a number becomes one); the readers here accept only what they expect and report anything else
 * as an unusable answer instead of guessing.
 */
import { davRequest, propfind, type DAVResponse } from 'tsdav';
import { TransferFault } from '../../ports.ts';
import { faultOf, type DavSession } from './http.ts';

type XmlBody = Parameters<typeof propfind>[0]['props'];

/** An element's text: a string, a number or boolean tsdav converted, or `{ _cdata }` / `{ _text }`. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object') {
    const inner = (value as Record<string, unknown>)._cdata ?? (value as Record<string, unknown>)._text;
    if (typeof inner === 'string') return inner;
  }
  return null;
}

/** The first `<href>` inside an element (current-user-principal, addressbook-home-set). */
export function innerHref(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const href = (value as Record<string, unknown>).href;
  return textOf(Array.isArray(href) ? href[0] : href);
}

/** A response's href as a path (absolute URLs reduced to their path), for comparing and requesting. */
export function pathOf(session: DavSession, href: string | undefined): string | null {
  if (!href) return null;
  try {
    return new URL(href, session.base).pathname;
  } catch {
    return null;
  }
}

/** A path with its percent-encoding undone (as it was, when it is not valid encoding). */
export function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Two paths naming the same resource, whatever each server percent-encodes. */
export function samePath(a: string, b: string): boolean {
  return decodedPath(a).replace(/\/+$/, '') === decodedPath(b).replace(/\/+$/, '');
}

/**
 * The responses of a multi-status answer; null when the resource does not exist (404). Any other
 * failure, or a success that is not a multi-status, throws the session's fault.
 */
async function multistatus(session: DavSession, what: string, request: () => Promise<DAVResponse[]>): Promise<DAVResponse[] | null> {
  const responses = await request();
  const only = responses[0];
  // tsdav answers a failed request, or one whose body is no multi-status, as one response without props.
  if (responses.length === 1 && only && only.props === undefined) {
    if (only.status === 404) return null;
    if (!only.ok) throw faultOf(session, what, only.status, only.statusText);
    throw new TransferFault(
      'unreachable',
      session.side,
      `${session.base.origin}: ${what} answered ${only.status} without a WebDAV multi-status`,
    );
  }
  return responses;
}

export function davPropfind(session: DavSession, url: URL, props: XmlBody, depth: '0' | '1'): Promise<DAVResponse[] | null> {
  return multistatus(session, `PROPFIND ${url.pathname}`, () =>
    propfind({ url: url.href, props, depth, headers: session.headers, fetch: session.fetch }),
  );
}

export function davReport(session: DavSession, url: URL, body: XmlBody): Promise<DAVResponse[] | null> {
  return multistatus(session, `REPORT ${url.pathname}`, () =>
    davRequest({
      url: url.href,
      init: { method: 'REPORT', namespace: 'card', headers: { depth: '1', ...session.headers }, body },
      fetch: session.fetch,
    }),
  );
}
