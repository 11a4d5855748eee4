import { DOVECOT_LIKE, type ServiceDestination } from './descriptor.ts';

/**
 * The closing provider's own successor mail service: an IMAP server it runs, reached through its
 * master login at the account it keeps for the customer (SUCCESSOR_NEXT_*, docs/destinations.md).
 * In development without one, the development mailbox store stands in.
 */
export const successorNext = {
  id: 'successor_next',
  providerImap: { prefix: 'SUCCESSOR_NEXT', maxMessageBytes: 50 * 1024 * 1024, maxConnections: 4 },
  development: { addressDomain: 'next.northwave.example', folders: DOVECOT_LIKE },
} as const satisfies ServiceDestination;
