import type { DestinationDescriptor } from './descriptor.ts';

/**
 * Any other provider, over IMAP with the account's password. Its aliases are the well-known providers
 * that have no destination of their own here.
 */
export const other = {
  id: 'other',
  name: 'Other',
  description: 'Any provider with an email address and password',
  authorization: 'password',
  mailOnlyReason: 'Only your email can move to this kind of account.',
  imapAliases: { icloud: 'imap.mail.me.com' },
} as const satisfies DestinationDescriptor;
