import { DOVECOT_LIKE, type ServiceDestination } from './descriptor.ts';

/** The successor product: a Dovecot-like mailbox in development; no consent server is configured for it yet. */
export const northwaveNext = { id: 'northwave_next', development: { folders: DOVECOT_LIKE } } as const satisfies ServiceDestination;
