/** Small URL facts the route sync needs; pure apart from stripSecretsFromAddressBar. */

const CALLBACK_PATHS = new Set(['/oauth-callback', '/oauth-callback-for-status']);
/** Pages that only pass the user on: leaving them must not leave a history entry behind. */
const PASS_THROUGH_PATHS = new Set([...CALLBACK_PATHS, '/loading', '/privacy-policy', '/terms-of-service']);
/**
 * Query keys that carry secrets back from the single sign-on (§2, architecture: security baseline):
 * the token, the address, and the status sign-in's `hash`, which lists the account's exports for its hour.
 */
export const SECRET_QUERY_KEYS = ['token_id', 'email', 'hash'] as const;

const normalize = (path: string): string => path.replace(/\/+$/, '').toLowerCase() || '/';

export const isCallbackPath = (path: string): boolean => CALLBACK_PATHS.has(normalize(path));

/**
 * Replace rather than push when leaving a pass-through page, or when only the query or hash of the
 * same page changes (e.g. the error modal closing), so Back goes where the user expects.
 */
export const shouldReplace = (fromPath: string, toPath: string): boolean =>
  PASS_THROUGH_PATHS.has(normalize(fromPath)) || normalize(fromPath) === normalize(toPath);

export const locationKey = (location: { pathname: string; search: string; hash: string }): string =>
  `${location.pathname}${location.search}${location.hash}`;

/** `search` without the secret keys (leading '?' kept when anything is left). */
export function withoutSecrets(search: string): string {
  const params = new URLSearchParams(search);
  SECRET_QUERY_KEYS.forEach((key) => params.delete(key));
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Rewrites the current history entry without `token_id` and `email`, at once. */
export function stripSecretsFromAddressBar(): void {
  const { pathname, search, hash } = window.location;
  const clean = withoutSecrets(search);
  if (clean !== search) window.history.replaceState(window.history.state, '', `${pathname}${clean}${hash}`);
}
