/**
 * Cross-site request forgery (§7: cookie XSRF-TOKEN, header X-XSRF-TOKEN). The portal's page issues
 * the cookie when the browser has none (readable by the page's script, SameSite=Strict); the session
 * client's state-changing calls must echo it in the header. A cross-site page can neither read the
 * cookie nor set the header, so it cannot forge those calls. Where the browser says where a call
 * comes from (Sec-Fetch-Site, Origin), that must be the portal itself too: a second, independent
 * line that holds even if the token leaked (a sibling subdomain can plant cookies, say).
 * Only a page answer carries the cookie: every call that needs it is made by a loaded page, and an
 * API answer then costs no random token and no Set-Cookie.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { parse, serialize } from 'hono/utils/cookie';
import { apiError } from './errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

const TOKEN_BYTES = 32;
/** Random bytes drawn 4 kB at a time, each byte used once: one call to the generator per 128 tokens instead of one per token (about 20 µs of every first page view, docs/performance.md). */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let drawn = 0;

/** A fresh token: 32 random bytes, base64url. */
export function newXsrfToken(): string {
  if (drawn + TOKEN_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    drawn = 0;
  }
  drawn += TOKEN_BYTES;
  return pool.toString('base64url', drawn - TOKEN_BYTES, drawn);
}

/**
 * What gives a page answer its XSRF cookie: for the request's Cookie header, the Set-Cookie value,
 * or null when the browser sent a well-formed one. A value for the answer's own head, not
 * `setCookie()`: the page answer is built without Hono's Headers object (server/http/pages.ts). The
 * attributes are written once; only the token is new per answer.
 */
export function xsrfCookies(options: { secure: boolean }): (cookieHeader: string | undefined) => string | null {
  const attributes = serialize(XSRF_COOKIE, '', { path: '/', sameSite: 'Strict', secure: options.secure, httpOnly: false }).slice(
    XSRF_COOKIE.length + 1,
  );
  return (cookies) =>
    cookies && TOKEN_PATTERN.test(parse(cookies, XSRF_COOKIE)[XSRF_COOKIE] ?? '') ? null : `${XSRF_COOKIE}=${newXsrfToken()}${attributes}`;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The Origin a browser on the portal sends: the public address's, or the one the request was sent to. */
function sameOrigin(origin: string, publicOrigin: string | null, host: string | undefined): boolean {
  if (publicOrigin !== null && origin === publicOrigin) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    // "null" (sandboxed frames, privacy redirects) or garbage: not the portal.
    return false;
  }
}

export function requireXsrf(options: { publicUrl: string }): MiddlewareHandler {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  return async (c, next) => {
    const site = c.req.header('Sec-Fetch-Site');
    const origin = c.req.header('Origin');
    // Absent headers: not a browser (or a very old one), which no forged cross-site call comes from.
    if (
      (site !== undefined && site !== 'same-origin') ||
      (origin !== undefined && !sameOrigin(origin, publicOrigin, c.req.header('Host')))
    ) {
      return apiError(c, 403, 'CROSS_SITE_REQUEST', 'This call is accepted only from the portal itself.');
    }
    return checkToken(c, next);
  };
}

const checkToken: MiddlewareHandler = async (c, next) => {
  const cookie = getCookie(c, XSRF_COOKIE) ?? '';
  const header = c.req.header(XSRF_HEADER) ?? '';
  if (!TOKEN_PATTERN.test(cookie) || !sameToken(cookie, header)) {
    return apiError(c, 403, 'XSRF_TOKEN_INVALID', 'The request is missing its cross-site request forgery token.');
  }
  await next();
};
