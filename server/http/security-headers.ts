/**
 * Headers on every answer. The CSP allows scripts from the portal's own origin only (Vite's build
 * has no inline script) and styles from its own origin only: a page of the portal widens style-src
 * with the nonce of that one answer for its own <style> elements (server/http/pages.ts), never with
 * 'unsafe-inline'. frame-ancestors 'none' forbids framing. When the portal's public address is
 * https, Strict-Transport-Security keeps browsers on https.
 *
 * On Node the headers go onto the socket's response before the route runs: Node merges them with the
 * route's own headers (which win, so a page carries its own CSP) when it writes the head. That costs
 * a few property writes, where Hono's c.header() builds a WHATWG Headers object per request and, set
 * on a finished Response, rebuilds the Response (see docs/performance.md).
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { nodeResponse } from './node-response.ts';

/** The policy; `styleNonce` lets in the <style> elements of the one page it is sent with. */
export function contentSecurityPolicy(options: { styleNonce?: string } = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    options.styleNonce === undefined ? "style-src 'self'" : `style-src 'self' 'nonce-${options.styleNonce}'`,
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

export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler {
  const headers: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy()],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  if (options.hsts) headers.push(['Strict-Transport-Security', HSTS]);
  const ontoAnswer = async (c: Context, next: Next) => {
    await next();
    for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };
  // Not an async function: on Node nothing waits for the route, so no promise of its own per request.
  return (c, next) => {
    const outgoing = nodeResponse(c);
    if (!outgoing) return ontoAnswer(c, next); // not on a Node socket (app.request): onto the answer itself, keeping any the route set
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return next();
  };
}
