/**
 * Every destination, in the order the provider cards show them. A new destination is a descriptor file
 * here, its service half in server/destinations/, and a line in each index.
 */
import { aol } from './aol.ts';
import type { DestinationDescriptor } from './descriptor.ts';
import { file } from './file.ts';
import { gmail } from './gmail.ts';
import { icloud } from './icloud.ts';
import { other } from './other.ts';
import { outlook } from './outlook.ts';
import { successorNext } from './successor-next.ts';
import { successorPartner } from './successor-partner.ts';
import { yahoo } from './yahoo.ts';

export { branded, type DestinationAuthorization, type DestinationDescriptor } from './descriptor.ts';

const LIST = [
  gmail,
  outlook,
  yahoo,
  aol,
  icloud,
  successorNext,
  successorPartner,
  other,
  file,
] as const satisfies readonly DestinationDescriptor[];

export type DestinationId = (typeof LIST)[number]['id'];
/** Every descriptor with its literal words (the catalogs' keys of each destination's words derive from them). */
export type DestinationLiteral = (typeof LIST)[number];
/** The closing provider's successor products (§2). */
export type SuccessorId = Extract<(typeof LIST)[number], { successor: true }>['id'];

export const DESTINATIONS: readonly DestinationDescriptor<DestinationId>[] = LIST;

// A picklist wants a non-empty tuple; the list above is one, which map() cannot say.
export const DESTINATION_IDS = DESTINATIONS.map((destination) => destination.id) as unknown as readonly [DestinationId, ...DestinationId[]];

const BY_ID = new Map<string, DestinationDescriptor<DestinationId>>(DESTINATIONS.map((destination) => [destination.id, destination]));

/** The descriptor of a destination id (every id the contract accepts has one). */
export function destinationOf(id: DestinationId): DestinationDescriptor<DestinationId> {
  const descriptor = BY_ID.get(id);
  if (!descriptor) throw new Error(`No descriptor for destination ${id}`);
  return descriptor;
}

/** Destinations the customer lets us into through the provider's own consent page (OAuth), not a password. */
export const isOAuthDestination = (id: DestinationId): boolean => destinationOf(id).authorization === 'oauth';

/** Destinations the customer opens with an address and password (Other, and providers with a known server). */
export const isPasswordDestination = (id: DestinationId): boolean => destinationOf(id).authorization === 'password';

/** Destinations the closing provider reaches itself: the customer types nothing and consents to nothing. */
export const isProviderReached = (id: DestinationId): boolean => destinationOf(id).authorization === 'provider';
