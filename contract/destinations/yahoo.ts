import type { DestinationDescriptor } from './descriptor.ts';

/** Yahoo's consent has no address-book scope for other applications; its IMAP server takes an app password too. */
export const yahoo = {
  id: 'yahoo',
  name: 'Yahoo Mail',
  description: 'Move to a Yahoo account',
  authorization: 'oauth',
  mailOnlyReason: 'Yahoo Mail does not let other apps add contacts: only your email can move there.',
  appPasswordHelp:
    'If signing in to Yahoo Mail here is not available to you, you can still move your email there: create an app password in your Yahoo account’s security settings, then go back, choose Other, and enter your Yahoo address with that app password.',
  imapAliases: { yahoo: 'imap.mail.yahoo.com' },
  mailDomains: ['yahoo.com', 'ymail.com'],
} as const satisfies DestinationDescriptor;
