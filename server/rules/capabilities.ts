/**
 * What may be exported where (capabilities call, and the load call's refusal of anything else).
 * Email always; contacts unless the source account has no contacts service (carddav inactive) or the
 * destination has nowhere to put them (the contract's destinationTakesContacts: another IMAP provider,
 * Yahoo, AOL); forwarding never while its feature flag is off (§9).
 */
import { destinationTakesContacts, type CapabilitiesResponse, type DestinationProvider, type Operation } from '../../contract/index.ts';
import type { ScenarioAccount } from '../ports.ts';

/** Destinations the user grants through the provider's own consent page (OAuth), not a password. */
export const OAUTH_DESTINATIONS: ReadonlySet<DestinationProvider> = new Set(['gmail', 'outlook', 'yahoo', 'aol', 'northwave_next']);

const PROVIDER_BY_DOMAIN: Readonly<Record<string, DestinationProvider>> = {
  'gmail.com': 'gmail',
  'googlemail.com': 'gmail',
  'outlook.com': 'outlook',
  'hotmail.com': 'outlook',
  'live.com': 'outlook',
  'msn.com': 'outlook',
  'yahoo.com': 'yahoo',
  'ymail.com': 'yahoo',
  'aol.com': 'aol',
};

/** Two spellings of one address (case and surrounding spaces do not matter). */
export const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The destination an address belongs to; any other domain is reached by IMAP ('other'). */
export function providerForEmail(email: string): DestinationProvider {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return PROVIDER_BY_DOMAIN[domain] ?? 'other';
}

const takesContacts = (destination: DestinationProvider | null) => destination === null || destinationTakesContacts(destination);

/** `destination` null: what the source account allows wherever it goes. */
export function allowedOperations(
  source: ScenarioAccount,
  flags: { forwarding: boolean },
  destination: DestinationProvider | null = null,
): Operation[] {
  const operations: Operation[] = ['emailmigration'];
  const hasContacts = source.inactive !== 'carddav' && source.migration.carddav;
  if (hasContacts && takesContacts(destination)) operations.push('contactsmigration');
  if (flags.forwarding) operations.push('emailforwarding');
  return operations;
}

export function capabilities(source: ScenarioAccount, destination: DestinationProvider): CapabilitiesResponse {
  return {
    allowed_operations: allowedOperations(source, { forwarding: false }, destination),
    auth: OAUTH_DESTINATIONS.has(destination) ? 'oauth' : 'password',
    provider: destination,
  };
}
