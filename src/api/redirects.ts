/**
 * The browser redirects of §7. They are full page navigations (the provider's sign-in and consent
 * pages), so they are URLs, not calls; the machine's leave-page actions assign them to `location`.
 * Each carries the visit's language as `ui_locales` (OpenID Connect's name; additive to §7), which the
 * service passes on to the authorization server, so its pages can speak it (decision 0033).
 */
import { DEFAULT_LANGUAGE, REDIRECT_PATHS, SOURCE_PROVIDER, type Language, type Operation, type Provider } from '../../contract/index.ts';
import { joinUrl } from './url';

export type OAuthUrlInput = {
  provider: Provider;
  /** For destinations: the chosen operations, asked for as scopes (comma list, as §3 stores them). */
  scopes?: readonly Operation[];
  /** The visit's language; English when not given. */
  language?: Language;
};

/** `/api/oauth/?provider=…[&scopes=…]&logout=true&ui_locales=…`: sign-in at the source or consent at a destination. */
export function oauthUrl({ provider, scopes, language = DEFAULT_LANGUAGE }: OAuthUrlInput, baseUrl = ''): string {
  const query = new URLSearchParams({ provider });
  if (scopes && scopes.length > 0) query.set('scopes', scopes.join(','));
  query.set('logout', 'true');
  query.set('ui_locales', language);
  return `${joinUrl(baseUrl, REDIRECT_PATHS.oauth)}?${query.toString()}`;
}

/** `/api/oauth-for-status/?provider=…&logout=true&ui_locales=…`: sign-in to list one's exports. */
export function oauthForStatusUrl(provider: Provider = SOURCE_PROVIDER, baseUrl = '', language: Language = DEFAULT_LANGUAGE): string {
  const query = new URLSearchParams({ provider, logout: 'true', ui_locales: language });
  return `${joinUrl(baseUrl, REDIRECT_PATHS.oauthForStatus)}?${query.toString()}`;
}
