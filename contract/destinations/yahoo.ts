import type { DestinationDescriptor } from './descriptor.ts';

/** Yahoo's consent has no address-book scope for other applications; its IMAP server takes an app password too. */
export const yahoo = {
  id: 'yahoo',
  name: 'Yahoo Mail',
  description: 'Move to a Yahoo account',
  authorization: 'oauth',
  mailOnlyReason: 'Yahoo Mail does not let other apps add contacts: only your email can move there.',
  appPasswordHelp:
    'Can’t sign in to Yahoo Mail here? You can still move your email. First, make an app password in your Yahoo account’s safety settings. Then come back, choose Other, and type your Yahoo address and that app password.',
  imapAliases: { yahoo: 'imap.mail.yahoo.com' },
  mailDomains: ['yahoo.com', 'ymail.com'],
} as const satisfies DestinationDescriptor;
