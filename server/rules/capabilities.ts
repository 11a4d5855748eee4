/**
 * What may be exported where (capabilities call, and the load call's refusal of anything else).
 * Email always; contacts unless the source account has no contacts service (carddav inactive) or the
 * destination has nowhere to put them (its descriptor's mailOnlyReason); forwarding never while its feature flag is off (§9).
 */
import {
  DESTINATIONS,
  isOAuthDestination,
  destinationTakesContacts,
  type CapabilitiesResponse,
  type DestinationProvider,
  type Operation,
} from '../../contract/index.ts';
import type { SourceAccount } from '../ports.ts';

/** Address domain → the destination it belongs to, from the descriptors. */
const PROVIDER_BY_DOMAIN: ReadonlyMap<string, DestinationProvider> = new Map(
  DESTINATIONS.flatMap(({ id, mailDomains }) => (mailDomains ?? []).map((domain) => [domain, id] as const)),
);

/** Two spellings of one address (case and surrounding spaces do not matter). */
export const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The destination an address belongs to; any other domain is reached by IMAP ('other'). */
export function providerForEmail(email: string): DestinationProvider {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return PROVIDER_BY_DOMAIN.get(domain) ?? 'other';
}

const takesContacts = (destination: DestinationProvider | null) => destination === null || destinationTakesContacts(destination);

/**
 * `destination` null: what the source account allows wherever it goes. Forwarding (§9's hidden flag)
 * copies new mail into a mailbox after the export, so a file destination never takes it.
 */
export function allowedOperations(
  source: SourceAccount,
  flags: { forwarding: boolean },
  destination: DestinationProvider | null = null,
): Operation[] {
  const operations: Operation[] = ['emailmigration'];
  const hasContacts = source.inactive !== 'carddav' && source.migration.carddav;
  if (hasContacts && takesContacts(destination)) operations.push('contactsmigration');
  if (flags.forwarding && destination !== 'file') operations.push('emailforwarding');
  return operations;
}

export function capabilities(
  source: SourceAccount,
  destination: DestinationProvider,
  flags: { forwarding: boolean },
): CapabilitiesResponse {
  return {
    allowed_operations: allowedOperations(source, flags, destination),
    auth: isOAuthDestination(destination) ? 'oauth' : 'password',
    provider: destination,
  };
}
