/**
 * The sign-in a download is made with (docs/decisions/0021-owner-bound-downloads.md). A download is a
 * navigation, which carries no `Authorization` header, so the signed-in status answer that hands the
 * owner a grant also sets the owner's sign-in token as a cookie that only the download paths ever
 * receive: HttpOnly (no script reads it), SameSite=Strict (no other site's link or page sends it),
 * Secure over HTTPS, and gone when the grants it goes with are. A client that is not a browser sends
 * the same token as its bearer instead.
 */
import type { Context } from 'hono';
import { getCookie, generateCookie } from 'hono/cookie';
import { DOWNLOAD_GRANT_TTL_MS } from '../jobs/download-grant.ts';
import { bearerToken, verifyToken, type TokenVerifier } from './auth.ts';

export const DOWNLOAD_SESSION_COOKIE = 'download-session';

/** The two paths a grant opens something under; the cookie is scoped to each it is needed for. */
export const GRANT_PATHS = { archive: '/api/downloads/', report: '/api/reports/' } as const;

/** The Set-Cookie header that lets the downloads under `path` see the sign-in `token`. */
export const downloadSessionCookie = (token: string, path: string, options: { secure: boolean }): string =>
  generateCookie(DOWNLOAD_SESSION_COOKIE, token, {
    path,
    httpOnly: true,
    sameSite: 'Strict',
    secure: options.secure,
    maxAge: DOWNLOAD_GRANT_TTL_MS / 1000,
  });

/** The token of the live sign-in a download request carries (bearer first, then the cookie), or null. */
export async function downloadSession(c: Context, tokens: TokenVerifier): Promise<string | null> {
  const token = bearerToken(c) ?? getCookie(c, DOWNLOAD_SESSION_COOKIE);
  return token && (await verifyToken(tokens, token, ['source', 'status'])) ? token : null;
}
