/**
 * In development, an answer only for a Host that names this machine. A service on loopback is safe from
 * other machines, not from the developer's own browser: a page on attacker.example whose name is made to
 * resolve to 127.0.0.1 (DNS rebinding) is same-origin with itself, so its scripts can read every answer
 * of the service — the /dev pages, the sample mailboxes, the API — and its requests say
 * `Host: attacker.example`. A name the developer did not choose is therefore refused: allowed are IP
 * literals (no page can own one by rebinding), `localhost` and `*.localhost`, PUBLIC_URL's host, and
 * the names in DEV_ALLOWED_HOSTS.
 */
import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { apiError } from './errors.ts';

export function hostAllowList(names: readonly string[]): MiddlewareHandler {
  const allowed = new Set(names.map((name) => name.toLowerCase()));
  const allows = (authority: string) => {
    const host = new URL(`http://${authority}`).hostname;
    return allowed.has(host) || host === 'localhost' || host.endsWith('.localhost') || isIP(host.replace(/^\[|\]$/g, '')) !== 0;
  };
  // Every request asks, and nearly all ask with the same Host: the last verdict is kept, so a request
  // costs two string searches, not a URL parse (the bench's start runs with the stand-ins too).
  let last = { authority: '', allowed: false };
  return async (c, next) => {
    // The request's URL is built from its Host header (@hono/node-server): its authority is the name asked for.
    const url = c.req.url;
    const start = url.indexOf('//') + 2;
    const authority = url.slice(start, url.indexOf('/', start));
    if (authority !== last.authority) last = { authority, allowed: allows(authority) };
    if (last.allowed) return next();
    return apiError(
      c,
      403,
      'HOST_NOT_ALLOWED',
      'This host name is not served in development. Open the portal at localhost, or add the name to DEV_ALLOWED_HOSTS.',
    );
  };
}
