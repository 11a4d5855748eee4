import type { DestinationDescriptor } from './descriptor.ts';

export const gmail = {
  id: 'gmail',
  name: 'Gmail',
  description: 'Move to a Google account',
  authorization: 'oauth',
  termsGated: true,
  imapAliases: { gmail: 'imap.gmail.com', googlemail: 'imap.gmail.com' },
  mailDomains: ['gmail.com', 'googlemail.com'],
} as const satisfies DestinationDescriptor;
