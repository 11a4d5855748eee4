/**
 * What the consents of the destinations ask their authorization servers for (each server is described
 * with its destination in server/destinations/): scopes by use of the grant (mail over IMAP,
 * contacts), and the scope parameter of a consent; the development provider's variant of a server.
 */
import type { Operation } from '../../../contract/index.ts';
import { CONSENTS, type DestinationServer, type ServersByName } from '../../destinations/index.ts';
import type { GrantUse } from '../../ports.ts';

export { DESTINATION_SERVER_NAMES, type DestinationServer, type DestinationServerName } from '../../destinations/index.ts';

/** Each authorization server by its name. */
export const DESTINATION_SERVERS = Object.fromEntries(CONSENTS.map((consent) => [consent.server.name, consent.server])) as ServersByName;

/** Which use of the grant an operation needs; forwarding has none until that feature exists (§9 flag off). */
export const USE_OF_OPERATION: Readonly<Record<Operation, GrantUse | null>> = {
  emailmigration: 'mail',
  contactsmigration: 'contacts',
  emailforwarding: null,
};

/** The scopes of a use at a server, or null when the server grants nothing for it. */
export const scopesOf = (server: DestinationServer, use: GrantUse): readonly string[] | null => server.scopes[use] ?? null;

/** Every scope a server grants the destinations, of all uses. */
export const allScopes = (server: DestinationServer): string[] => Object.values(server.scopes).flat();

/**
 * The embedded development provider's "Google" and "Microsoft": the same scopes and checks, with a
 * login and consent page every time (so the address can be chosen and a scope unchecked), and the
 * standard offline_access scope for the refresh token.
 */
export function developmentVariant(server: DestinationServer): DestinationServer {
  return {
    ...server,
    baseScopes: [...new Set([...server.baseScopes, 'offline_access'])],
    params: { prompt: 'login consent' },
  };
}

/** Microsoft names Graph scopes without their resource in token responses; both spellings are one scope. */
const normalised = (scope: string) => scope.replace(/^https:\/\/graph\.microsoft\.com\//i, '');

/** True when the scopes of a token response include every scope the use needs (never for a use the server has no scope for). */
export function covers(granted: readonly string[], server: DestinationServer, use: GrantUse): boolean {
  const needed = scopesOf(server, use);
  const have = new Set(granted.map(normalised));
  return needed !== null && needed.every((scope) => have.has(normalised(scope)));
}

/** The scope parameter of a consent for these uses. */
export function consentScope(server: DestinationServer, uses: readonly GrantUse[]): string {
  return [...new Set([...server.baseScopes, ...uses.flatMap((use) => scopesOf(server, use) ?? [])])].join(' ');
}
