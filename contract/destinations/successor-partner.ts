import type { DestinationDescriptor } from './descriptor.ts';

/**
 * The closing provider's second successor product (§2: offered only when login is not active): a
 * partner's mail service sold under the provider's name, reached like the big providers, through its
 * own sign-in and consent page. A deployment renames it and gives it a logo in configuration
 * (docs/destinations.md, "The successor products").
 */
export const successorPartner = {
  id: 'successor_partner',
  name: '{provider} Mail Plus',
  description: 'Mail from our partner, with your {provider} name on it',
  authorization: 'oauth',
  successor: true,
  mailOnlyReason: 'This mail service has no address book that other apps can fill: only your email can move there.',
} as const satisfies DestinationDescriptor;
