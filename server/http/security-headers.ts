/**
 * Headers on every answer. The CSP allows scripts from the portal's own origin only (Vite's build
 * has no inline script; a page the prerender gave one names it by its hash, decision 0022) and
 * styles from its own origin only: a page of the portal widens style-src with the hashes of its own
 * <style> elements and of an empty one (server/http/pages.ts, decision 0030), never with 'unsafe-inline'.
 * frame-ancestors 'none' forbids framing. When the portal's public address is https,
 * Strict-Transport-Security keeps browsers on https.
 *
 * A route's own header of the same name wins (a page carries its own CSP). Where they are added
 * depends on how the app is served:
 * - on the service's sockets (`ServerResponse` below, given to the Node server): into the header
 *   object @hono/node-server hands to `writeHead`, so Node checks them once with the route's own
 *   (about 1.5 µs a request less than five `setHeader` calls, docs/performance.md);
 * - on any other Node response (a server started without that class): `setHeader` before the route;
 * - without a Node response (`app.request` in tests): onto the finished answer. Hono's c.header()
 *   would build a WHATWG Headers object per request and rebuild a finished Response;
 * - in a head made once for an answer that never changes (`securedHead`, the pages answered before
 *   the framework, server/http/page-listener.ts): written as it is, with no merge per answer.
 */
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { nodeResponse, type NodeResponse } from './node-response.ts';

/**
 * The empty text's hash. The portal adds its styles as rules inserted through the CSSOM into empty
 * <style> elements (Emotion's speedy sheets, src/app/style-cache.ts): the CSP checks an inline
 * style's text when the element joins the page, and the CSSOM after that is not its to govern. Letting
 * in an empty element lets in nothing an injected one could carry: styling it takes a script, which
 * script-src already refuses.
 */
export const EMPTY_STYLE_HASH = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';

/**
 * The policy; for a page of the portal, `scriptHashes` and `styleHashes` (`sha256-…`) let in the
 * inline scripts and <style> elements the build wrote into that page (decisions 0022 and 0030) and,
 * with its styles, the empty <style> the portal's own styles go into.
 */
export function contentSecurityPolicy(options: { scriptHashes?: readonly string[]; styleHashes?: readonly string[] } = {}): string {
  const sources = (hashes: readonly string[]) => hashes.map((hash) => ` '${hash}'`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${sources(options.scriptHashes ?? [])}`,
    `style-src 'self'${options.styleHashes ? sources([...new Set([...options.styleHashes, EMPTY_STYLE_HASH])]) : ''}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** One year; no includeSubDomains, since the portal does not own its parent domain's other hosts. */
export const HSTS = 'max-age=31536000';

export type SecurityHeaders = {
  /** Adds the headers wherever the response class below did not. */
  middleware: MiddlewareHandler;
  /** The Node response class of a server that serves the app (`serverOptions.ServerResponse`). */
  ServerResponse: typeof ServerResponse;
  /**
   * A head made once for answers that are always the same (the pages, server/http/pages.ts): the
   * route's headers and the security headers it does not name itself, as Node's flat list of names
   * and values. Written with `writeSecuredHead`, it costs an answer no merge.
   */
  securedHead(routeHeaders: Readonly<Record<string, string>>): string[];
  /** Writes a head made by `securedHead` (plus any per-answer header after it) as it is, whatever the response's class. */
  writeSecuredHead(response: ServerResponse, status: number, head: readonly string[]): void;
};

export function securityHeaders(options: { hsts: boolean }): SecurityHeaders {
  const headers: [name: string, value: string][] = [
    ['Content-Security-Policy', contentSecurityPolicy()],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  if (options.hsts) headers.push(['Strict-Transport-Security', HSTS]);
  const lowerCase = headers.map(([name]) => name.toLowerCase());
  const lengths = new Set(headers.map(([name]) => name.length));

  /** Onto a Node response, keeping any header of the same name already on it. */
  function ontoNodeResponse(response: NodeResponse) {
    for (const [name, value] of headers) if (!response.hasHeader(name)) response.setHeader(name, value);
  }

  class SecureResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
    // Node's own signature: (status, headers) or (status, statusMessage, headers).
    override writeHead(status: number, ...rest: unknown[]): this {
      const given = rest[rest.length - 1];
      if (given && typeof given === 'object' && !Array.isArray(given)) addMissing(given as OutgoingHttpHeaders);
      else ontoNodeResponse(this);
      return super.writeHead(status, ...(rest as [OutgoingHttpHeaders]));
    }
  }

  /**
   * Into the route's header object, unless it names one of them in any letter case. Runs for every
   * answer, so it allocates nothing for a name that cannot be one of them (most are not their length).
   */
  function addMissing(given: OutgoingHttpHeaders) {
    let present = 0; // bit i: the route set headers[i]
    for (const key in given) {
      if (!lengths.has(key.length)) continue;
      const index = lowerCase.indexOf(key.toLowerCase());
      if (index >= 0) present |= 1 << index;
    }
    for (let i = 0; i < headers.length; i++) {
      const header = headers[i]!;
      if (!(present & (1 << i))) given[header[0]] = header[1];
    }
  }

  const ontoAnswer = async (c: Context, next: Next) => {
    await next();
    for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };
  // Not an async function: on Node nothing waits for the route, so no promise of its own per request.
  const middleware: MiddlewareHandler = (c, next) => {
    const outgoing = nodeResponse(c);
    if (outgoing instanceof SecureResponse) return next();
    if (!outgoing) return ontoAnswer(c, next); // not on a Node socket (app.request): onto the answer itself, keeping any the route set
    ontoNodeResponse(outgoing);
    return next();
  };
  function securedHead(routeHeaders: Readonly<Record<string, string>>): string[] {
    const merged: OutgoingHttpHeaders = { ...routeHeaders };
    addMissing(merged);
    return Object.entries(merged).flatMap(([name, value]) => [name, String(value)]);
  }
  // The base class's own writeHead: the head already holds the headers, so SecureResponse's merge is skipped.
  const writeSecuredHead = (response: ServerResponse, status: number, head: readonly string[]) =>
    void ServerResponse.prototype.writeHead.call(response, status, head as string[]);
  return { middleware, ServerResponse: SecureResponse, securedHead, writeSecuredHead };
}
