import type { DestinationDescriptor } from './descriptor.ts';

/**
 * The closing provider's first successor product (§2: offered only when login is not active): its
 * own new mail service, which the provider reaches itself (an IMAP server it runs, through its
 * master login), so the customer types no password and consents to nothing. A deployment renames it
 * and gives it a logo in configuration (docs/destinations.md, "The successor products").
 */
export const successorNext = {
  id: 'successor_next',
  name: '{provider} Next',
  description: "{provider}'s new mail service. Nothing to type: we move your mail for you.",
  authorization: 'provider',
  successor: true,
  mailOnlyReason: 'This mail service has no address book that other apps can fill: only your email can move there.',
} as const satisfies DestinationDescriptor;
