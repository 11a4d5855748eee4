import { DOVECOT_LIKE, type ServiceDestination } from './descriptor.ts';

/** Any other provider: reached at the IMAP server the customer named (or imap.<domain>), with their password. */
export const other = { id: 'other', development: { folders: DOVECOT_LIKE } } as const satisfies ServiceDestination;
