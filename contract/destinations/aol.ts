import type { DestinationDescriptor } from './descriptor.ts';

/** AOL runs on Yahoo's platform: the same consent without contacts, and app passwords over IMAP. */
export const aol = {
  id: 'aol',
  name: 'AOL Mail',
  description: 'Move to an AOL account',
  authorization: 'oauth',
  mailOnlyReason: 'AOL Mail does not let other apps add contacts: only your email can move there.',
  appPasswordHelp:
    'Can’t sign in to AOL Mail here? You can still move your email. First, make an app password in your AOL account’s safety settings. Then come back, choose Other, and type your AOL address and that app password.',
  imapAliases: { aol: 'imap.aol.com' },
  mailDomains: ['aol.com'],
} as const satisfies DestinationDescriptor;
