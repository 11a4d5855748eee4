import type { ServiceDestination } from './descriptor.ts';

const MB = 1024 * 1024;

export const outlook = {
  id: 'outlook',
  consent: {
    server: {
      name: 'microsoft',
      displayName: 'Microsoft Outlook.com',
      scopes: { mail: ['https://outlook.office.com/IMAP.AccessAsUser.All'], contacts: ['https://graph.microsoft.com/Contacts.ReadWrite'] },
      baseScopes: ['openid', 'email', 'offline_access'],
      params: { prompt: 'select_account' },
      // Personal accounts carry the address in `email` when the email scope is granted, else as the sign-in name.
      addressClaims: ['email', 'preferred_username'],
      tokenPerUse: true,
    },
    // Personal accounts sign in on the `consumers` tenant; the `common` endpoint's discovered issuer is a template that matches no ID token.
    issuer: 'https://login.microsoftonline.com/consumers/v2.0',
    prefix: 'MICROSOFT',
    tokenAuth: 'client_secret_post',
  },
  imap: {
    prefix: 'OUTLOOK',
    address: 'outlook.office365.com:993',
    maxMessageBytes: 35 * MB,
    maxConnections: 4,
    otherHosts: ['imap-mail.outlook.com'],
  },
  contacts: 'graph',
  development: {
    address: 'you@outlook.com',
    folders: {
      delimiter: '/',
      folders: {
        '\\Sent': ['Sent Items'],
        '\\Drafts': ['Drafts'],
        '\\Trash': ['Deleted Items'],
        '\\Junk': ['Junk Email'],
        '\\Archive': ['Archive'],
      },
    },
  },
} as const satisfies ServiceDestination;
