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

/**
 * Whether a Host (its authority, `name[:port]`) is served. Nearly every request asks with the same
 * Host: the last verdict is kept, so a request costs a string comparison, not a URL parse (the bench's
 * start runs with the stand-ins too). Something that is no authority at all is not served.
 */
export function hostAllows(names: readonly string[]): (authority: string) => boolean {
  const allowed = new Set(names.map((name) => name.toLowerCase()));
  const allows = (authority: string) => {
    let host: string;
    try {
      host = new URL(`http://${authority}`).hostname;
    } catch {
      return false;
    }
    return allowed.has(host) || host === 'localhost' || host.endsWith('.localhost') || isIP(host.replace(/^\[|\]$/g, '')) !== 0;
  };
  let last = { authority: '', allowed: false };
  return (authority) => {
    if (authority !== last.authority) last = { authority, allowed: allows(authority) };
    return last.allowed;
  };
}

export function hostAllowList(allows: (authority: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    // The request's URL is built from its Host header (@hono/node-server): its authority is the name asked for.
    const url = c.req.url;
    const start = url.indexOf('//') + 2;
    if (allows(url.slice(start, url.indexOf('/', start)))) return next();
    return apiError(
      c,
      403,
      'HOST_NOT_ALLOWED',
      'This host name is not served in development. Open the portal at localhost, or add the name to DEV_ALLOWED_HOSTS.',
    );
  };
}
