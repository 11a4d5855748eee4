/**
 * The two authorization servers the destinations consent on, and what each is asked for: Google for
 * Gmail, the Microsoft identity platform for Outlook.com. Scopes by use of the grant (mail over IMAP,
 * contacts), the parameters that get a refresh token, where the address is in the ID token, and
 * whether an access token covers one resource only (Microsoft) so each use has its own.
 */
import type { Operation } from '../../../contract/index.ts';
import type { GrantUse } from '../../ports.ts';

export type DestinationServerName = 'google' | 'microsoft';

export type DestinationServer = {
  name: DestinationServerName;
  /** The provider as a person knows it. */
  displayName: string;
  scopes: Readonly<Record<GrantUse, readonly string[]>>;
  /** Asked with every consent: the ID token with the address, and (where the server wants a scope for it) a refresh token. */
  baseScopes: readonly string[];
  params: Readonly<Record<string, string>>;
  /** ID token claims holding the account's address, in order of preference. */
  addressClaims: readonly string[];
  /** One resource per access token: another use's token is a refresh with that use's scopes. */
  tokenPerUse: boolean;
};

/** Which use of the grant an operation needs; forwarding has none until that feature exists (§9 flag off). */
export const USE_OF_OPERATION: Readonly<Record<Operation, GrantUse | null>> = {
  emailmigration: 'mail',
  contactsmigration: 'contacts',
  emailforwarding: null,
};

export const GOOGLE: DestinationServer = {
  name: 'google',
  displayName: 'Google',
  // https://mail.google.com/ is a restricted scope (docs/identity.md): IMAP needs it.
  scopes: { mail: ['https://mail.google.com/'], contacts: ['https://www.googleapis.com/auth/contacts'] },
  baseScopes: ['openid', 'email'],
  // Google returns a refresh token for access_type=offline, and again on a later consent only with prompt=consent.
  params: { access_type: 'offline', prompt: 'consent select_account' },
  addressClaims: ['email'],
  tokenPerUse: false,
};

export const MICROSOFT: DestinationServer = {
  name: 'microsoft',
  displayName: 'Microsoft Outlook.com',
  scopes: { mail: ['https://outlook.office.com/IMAP.AccessAsUser.All'], contacts: ['https://graph.microsoft.com/Contacts.ReadWrite'] },
  baseScopes: ['openid', 'email', 'offline_access'],
  params: { prompt: 'select_account' },
  // Personal accounts carry the address in `email` when the email scope is granted, else as the sign-in name.
  addressClaims: ['email', 'preferred_username'],
  tokenPerUse: true,
};

/**
 * The embedded development provider's "Google" and "Microsoft": the same scopes and checks, with a
 * login and consent page every time (so the address can be chosen and a scope unchecked), and the
 * standard offline_access scope for the refresh token.
 */
export function developmentVariant(server: DestinationServer): DestinationServer {
  return {
    ...server,
    baseScopes: [...new Set([...server.baseScopes, 'offline_access'])],
    params: { prompt: 'login consent' },
  };
}

/** Microsoft names Graph scopes without their resource in token responses; both spellings are one scope. */
const normalised = (scope: string) => scope.replace(/^https:\/\/graph\.microsoft\.com\//i, '');

/** True when the scopes of a token response include every scope the use needs. */
export function covers(granted: readonly string[], server: DestinationServer, use: GrantUse): boolean {
  const have = new Set(granted.map(normalised));
  return server.scopes[use].every((scope) => have.has(normalised(scope)));
}

/** The scope parameter of a consent for these uses. */
export function consentScope(server: DestinationServer, uses: readonly GrantUse[]): string {
  return [...new Set([...server.baseScopes, ...uses.flatMap((use) => server.scopes[use])])].join(' ');
}
