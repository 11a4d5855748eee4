/**
 * The destinations that sign in with OAuth (spec §1: the three web mailbox providers, the fourth,
 * and the provider's successor product), their names as a person knows them, and what each
 * requested operation is called on a consent screen.
 */
import type { DestinationProvider, Operation } from '../../contract/index.ts';

export type OAuthDestination = {
  displayName: string;
  /** Prefilled on the development consent page, so one click on Allow completes it. */
  exampleAddress: string;
};

export const OAUTH_DESTINATIONS = {
  gmail: { displayName: 'Google', exampleAddress: 'you@gmail.com' },
  outlook: { displayName: 'Microsoft Outlook.com', exampleAddress: 'you@outlook.com' },
  yahoo: { displayName: 'Yahoo Mail', exampleAddress: 'you@yahoo.com' },
  aol: { displayName: 'AOL Mail', exampleAddress: 'you@aol.com' },
  northwave_next: { displayName: 'Northwave Next', exampleAddress: 'you@next.example.com' },
} as const satisfies Partial<Record<DestinationProvider, OAuthDestination>>;

export type OAuthDestinationProvider = keyof typeof OAUTH_DESTINATIONS;

/** True for destinations whose capabilities answer auth 'oauth' (the others use a password or none). */
export const isOAuthDestination = (provider: string): provider is OAuthDestinationProvider =>
  Object.hasOwn(OAUTH_DESTINATIONS, provider);

/** The permission each operation needs, in a consent screen's words. */
export const SCOPE_DESCRIPTIONS: Record<Operation, string> = {
  emailmigration: 'Read, compose and send your email',
  contactsmigration: 'See and edit your contacts',
  emailforwarding: 'Manage your email forwarding settings',
};
