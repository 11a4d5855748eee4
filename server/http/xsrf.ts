/**
 * Cross-site request forgery (§7: cookie XSRF-TOKEN, header X-XSRF-TOKEN). Every GET issues the
 * cookie when the browser has none (readable by the page's script, SameSite=Strict); the session
 * client's state-changing calls must echo it in the header. A cross-site page can neither read the
 * cookie nor set the header, so it cannot forge those calls.
 */
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { apiError } from './errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

export function issueXsrfCookie(options: { secure: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return;
    if (TOKEN_PATTERN.test(getCookie(c, XSRF_COOKIE) ?? '')) return;
    setCookie(c, XSRF_COOKIE, randomBytes(32).toString('base64url'), {
      path: '/',
      sameSite: 'Strict',
      secure: options.secure,
      httpOnly: false,
    });
  };
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const requireXsrf: MiddlewareHandler = async (c, next) => {
  const cookie = getCookie(c, XSRF_COOKIE) ?? '';
  const header = c.req.header(XSRF_HEADER) ?? '';
  if (!TOKEN_PATTERN.test(cookie) || !sameToken(cookie, header)) {
    return apiError(c, 403, 'XSRF_TOKEN_INVALID', 'The request is missing its cross-site request forgery token.');
  }
  await next();
};
