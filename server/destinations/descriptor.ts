/**
 * What only the service knows of a destination, beside its contract half (contract/destinations/):
 * the authorization server it consents on and the client variables, its IMAP server with the limits
 * and quirks the engine must respect, the paths its mail and contacts take, and how the development
 * stand-ins imitate it. docs/architecture.md, "Adding a destination", walks through both halves.
 */
import type { DestinationProvider } from '../../contract/index.ts';
import type { GrantUse } from '../ports.ts';

/** An OAuth authorization server and what the destinations ask it for. */
export type DestinationServer<Name extends string = string> = {
  /** Its short name: the callback path's and the pending flow's. */
  name: Name;
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

/** A destination's consent: the server, where it is found unless configured, and its client's variables. */
export type ConsentSettings = {
  server: DestinationServer;
  /** The issuer discovered when `<PREFIX>_ISSUER` is not set. */
  issuer: string;
  /** `<PREFIX>_CLIENT_ID`, `<PREFIX>_CLIENT_SECRET`, `<PREFIX>_ISSUER`. */
  prefix: string;
  /** How the portal authenticates at the token endpoint: as the provider documents it. */
  tokenAuth: 'client_secret_basic' | 'client_secret_post';
};

/**
 * Where a destination takes mail over IMAP, and what its server tolerates: with a consent's token
 * (XOAUTH2), or, for a password destination (contract authorization `password`), the account's password.
 */
export type ImapSettings = {
  /** `<PREFIX>_IMAP`, `<PREFIX>_IMAP_MAX_MESSAGE_BYTES`, `<PREFIX>_IMAP_MAX_CONNECTIONS`, `<PREFIX>_IMAP_DAILY_BYTES`. */
  prefix: string;
  /** host:port, implicit TLS. */
  address: string;
  /** The published limits (docs/transfer.md, "Provider settings", names the sources); four connections where none is published. */
  maxMessageBytes: number;
  maxConnections: number;
  /** Bytes a day it takes from other apps, where it publishes a cap: the estimate counts whole days beyond it. */
  dailyBytes?: number;
  /** Wants a final CRLF on every message. */
  finalCrlf?: true;
  /** Older names of the same server that customers may still type. */
  otherHosts?: readonly string[];
};

/**
 * The closing provider's own IMAP server for its successor product, reached through a master login at
 * the account it keeps for the customer: `<PREFIX>_IMAP`, `<PREFIX>_IMAP_MASTER_USER`,
 * `<PREFIX>_IMAP_MASTER_PASSWORD`, `<PREFIX>_IMAP_MASTER_LOGIN`, `<PREFIX>_ADDRESS_DOMAIN`.
 */
export type ProviderImapSettings = {
  prefix: string;
  maxMessageBytes: number;
  maxConnections: number;
};

export type DevelopmentFolders = {
  delimiter: '.' | '/';
  /** Special use → the folder's segments, as the provider lists them over IMAP. */
  folders: Readonly<Record<string, readonly string[]>>;
};

export type ServiceDestination = {
  id: DestinationProvider;
  consent?: ConsentSettings;
  imap?: ImapSettings;
  providerImap?: ProviderImapSettings;
  /** Mail by the provider's own import API instead of IMAP (when the configuration chooses it). */
  mailApi?: 'gmail-api';
  /** The address-book API contacts go to with the consent's token. */
  contacts?: 'people' | 'graph';
  development: {
    /** The address the development consent page suggests. */
    address?: string;
    /** A successor product's domain in development, where the account the provider keeps for a customer is. */
    addressDomain?: string;
    /** The folders a new mailbox there already has, so a development export lands as a real one would. */
    folders: DevelopmentFolders;
  };
};

/** How most IMAP servers (Dovecot's defaults) name their special folders. */
export const DOVECOT_LIKE: DevelopmentFolders = {
  delimiter: '.',
  folders: { '\\Sent': ['Sent'], '\\Drafts': ['Drafts'], '\\Trash': ['Trash'], '\\Junk': ['Junk'], '\\Archive': ['Archive'] },
};
