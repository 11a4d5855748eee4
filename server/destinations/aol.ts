import type { ServiceDestination } from './descriptor.ts';
import { YAHOO_SERVER } from './yahoo.ts';

const MB = 1024 * 1024;

/** AOL runs on Yahoo's identity platform: the same server shape, with its own login host and clients. */
export const aol = {
  id: 'aol',
  consent: {
    server: { ...YAHOO_SERVER, name: 'aol', displayName: 'AOL' },
    issuer: 'https://api.login.aol.com',
    prefix: 'AOL',
    tokenAuth: 'client_secret_basic',
  },
  imap: {
    prefix: 'AOL',
    address: 'imap.aol.com:993',
    maxMessageBytes: 25 * MB,
    maxConnections: 4,
    finalCrlf: true,
    otherHosts: ['imap.mail.aol.com'],
  },
  development: {
    address: 'you@aol.com',
    folders: {
      delimiter: '/',
      folders: { '\\Sent': ['Sent'], '\\Drafts': ['Drafts'], '\\Trash': ['Trash'], '\\Junk': ['Spam'], '\\Archive': ['Archive'] },
    },
  },
} as const satisfies ServiceDestination;
