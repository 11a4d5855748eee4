/**
 * How the destinations are reached (server/transfers/environment.ts): Gmail by its import API or over
 * IMAP, the providers' API addresses (tests point them at local fakes), each IMAP server's address and
 * limits (`<PREFIX>_IMAP*` of each descriptor in server/destinations/, with the descriptor's values as
 * defaults), and the successor products on the provider's own servers.
 */
import * as v from 'valibot';
import { parseImapAddress, type ImapAddress } from '../../contract/index.ts';
import { IMAP_SERVERS, PROVIDER_IMAP_SERVERS, type ImapProvider, type ProviderReached } from '../destinations/index.ts';
import { checkedBaseUrl, isSafeBaseUrl } from '../engine/http/base-url.ts';
import { MASTER_LOGIN_SETTINGS, readMasterLogin } from './master-login.ts';
import {
  choice,
  integer,
  optionalChecked,
  optionalText,
  prefixed,
  readPrefixed,
  readSection,
  secret,
  shown,
  together,
  type Env,
  type Settings,
} from './setting.ts';

const MB = 1024 * 1024;

const IMAP_ADDRESS = 'an IMAP host, host:port, or imaps:// URL';

/** An IMAP server as the Other form's IMAP field is read (contract's parseImapAddress): a host, host:port, or an imaps:// URL. */
const imapAddress = (fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.check((value) => parseImapAddress(value) !== null, IMAP_ADDRESS),
    v.transform((value) => parseImapAddress(value) as ImapAddress),
  );

/** A provider API's base URL: https without credentials (plain http only on loopback, for the tests' fakes). */
const apiUrl = (fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.check(isSafeBaseUrl, 'an https URL without credentials (plain http only for a loopback server)'),
    v.transform((value) => checkedBaseUrl(value, 'API').href),
  );

const limitSettings = (maxMessageBytes: number, maxConnections: number) => ({
  IMAP_MAX_MESSAGE_BYTES: integer(maxMessageBytes, 1),
  IMAP_MAX_CONNECTIONS: integer(maxConnections, 1, 100),
});

/** Each OAuth or password destination's IMAP server, its limits, and its daily cap where it publishes one. */
const imapServerSettings = (imap: (typeof IMAP_SERVERS)[number]) => ({
  IMAP: imapAddress(imap.address),
  ...limitSettings(imap.maxMessageBytes, imap.maxConnections),
  ...(imap.dailyBytes === undefined ? {} : { IMAP_DAILY_BYTES: integer(imap.dailyBytes, 1) }),
});

const isDomain = (value: string) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(value);

/** A successor product's server on the provider's side: address, master user and password together, or none. */
const providerImapSettings = (server: (typeof PROVIDER_IMAP_SERVERS)[number]) => ({
  IMAP: shown(
    '–',
    optionalChecked((value) => parseImapAddress(value) !== null, IMAP_ADDRESS),
  ),
  IMAP_MASTER_USER: shown('–', optionalText()),
  IMAP_MASTER_PASSWORD: shown('–', secret(optionalText())),
  ...prefixed('IMAP', MASTER_LOGIN_SETTINGS),
  ADDRESS_DOMAIN: shown('–', v.optional(v.pipe(v.string(), v.toLowerCase(), v.check(isDomain, 'a domain name')))),
  ...limitSettings(server.maxMessageBytes, server.maxConnections),
});

const GENERAL_SETTINGS = {
  /** Gmail's mail: its import API with labels (default), or IMAP with XOAUTH2. */
  GMAIL_MAIL_PATH: choice(['api', 'imap'], 'api'),
  GMAIL_API_URL: apiUrl('https://gmail.googleapis.com/'),
  GMAIL_API_QUOTA_PER_MINUTE: integer(15_000, 30),
  GMAIL_API_MAX_MESSAGE_BYTES: integer(150 * MB, 1),
  GOOGLE_PEOPLE_API_URL: apiUrl('https://people.googleapis.com/'),
  MICROSOFT_GRAPH_URL: apiUrl('https://graph.microsoft.com/'),
};

