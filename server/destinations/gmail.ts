import type { ServiceDestination } from './descriptor.ts';

const MB = 1024 * 1024;

export const gmail = {
  id: 'gmail',
  consent: {
    server: {
      name: 'google',
      displayName: 'Google',
      // https://mail.google.com/ is a restricted scope (docs/identity.md): IMAP needs it.
      scopes: { mail: ['https://mail.google.com/'], contacts: ['https://www.googleapis.com/auth/contacts'] },
      baseScopes: ['openid', 'email'],
      // Google returns a refresh token for access_type=offline, and again on a later consent only with prompt=consent.
      params: { access_type: 'offline', prompt: 'consent select_account' },
      addressClaims: ['email'],
      tokenPerUse: false,
    },
    issuer: 'https://accounts.google.com',
    prefix: 'GOOGLE',
    tokenAuth: 'client_secret_post',
  },
  // 15 connections per account; about 500 MB of IMAP uploads a day (docs/transfer.md names the sources).
  imap: { prefix: 'GMAIL', address: 'imap.gmail.com:993', maxMessageBytes: 35 * MB, maxConnections: 15, dailyBytes: 500_000_000 },
  mailApi: 'gmail-api',
  contacts: 'people',
  development: {
    address: 'you@gmail.com',
    // No archive folder: archiving is a label there, so an \Archive source folder becomes a label.
    folders: {
      delimiter: '/',
      folders: {
        '\\Sent': ['[Gmail]', 'Sent Mail'],
        '\\Drafts': ['[Gmail]', 'Drafts'],
        '\\Trash': ['[Gmail]', 'Trash'],
        '\\Junk': ['[Gmail]', 'Spam'],
      },
    },
  },
} as const satisfies ServiceDestination;
