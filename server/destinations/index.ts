/**
 * The service half of every destination that has one (the file export has none: it is the engine's
 * own). Everything in server/ that differs by destination reads these.
 */
import { aol } from './aol.ts';
import type {
  ConsentSettings,
  DestinationServer as AnyServer,
  ImapSettings,
  ProviderImapSettings,
  ServiceDestination,
} from './descriptor.ts';
import { gmail } from './gmail.ts';
import { icloud } from './icloud.ts';
import { other } from './other.ts';
import { outlook } from './outlook.ts';
import { successorNext } from './successor-next.ts';
import { successorPartner } from './successor-partner.ts';
import { yahoo } from './yahoo.ts';
import type { DestinationProvider } from '../../contract/index.ts';

export type { ConsentSettings, DevelopmentFolders, ImapSettings, ProviderImapSettings, ServiceDestination } from './descriptor.ts';

const LIST = [gmail, outlook, yahoo, aol, icloud, successorNext, successorPartner, other] as const satisfies readonly ServiceDestination[];

type WithConsent = Extract<(typeof LIST)[number], { consent: unknown }>;
type WithImap = Extract<(typeof LIST)[number], { imap: unknown }>;
type WithProviderImap = Extract<(typeof LIST)[number], { providerImap: unknown }>;

/** The authorization servers' short names: `google`, `microsoft`, … */
export type DestinationServerName = WithConsent['consent']['server']['name'];
/** An authorization server of one of the destinations. */
export type DestinationServer = AnyServer<DestinationServerName>;
/** Each server with its own scopes, as its descriptor spells them. */
export type ServersByName = { readonly [K in DestinationServerName]: Extract<WithConsent['consent']['server'], { name: K }> };
/** The destinations whose mail goes to their own IMAP server with a consent's token. */
export type ImapProvider = WithImap['id'];
/** The successor products the closing provider reaches on its own IMAP server. */
export type ProviderReached = WithProviderImap['id'];
/** The destinations a development mailbox can stand in for. */
export type MailboxProvider = (typeof LIST)[number]['id'];

export const SERVICE_DESTINATIONS: readonly ServiceDestination[] = LIST;

const hasConsent = (destination: (typeof LIST)[number]): destination is WithConsent => 'consent' in destination;
const hasImap = (destination: (typeof LIST)[number]): destination is WithImap => 'imap' in destination;
const hasProviderImap = (destination: (typeof LIST)[number]): destination is WithProviderImap => 'providerImap' in destination;

/** Each consent with the destination it grants access to, and the address its development stand-in suggests. */
export const CONSENTS: readonly (ConsentSettings & {
  server: DestinationServer;
  provider: WithConsent['id'];
  developmentAddress: string;
})[] = LIST.filter(hasConsent).map((destination) => ({
  ...destination.consent,
  provider: destination.id,
  developmentAddress: destination.development.address,
}));

/** The consent at an authorization server. */
export function consentAt(name: DestinationServerName): (typeof CONSENTS)[number] {
  const consent = CONSENTS.find((candidate) => candidate.server.name === name);
  if (!consent) throw new Error(`No destination consents at ${name}`);
  return consent;
}

// A picklist wants a non-empty tuple; the list above has one, which map() cannot say.
export const DESTINATION_SERVER_NAMES = CONSENTS.map((consent) => consent.server.name) as unknown as readonly [
  DestinationServerName,
  ...DestinationServerName[],
];

/** Each IMAP-served destination's server settings. */
export const IMAP_SERVERS: readonly (ImapSettings & { provider: ImapProvider })[] = LIST.filter(hasImap).map((destination) => ({
  ...destination.imap,
  provider: destination.id,
}));

/** Each successor product's server settings, as the provider reaches it. */
export const PROVIDER_IMAP_SERVERS: readonly (ProviderImapSettings & { provider: ProviderReached })[] = LIST.filter(hasProviderImap).map(
  (destination) => ({ ...destination.providerImap, provider: destination.id }),
);

export const isImapProvider = (provider: string): provider is ImapProvider => IMAP_SERVERS.some((imap) => imap.provider === provider);

/** A destination's service half; undefined for the file export. */
export const serviceDestination = (provider: DestinationProvider): ServiceDestination | undefined =>
  SERVICE_DESTINATIONS.find((destination) => destination.id === provider);
