import type { DestinationDescriptor } from './descriptor.ts';

/**
 * Any other provider, over IMAP with the account's password and, where it is not imap.<domain>, the
 * IMAP server the customer names.
 */
export const other = {
  id: 'other',
  name: 'Other',
  description: 'Any provider with an email address and password',
  authorization: 'password',
  mailOnlyReason: 'Only your email can move to this kind of account.',
  passwordForm: {
    title: 'Your other email account',
    intro:
      'Enter the address and password of the account you want to move your data to. Yahoo Mail and AOL Mail need an app password. You can make one in your account’s security settings.',
    customImap: true,
  },
  anyProvider: true,
} as const satisfies DestinationDescriptor;
