/**
 * The browser redirects of §7. They are full page navigations (the provider's sign-in and consent
 * pages), so they are URLs, not calls; the machine's leave-page actions assign them to `location`.
 */
import { REDIRECT_PATHS, SOURCE_PROVIDER, type Operation, type Provider } from '../../contract/index.ts';
import { joinUrl } from './url';

export type OAuthUrlInput = {
  provider: Provider;
  /** For destinations: the chosen operations, asked for as scopes (comma list, as §3 stores them). */
  scopes?: readonly Operation[];
};

/** `/api/oauth/?provider=…[&scopes=…]&logout=true`: sign-in at the source or consent at a destination. */
export function oauthUrl({ provider, scopes }: OAuthUrlInput, baseUrl = ''): string {
  const query = new URLSearchParams({ provider });
  if (scopes && scopes.length > 0) query.set('scopes', scopes.join(','));
  query.set('logout', 'true');
  return `${joinUrl(baseUrl, REDIRECT_PATHS.oauth)}?${query.toString()}`;
}

/** `/api/oauth-for-status/?provider=…&logout=true`: sign-in to list one's exports. */
export function oauthForStatusUrl(provider: Provider = SOURCE_PROVIDER, baseUrl = ''): string {
  const query = new URLSearchParams({ provider, logout: 'true' });
  return `${joinUrl(baseUrl, REDIRECT_PATHS.oauthForStatus)}?${query.toString()}`;
}
