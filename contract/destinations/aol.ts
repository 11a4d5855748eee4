import type { DestinationDescriptor } from './descriptor.ts';

/** AOL runs on Yahoo's platform: the same consent without contacts, and app passwords over IMAP. */
export const aol = {
  id: 'aol',
  name: 'AOL Mail',
  description: 'Move to an AOL account',
  authorization: 'oauth',
  mailOnlyReason: 'AOL Mail does not let other apps add contacts: only your email can move there.',
  appPasswordHelp:
    'If signing in to AOL Mail here is not available to you, you can still move your email there: create an app password in your AOL account’s security settings, then go back, choose Other, and enter your AOL address with that app password.',
  imapAliases: { aol: 'imap.aol.com' },
  mailDomains: ['aol.com'],
} as const satisfies DestinationDescriptor;
