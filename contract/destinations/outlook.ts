import type { DestinationDescriptor } from './descriptor.ts';

export const outlook = {
  id: 'outlook',
  name: 'Outlook.com',
  description: 'Move to a Microsoft account',
  authorization: 'oauth',
  imapAliases: { outlook: 'outlook.office365.com', hotmail: 'outlook.office365.com', live: 'outlook.office365.com' },
  mailDomains: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com'],
} as const satisfies DestinationDescriptor;
