import type { ServiceDestination } from './descriptor.ts';

const MB = 1024 * 1024;

/**
 * Yahoo's OpenID Connect provider (developer.yahoo.com/oauth2/guide/openid_connect). `mail-w` is
 * Yahoo's read/write mail scope, the one its IMAP server takes over XOAUTH2 (senders.yahooinc.com/
 * developer/documentation); Yahoo grants it only to applications it has approved (docs/identity.md).
 * Yahoo always issues a refresh token; it has no address-book API for other applications, so no contacts use.
 */
export const YAHOO_SERVER = {
  name: 'yahoo',
  displayName: 'Yahoo',
  scopes: { mail: ['mail-w'] },
  baseScopes: ['openid', 'email'],
  params: {},
  addressClaims: ['email'],
  tokenPerUse: false,
} as const;

export const yahoo = {
  id: 'yahoo',
  // Its discovery document names the authorization endpoint /oauth2/request_auth and the token endpoint /oauth2/get_token.
  consent: { server: YAHOO_SERVER, issuer: 'https://api.login.yahoo.com', prefix: 'YAHOO', tokenAuth: 'client_secret_basic' },
  imap: {
    prefix: 'YAHOO',
    address: 'imap.mail.yahoo.com:993',
    maxMessageBytes: 25 * MB,
    maxConnections: 4,
    finalCrlf: true,
    otherHosts: ['imap.yahoo.com'],
  },
  development: {
    address: 'you@yahoo.com',
    folders: {
      delimiter: '/',
      folders: { '\\Sent': ['Sent'], '\\Drafts': ['Draft'], '\\Trash': ['Trash'], '\\Junk': ['Bulk Mail'], '\\Archive': ['Archive'] },
    },
  },
} as const satisfies ServiceDestination;
