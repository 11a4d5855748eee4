/**
 * The authorization servers the destinations consent on, and what each is asked for: Google for
 * Gmail, the Microsoft identity platform for Outlook.com, Yahoo's and AOL's (one identity platform,
 * a client per brand) for Yahoo Mail and AOL Mail. Scopes by use of the grant (mail over IMAP,
 * contacts), the parameters that get a refresh token, where the address is in the ID token, and
 * whether an access token covers one resource only (Microsoft) so each use has its own.
 */
import type { DestinationProvider, Operation } from '../../../contract/index.ts';
import type { GrantUse } from '../../ports.ts';

export const DESTINATION_SERVER_NAMES = ['google', 'microsoft', 'yahoo', 'aol'] as const;
export type DestinationServerName = (typeof DESTINATION_SERVER_NAMES)[number];

/** The destination each authorization server grants access to. */
export const PROVIDER_OF_SERVER: Readonly<Record<DestinationServerName, DestinationProvider>> = {
  google: 'gmail',
  microsoft: 'outlook',
  yahoo: 'yahoo',
  aol: 'aol',
};

export type DestinationServer = {
  name: DestinationServerName;
  /** The provider as a person knows it. */
  displayName: string;
  /** The scopes of each use the server grants; a use it has no scope for (Yahoo's and AOL's contacts) cannot be asked for. */
  scopes: Readonly<Partial<Record<GrantUse, readonly string[]>>>;
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

export const GOOGLE = {
  name: 'google',
  displayName: 'Google',
  // https://mail.google.com/ is a restricted scope (docs/identity.md): IMAP needs it.
  scopes: { mail: ['https://mail.google.com/'], contacts: ['https://www.googleapis.com/auth/contacts'] },
  baseScopes: ['openid', 'email'],
  // Google returns a refresh token for access_type=offline, and again on a later consent only with prompt=consent.
  params: { access_type: 'offline', prompt: 'consent select_account' },
  addressClaims: ['email'],
  tokenPerUse: false,
} satisfies DestinationServer;

export const MICROSOFT = {
  name: 'microsoft',
  displayName: 'Microsoft Outlook.com',
  scopes: { mail: ['https://outlook.office.com/IMAP.AccessAsUser.All'], contacts: ['https://graph.microsoft.com/Contacts.ReadWrite'] },
  baseScopes: ['openid', 'email', 'offline_access'],
  params: { prompt: 'select_account' },
  // Personal accounts carry the address in `email` when the email scope is granted, else as the sign-in name.
  addressClaims: ['email', 'preferred_username'],
  tokenPerUse: true,
} satisfies DestinationServer;

/**
 * Yahoo's OpenID Connect provider (developer.yahoo.com/oauth2/guide/openid_connect). `mail-w` is
 * Yahoo's read/write mail scope, the one its IMAP server takes over XOAUTH2 (senders.yahooinc.com/
 * developer/documentation); Yahoo grants it only to applications it has approved (docs/identity.md).
 * Yahoo always issues a refresh token; it has no address-book API for other applications, so no contacts use.
 */
export const YAHOO = {
  name: 'yahoo',
  displayName: 'Yahoo',
  scopes: { mail: ['mail-w'] },
  baseScopes: ['openid', 'email'],
  params: {},
  addressClaims: ['email'],
  tokenPerUse: false,
} satisfies DestinationServer;

/** AOL's: the same identity platform as Yahoo's, with its own login host and clients. */
export const AOL = { ...YAHOO, name: 'aol', displayName: 'AOL' } satisfies DestinationServer;

export const DESTINATION_SERVERS: Readonly<Record<DestinationServerName, DestinationServer>> = {
  google: GOOGLE,
  microsoft: MICROSOFT,
  yahoo: YAHOO,
  aol: AOL,
};

/** The scopes of a use at a server, or null when the server grants nothing for it. */
export const scopesOf = (server: DestinationServer, use: GrantUse): readonly string[] | null => server.scopes[use] ?? null;

/** Every scope a server grants the destinations, of all uses. */
export const allScopes = (server: DestinationServer): string[] => Object.values(server.scopes).flat();

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

/** True when the scopes of a token response include every scope the use needs (never for a use the server has no scope for). */
export function covers(granted: readonly string[], server: DestinationServer, use: GrantUse): boolean {
  const needed = scopesOf(server, use);
  const have = new Set(granted.map(normalised));
  return needed !== null && needed.every((scope) => have.has(normalised(scope)));
}

/** The scope parameter of a consent for these uses. */
export function consentScope(server: DestinationServer, uses: readonly GrantUse[]): string {
  return [...new Set([...server.baseScopes, ...uses.flatMap((use) => scopesOf(server, use) ?? [])])].join(' ');
}
