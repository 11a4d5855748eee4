/**
 * The session client's two browser inputs, read at request time: the bearer token kept in
 * sessionStorage and the XSRF cookie. Both return `undefined` where the browser API is absent
 * (Node tests, the inspector) or refuses access (storage disabled), so no call ever throws here.
 */

/** sessionStorage key holding the source account's tokenId after sign-in (sent as the bearer token). */
export const AUTH_TOKEN_STORAGE_KEY = 'authToken';

/** The cross-site request forgery convention of §7. */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

export type ValueSource = () => string | undefined;

export const readStoredAuthToken: ValueSource = () => {
  try {
    if (typeof sessionStorage === 'undefined') return undefined;
    return sessionStorage.getItem(AUTH_TOKEN_STORAGE_KEY) || undefined;
  } catch {
    // Storage disabled by the browser's privacy settings: behave as "no token".
    return undefined;
  }
};

/**
 * Keeps the bearer token in step with the signed-in source account: call it with the source's
 * tokenId after sign-in and with `undefined` on start over. Returns false where storage is refused.
 */
export function storeAuthToken(token: string | undefined): boolean {
  try {
    if (typeof sessionStorage === 'undefined') return false;
    if (token) sessionStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
    else sessionStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
    return true;
  } catch {
    return false;
  }
}

/** Finds one cookie in a `document.cookie` string; the value is URL-decoded as servers encode it. */
export function findCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw) || undefined;
    } catch {
      return raw || undefined; // a malformed escape: send the cookie as the server set it
    }
  }
  return undefined;
}

export const readXsrfCookie: ValueSource = () =>
  typeof document === 'undefined' ? undefined : findCookie(document.cookie, XSRF_COOKIE_NAME);
