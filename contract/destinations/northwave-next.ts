import type { DestinationDescriptor } from './descriptor.ts';

/** The closing provider's successor product (§2): named after the provider, offered only when login is not active. */
export const northwaveNext = {
  id: 'northwave_next',
  name: '{provider} Next',
  description: "{provider}'s new mail service",
  authorization: 'oauth',
  successor: true,
} as const satisfies DestinationDescriptor;
