import type { ServiceDestination } from './descriptor.ts';

const MB = 1024 * 1024;

/**
 * iCloud Mail's IMAP server (support.apple.com/en-us/102525: imap.mail.me.com, SSL, port 993), with the
 * account's app-specific password. Apple takes messages up to 20 MB
 * (support.apple.com/en-us/102198); it publishes no connection limit, so four, as for the others.
 */
export const icloud = {
  id: 'icloud',
  imap: { prefix: 'ICLOUD', address: 'imap.mail.me.com:993', maxMessageBytes: 20 * MB, maxConnections: 4 },
  development: {
    address: 'you@icloud.com',
    folders: {
      delimiter: '/',
      folders: {
        '\\Sent': ['Sent Messages'],
        '\\Drafts': ['Drafts'],
        '\\Trash': ['Deleted Messages'],
        '\\Junk': ['Junk'],
        '\\Archive': ['Archive'],
      },
    },
  },
} as const satisfies ServiceDestination;
