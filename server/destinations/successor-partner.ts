import { DOVECOT_LIKE, type ServiceDestination } from './descriptor.ts';

const MB = 1024 * 1024;

/**
 * The partner's mail service sold under the closing provider's name: an OpenID Connect provider and
 * an IMAP server taking its tokens over XOAUTH2, like the big providers. It has no public address:
 * a deployment that offers it sets SUCCESSOR_PARTNER_ISSUER, _CLIENT_ID, _CLIENT_SECRET and _IMAP
 * (docs/destinations.md); in development the development provider and mailbox store stand in.
 */
export const successorPartner = {
  id: 'successor_partner',
  consent: {
    server: {
      name: 'successor-partner',
      displayName: 'Northwave Mail Plus',
      // The scope its IMAP server takes: the partner's name for it, kept the generic one until a partner names another.
      scopes: { mail: ['mail'] },
      baseScopes: ['openid', 'email', 'offline_access'],
      params: {},
      addressClaims: ['email'],
      tokenPerUse: false,
    },
    issuer: 'https://login.mail-plus.invalid',
    prefix: 'SUCCESSOR_PARTNER',
    tokenAuth: 'client_secret_basic',
  },
  imap: { prefix: 'SUCCESSOR_PARTNER', address: 'imap.mail-plus.invalid:993', maxMessageBytes: 25 * MB, maxConnections: 4 },
  development: { address: 'you@mail-plus.example', folders: DOVECOT_LIKE },
} as const satisfies ServiceDestination;