export const DESTINATION_SETTINGS: Settings = Object.assign(
  { ...GENERAL_SETTINGS },
  ...IMAP_SERVERS.map((imap) => prefixed(imap.prefix, imapServerSettings(imap))),
  ...PROVIDER_IMAP_SERVERS.map((server) => prefixed(server.prefix, providerImapSettings(server))),
);

function imapServers(env: Env) {
  const servers = IMAP_SERVERS.map((imap) => ({ imap, settings: readPrefixed(imap.prefix, imapServerSettings(imap), env) }));
  const perServer = <T>(read: (entry: (typeof servers)[number]) => T) =>
    Object.fromEntries(servers.map((entry) => [entry.imap.provider, read(entry)])) as Record<ImapProvider, T>;
  return {
    /** What each destination's IMAP server tolerates: the largest message, and the connections one account may hold. */
    imapLimits: perServer(({ settings }) => ({
      maxMessageBytes: settings.IMAP_MAX_MESSAGE_BYTES,
      maxConnections: settings.IMAP_MAX_CONNECTIONS,
    })),
    /** The IMAP servers the destinations take mail at (XOAUTH2 tokens, or an app password). */
    imap: perServer(({ settings }) => settings.IMAP),
    /** Bytes a day a destination takes over IMAP from other apps, where it publishes a cap (`<PREFIX>_IMAP_DAILY_BYTES`). */
    imapDailyBytes: Object.fromEntries(
      servers.flatMap(({ imap, settings }) =>
        'IMAP_DAILY_BYTES' in settings ? [[imap.provider, settings.IMAP_DAILY_BYTES as number]] : [],
      ),
    ) as Partial<Record<ImapProvider, number>>,
  };
}

/** The successor products the provider reaches on its own servers; one not configured is not reachable (development: the store stands in). */
function providerImap(env: Env) {
  const configured = PROVIDER_IMAP_SERVERS.flatMap((server) => {
    const { prefix, provider } = server;
    const names = [`${prefix}_IMAP`, `${prefix}_IMAP_MASTER_USER`, `${prefix}_IMAP_MASTER_PASSWORD`];
    const [address = '', user = '', password = ''] = together(names, env, provider) ?? [];
    if (!address) return [];
    const settings = readPrefixed(prefix, providerImapSettings(server), env);
    const config = {
      address: parseImapAddress(address) as ImapAddress,
      master: readMasterLogin(env, `${prefix}_IMAP`, user, password),
      /** The account kept for a customer: the same address, or the same name at this domain. */
      addressDomain: settings.ADDRESS_DOMAIN ?? null,
      limits: { maxMessageBytes: settings.IMAP_MAX_MESSAGE_BYTES, maxConnections: settings.IMAP_MAX_CONNECTIONS },
    };
    return [[provider, config] as const];
  });
  return Object.fromEntries(configured) as Partial<Record<ProviderReached, (typeof configured)[number][1]>>;
}

export function readDestinations(env: Env) {
  const general = readSection(GENERAL_SETTINGS, env);
  return {
    gmailMailPath: general.GMAIL_MAIL_PATH,
    gmailApiUrl: general.GMAIL_API_URL,
    /** Gmail API quota units a minute per user (an import costs 25, the look-up before it 5). */
    gmailApiQuotaPerMinute: general.GMAIL_API_QUOTA_PER_MINUTE,
    /** The largest message Gmail's import API takes. */
    gmailApiMaxMessageBytes: general.GMAIL_API_MAX_MESSAGE_BYTES,
    peopleApiUrl: general.GOOGLE_PEOPLE_API_URL,
    graphApiUrl: general.MICROSOFT_GRAPH_URL,
    ...imapServers(env),
    providerImap: providerImap(env),
  };
}

export type DestinationsConfig = ReturnType<typeof readDestinations>;
export type ProviderImapConfig = NonNullable<DestinationsConfig['providerImap'][ProviderReached]>;
