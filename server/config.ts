/**
 * The service's configuration: environment variables with defaults, read once at start. Every
 * variable is listed in docs/configuration.md. Pure (takes the environment as an argument) so tests
 * can build any configuration; a malformed value stops the start with a message naming the variable,
 * and a production start without what production needs stops naming every missing variable.
 */
import path from 'node:path';
import { parseImapAddress, type ImapAddress } from '../contract/index.ts';
import { IMAP_SERVERS, PROVIDER_IMAP_SERVERS, type ImapProvider, type ProviderReached } from './destinations/index.ts';
import { parseRange, type OutboundPolicy } from './checks/outbound-guard.ts';
import { DEFAULT_PST_PART_BYTES } from './engine/files/pst-file.ts';
import { checkedBaseUrl } from './engine/http/base-url.ts';
import { DEFAULT_RETRY, type RetryPolicy } from './outbox/retry.ts';
import { productionProblems } from './production-requirements.ts';
import { IdentityConfigError, readIdentityConfig, type IdentityConfig } from './identity/config.ts';

export type Adapters = 'development' | 'real';

/** What one process runs: `all` (web and worker, `npm start`), `web` (HTTP only) or `worker` (transfers and background work). */
export type Role = 'all' | 'web' | 'worker';
export const ROLES: readonly Role[] = ['all', 'web', 'worker'];

/** The process's role from `--role web|worker|all` on the command line, which wins over ROLE. */
export function roleArgument(argv: readonly string[]): Record<string, string> {
  const index = argv.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  if (index < 0) return {};
  const arg = argv[index] as string;
  const value = arg.includes('=') ? arg.slice('--role='.length) : argv[index + 1];
  if (!value) throw new ConfigError("Configuration: --role needs a value: 'all', 'web' or 'worker'.");
  return { ROLE: value };
}

/** The loudly named opt-in that lets development stand-ins run under NODE_ENV=production. */
export const STANDINS_OPT_IN = 'DANGEROUSLY_ENABLE_DEVELOPMENT_STANDINS';

export type RateLimit = { max: number; windowMs: number };

/** The limits of server/limits/limits.ts; every duration in milliseconds. */
export type LimitsConfig = {
  exportsRunning: number;
  exportsPerDay: number;
  validatePerAccount: number;
  validatePerAddress: number;
  validateWindowMs: number;
  /** Wrong passwords for one destination address before the delay starts. */
  validateFreeFailures: number;
  validateFirstDelayMs: number;
  validateMaxDelayMs: number;
  supportPerAddress: number;
  supportWindowMs: number;
};

/** The outbox loop (server/outbox/). */
export type OutboxConfig = {
  intervalMs: number;
  deliveryTimeoutMs: number;
  retry: RetryPolicy;
  /** How long after an export starts its 'started' mail may wait for the time to finish. */
  startedMailWaitMs: number;
};

/** Postgres when `url` is set, else the SQLite file at `sqlitePath`. */
export type DatabaseConfig = { url: string | null; sqlitePath: string; poolSize: number };

/** The provider's IMAP server, reached as each customer through its master user (server/engine/imap/source.ts). */
export type SourceImapConfig = {
  host: string;
  port: number;
  tls: 'implicit' | 'starttls';
  /** A PEM file of a private CA the server's certificate chains to; null = the system's CAs. */
  caFile: string | null;
  master: MasterLoginConfig;
};

/** Dovecot's `<address><separator><master>` login, or SASL PLAIN's authorization identity (Cyrus's admins). */
export type MasterLoginConfig =
  { user: string; password: string; separator: string; method: 'separator' } | { user: string; password: string; method: 'authzid' };

/**
 * The closing provider's own server for a successor product (`<PREFIX>_IMAP*`, server/destinations/):
 * where it is, the master login that writes any of its accounts, and the account it keeps for a
 * customer — the same address, or the same name at `<PREFIX>_ADDRESS_DOMAIN`.
 */
export type ProviderImapConfig = {
  address: ImapAddress;
  master: MasterLoginConfig;
  addressDomain: string | null;
  limits: ImapProviderLimits;
};

/**
 * The provider's CardDAV server, read as each customer through the migration service's account, which
 * the server lets read every customer's address books (server/engine/contacts/carddav/source.ts).
 */
export type SourceCardDavConfig = {
  /** The server's base URL: https, or plain http for a server on loopback. */
  url: string;
  service: { user: string; password: string };
  /** Where a customer's principal is below the URL, `{user}` standing for their address. */
  principalPath: string;
};

/** The transfer worker (server/transfers/). */
export type TransfersConfig = {
  /** Transfers one process runs at once. */
  concurrency: number;
  /** How often the worker looks for due transfers, renews its leases and sees cancels. */
  pollMs: number;
  /** How long a claimed transfer stays this process's without a renewal; a killed process's transfers wait this long. */
  leaseMs: number;
  /** A PEM file of a private CA for destination IMAP servers reached through OUTBOUND_ALLOW_LIST; null = the system's CAs. */
  destinationCaFile: string | null;
  /** A file export's PST is ended and another part begun past this size (decision 0029). */
  pstPartBytes: number;
};

export type { ImapProvider };
export type ImapProviderLimits = { maxMessageBytes: number; maxConnections: number };

const MB = 1024 * 1024;

/**
 * How the OAuth destinations are reached (server/transfers/environment.ts): Gmail by its import API or
 * over IMAP, the providers' API addresses (tests point them at local fakes) and the caps that set the
 * pace of a transfer, which the status answer's estimate reads.
 */
export type DestinationsConfig = {
  /** Gmail's mail: its import API with labels (default), or IMAP with XOAUTH2. */
  gmailMailPath: 'api' | 'imap';
  gmailApiUrl: string;
  /** Gmail API quota units a minute per user (an import costs 25, the look-up before it 5). */
  gmailApiQuotaPerMinute: number;
  /** Bytes a day a destination takes over IMAP from other apps, where it publishes a cap (`<PREFIX>_IMAP_DAILY_BYTES`). */
  imapDailyBytes: Partial<Record<ImapProvider, number>>;
  /** The largest message Gmail's import API takes. */
  gmailApiMaxMessageBytes: number;
  /** What each OAuth destination's IMAP server tolerates: the largest message, and the connections one account may hold. */
  imapLimits: Record<ImapProvider, ImapProviderLimits>;
  peopleApiUrl: string;
  graphApiUrl: string;
  /** The IMAP servers the OAuth destinations take XOAUTH2 tokens at (`<PREFIX>_IMAP` of each in server/destinations/). */
  imap: Record<ImapProvider, ImapAddress>;
  /** The successor products the provider reaches on its own servers; one not configured is not reachable (development: the store stands in). */
  providerImap: Partial<Record<ProviderReached, ProviderImapConfig>>;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  distDir: string;
  /** The portal's public address, used in mails and absolute download links; '' = relative links. */
  publicUrl: string;
  /** Secret of the email hash and download links; null = generated and kept in dataDir on first start. */
  hashSecret: string | null;
  tokenTtlMs: number;
  jobDurationMs: number;
  sweepIntervalMs: number;
  /** The same load body from the same session within this window returns the same export ID. */
  idempotencyWindowMs: number;
  downloadTtlMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
  filesDir: string;
  /** Development mail: the scenario accounts' sample mailboxes and the mailboxes development exports land in. */
  devMailDir: string;
  /** Development: how long the development store takes per message or contact, so an export can be watched. */
  devMailDeliveryMs: number;
  /** null: no mail server configured (development reads the sample mailboxes under devMailDir). */
  sourceImap: SourceImapConfig | null;
  /** null: no address-book server configured (development reads the sample address books under devMailDir). */
  sourceCardDav: SourceCardDavConfig | null;
  transfers: TransfersConfig;
  destinations: DestinationsConfig;
  supportWebhookUrl: string | null;
  /** Support requests older than this are deleted. */
  supportRetentionMs: number;
  /** The purge (server/background/purge.ts): how often it runs, and how long an ended export's rows are kept (decision 0026). */
  retention: { purgeIntervalMs: number; exportHistoryMs: number };
  outbox: OutboxConfig;
  limits: LimitsConfig;
  adapters: Adapters;
  /** NODE_ENV === 'production'. */
  production: boolean;
  /**
   * Development stand-ins may run: the development sign-in and consent pages, the simulated vendor,
   * the /dev/* pages and a generated secret. True unless NODE_ENV=production, or with the opt-in.
   */
  development: boolean;
  /** The sign-in (required in production) and the destinations' OAuth clients (server/identity/config.ts). */
  identity: IdentityConfig;
  /**
   * How many proxies in front of the service append to X-Forwarded-For (0: none; the socket's address
   * is the client's). The client is the entry that many places from the right (server/http/client-ip.ts).
   */
  trustedProxyHops: number;
  /** Host names served in development besides IP literals, localhost and PUBLIC_URL's (server/http/host-allow-list.ts). */
  devAllowedHosts: readonly string[];
  /** Where customer-chosen connections (IMAP checks) may go. */
  outbound: OutboundPolicy;
  bodyLimitBytes: number;
  /**
   * Per client address and window: the status calls, jobs-by-email, the anonymous checks that ask DNS
   * (validate-imap, domain-validation) and the sign-in and consent flows started (each may end in a
   * call to an authorization server's token endpoint).
   */
  rateLimits: { status: RateLimit; jobsByEmail: RateLimit; lookups: RateLimit; flowStarts: RateLimit; sourceFolders: RateLimit };
  /** How long the source's folder list may take before the page is told it could not be read. */
  sourceFoldersTimeoutMs: number;
  logLevel: string;
  role: Role;
  /** The internal Prometheus listener (GET /metrics); null = not served. */
  metrics: { host: string; port: number } | null;
};

type Env = Record<string, string | undefined>;

const DAY_MS = 24 * 60 * 60 * 1000;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const malformed = (name: string, value: string, expected: string) =>
  new ConfigError(`Configuration: ${name}=${JSON.stringify(value)} is not ${expected}.`);

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw malformed(name, raw, `an integer from ${min} to ${max}`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw malformed(name, raw, 'true or false');
}

function identity(env: Env): IdentityConfig {
  try {
    return readIdentityConfig(env);
  } catch (error) {
    if (error instanceof IdentityConfigError) throw new ConfigError(`Configuration: ${error.message}`);
    throw error;
  }
}

function list(env: Env, name: string): string[] | null {
  const raw = text(env, name);
  return raw === undefined
    ? null
    : raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
}

function outbound(env: Env): OutboundPolicy {
  const allowList = list(env, 'OUTBOUND_ALLOW_LIST') ?? [];
  for (const entry of allowList) {
    try {
      parseRange(entry);
    } catch {
      throw malformed('OUTBOUND_ALLOW_LIST', entry, 'an IP address or CIDR range');
    }
  }
  const ports = (list(env, 'IMAP_PORTS') ?? ['993', '143']).map((port) => {
    const value = Number(port);
    if (!Number.isInteger(value) || value < 1 || value > 65535) throw malformed('IMAP_PORTS', port, 'a port from 1 to 65535');
    return value;
  });
  return { allowList, ports, dnsServers: list(env, 'DNS_SERVERS') };
}

function file(env: Env, name: string, cwd: string): string | null {
  const value = text(env, name);
  return value === undefined ? null : path.resolve(cwd, value);
}

const SOURCE_IMAP_REQUIRED = ['SOURCE_IMAP_HOST', 'SOURCE_IMAP_MASTER_USER', 'SOURCE_IMAP_MASTER_PASSWORD'] as const;

/** `<prefix>_MASTER_LOGIN` ('separator', the default, or 'authzid') and `<prefix>_MASTER_SEPARATOR`. */
function masterLogin(env: Env, prefix: string, user: string, password: string): MasterLoginConfig {
  const method = text(env, `${prefix}_MASTER_LOGIN`) ?? 'separator';
  if (method === 'authzid') return { user, password, method };
  if (method !== 'separator') throw malformed(`${prefix}_MASTER_LOGIN`, method, "'separator' or 'authzid'");
  return { user, password, separator: text(env, `${prefix}_MASTER_SEPARATOR`) ?? '*', method };
}

/** The source mail server: host, master user and password together, or none of them. */
function sourceImap(env: Env, cwd: string): SourceImapConfig | null {
  const [host, user, password] = SOURCE_IMAP_REQUIRED.map((name) => text(env, name));
  if (!host && !user && !password) return null;
  if (!host || !user || !password) {
    const missing = SOURCE_IMAP_REQUIRED.filter((name) => !text(env, name));
    throw new ConfigError(
      `Configuration: the source mail server needs ${SOURCE_IMAP_REQUIRED.join(', ')} together; ${missing.join(', ')} missing.`,
    );
  }
  const tls = text(env, 'SOURCE_IMAP_TLS') ?? 'implicit';
  if (tls !== 'implicit' && tls !== 'starttls') throw malformed('SOURCE_IMAP_TLS', tls, "'implicit' or 'starttls'");
  return {
    host,
    port: integer(env, 'SOURCE_IMAP_PORT', tls === 'implicit' ? 993 : 143, 1, 65535),
    tls,
    caFile: file(env, 'SOURCE_IMAP_CA_FILE', cwd),
    master: masterLogin(env, 'SOURCE_IMAP', user, password),
  };
}

const SOURCE_CARDDAV_REQUIRED = ['SOURCE_CARDDAV_URL', 'SOURCE_CARDDAV_USER', 'SOURCE_CARDDAV_PASSWORD'] as const;

/** The source address-book server: URL, service account and password together, or none of them. */
function sourceCardDav(env: Env): SourceCardDavConfig | null {
  const [url, user, password] = SOURCE_CARDDAV_REQUIRED.map((name) => text(env, name));
  if (!url && !user && !password) return null;
  if (!url || !user || !password) {
    const missing = SOURCE_CARDDAV_REQUIRED.filter((name) => !text(env, name));
    throw new ConfigError(
      `Configuration: the source address-book server needs ${SOURCE_CARDDAV_REQUIRED.join(', ')} together; ${missing.join(', ')} missing.`,
    );
  }
  try {
    checkedBaseUrl(url, 'CardDAV');
  } catch {
    throw malformed('SOURCE_CARDDAV_URL', url, 'an https URL without credentials (plain http only for a loopback server)');
  }
  const principalPath = text(env, 'SOURCE_CARDDAV_PRINCIPAL_PATH') ?? '{user}/';
  if (!principalPath.includes('{user}')) throw malformed('SOURCE_CARDDAV_PRINCIPAL_PATH', principalPath, 'a path containing {user}');
  return { url, service: { user, password }, principalPath };
}

/** An IMAP server as the Other form's IMAP field is read (contract's parseImapAddress): a host, host:port, or an imaps:// URL. */
function imapServer(env: Env, name: string, fallback: string): ImapAddress {
  const value = text(env, name) ?? fallback;
  const address = parseImapAddress(value);
  if (!address) throw malformed(name, value, 'an IMAP host, host:port, or imaps:// URL');
  return address;
}

/** A provider API's base URL: https without credentials (plain http only on loopback, for the tests' fakes). */
function apiUrl(env: Env, name: string, fallback: string): string {
  const url = text(env, name) ?? fallback;
  try {
    return checkedBaseUrl(url, name).href;
  } catch {
    throw malformed(name, url, 'an https URL without credentials (plain http only for a loopback server)');
  }
}

/** One value for each destination served over IMAP, read with its descriptor's settings. */
const perImapServer = <T>(read: (imap: (typeof IMAP_SERVERS)[number]) => T): Record<ImapProvider, T> =>
  Object.fromEntries(IMAP_SERVERS.map((imap) => [imap.provider, read(imap)])) as Record<ImapProvider, T>;

function imapLimits(env: Env): Record<ImapProvider, ImapProviderLimits> {
  return perImapServer(({ prefix, maxMessageBytes, maxConnections }) => ({
    maxMessageBytes: integer(env, `${prefix}_IMAP_MAX_MESSAGE_BYTES`, maxMessageBytes, 1),
    maxConnections: integer(env, `${prefix}_IMAP_MAX_CONNECTIONS`, maxConnections, 1, 100),
  }));
}

function imapDailyBytes(env: Env): Partial<Record<ImapProvider, number>> {
  const capped = IMAP_SERVERS.filter((imap) => imap.dailyBytes !== undefined);
  return Object.fromEntries(
    capped.map(({ provider, prefix, dailyBytes }) => [provider, integer(env, `${prefix}_IMAP_DAILY_BYTES`, dailyBytes ?? 0, 1)]),
  );
}

/** A successor product's server: address, master user and password together, or none of them. */
function providerImap(env: Env): DestinationsConfig['providerImap'] {
  const configured = PROVIDER_IMAP_SERVERS.flatMap(({ provider, prefix, maxMessageBytes, maxConnections }) => {
    const names = [`${prefix}_IMAP`, `${prefix}_IMAP_MASTER_USER`, `${prefix}_IMAP_MASTER_PASSWORD`];
    const [address, user, password] = names.map((name) => text(env, name));
    if (!address && !user && !password) return [];
    if (!address || !user || !password) {
      const missing = names.filter((name) => !text(env, name));
      throw new ConfigError(`Configuration: ${provider} needs ${names.join(', ')} together; ${missing.join(', ')} missing.`);
    }
    const domain = text(env, `${prefix}_ADDRESS_DOMAIN`)?.toLowerCase() ?? null;
    if (domain !== null && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain))
      throw malformed(`${prefix}_ADDRESS_DOMAIN`, domain, 'a domain name');
    const settings: ProviderImapConfig = {
      address: imapServer(env, `${prefix}_IMAP`, address),
      master: masterLogin(env, `${prefix}_IMAP`, user, password),
      addressDomain: domain,
      limits: {
        maxMessageBytes: integer(env, `${prefix}_IMAP_MAX_MESSAGE_BYTES`, maxMessageBytes, 1),
        maxConnections: integer(env, `${prefix}_IMAP_MAX_CONNECTIONS`, maxConnections, 1, 100),
      },
    };
    return [[provider, settings] as const];
  });
  return Object.fromEntries(configured);
}

function destinations(env: Env): DestinationsConfig {
  const gmailMailPath = text(env, 'GMAIL_MAIL_PATH') ?? 'api';
  if (gmailMailPath !== 'api' && gmailMailPath !== 'imap') throw malformed('GMAIL_MAIL_PATH', gmailMailPath, "'api' or 'imap'");
  return {
    gmailMailPath,
    gmailApiUrl: apiUrl(env, 'GMAIL_API_URL', 'https://gmail.googleapis.com/'),
    gmailApiQuotaPerMinute: integer(env, 'GMAIL_API_QUOTA_PER_MINUTE', 15_000, 30),
    imapDailyBytes: imapDailyBytes(env),
    gmailApiMaxMessageBytes: integer(env, 'GMAIL_API_MAX_MESSAGE_BYTES', 150 * MB, 1),
    imapLimits: imapLimits(env),
    peopleApiUrl: apiUrl(env, 'GOOGLE_PEOPLE_API_URL', 'https://people.googleapis.com/'),
    graphApiUrl: apiUrl(env, 'MICROSOFT_GRAPH_URL', 'https://graph.microsoft.com/'),
    imap: perImapServer(({ prefix, address }) => imapServer(env, `${prefix}_IMAP`, address)),
    providerImap: providerImap(env),
  };
}

/** The portal's address for a person to type (notification mail): the public URL, or this machine's in development. */
export const portalAddress = (config: Pick<Config, 'publicUrl' | 'port'>): string => config.publicUrl || `http://localhost:${config.port}`;

const MINUTE_MS = 60 * 1000;

function role(env: Env): Role {
  const value = text(env, 'ROLE') ?? 'all';
  if (!(ROLES as readonly string[]).includes(value)) throw malformed('ROLE', value, "'all', 'web' or 'worker' (or --role)");
  return value as Role;
}

/** The metrics listener: only where METRICS_PORT asks for it, loopback unless METRICS_HOST says otherwise. */
function metricsListener(env: Env): Config['metrics'] {
  if (text(env, 'METRICS_PORT') === undefined) return null;
  const port = integer(env, 'METRICS_PORT', 0, 1, 65535);
  // The metrics stay off the public listener: one port cannot be both.
  if (port === integer(env, 'PORT', 8080, 0, 65535)) throw malformed('METRICS_PORT', String(port), 'a port other than PORT');
  return { host: text(env, 'METRICS_HOST') ?? '127.0.0.1', port };
}

function limits(env: Env): LimitsConfig {
  return {
    exportsRunning: integer(env, 'RATE_LIMIT_EXPORTS_RUNNING', 3, 1),
    exportsPerDay: integer(env, 'RATE_LIMIT_EXPORTS_PER_DAY', 10, 1),
    validatePerAccount: integer(env, 'RATE_LIMIT_VALIDATE_PER_ACCOUNT', 20, 1),
    validatePerAddress: integer(env, 'RATE_LIMIT_VALIDATE_PER_ADDRESS', 60, 1),
    validateWindowMs: integer(env, 'RATE_LIMIT_VALIDATE_WINDOW_MS', 15 * MINUTE_MS, 1000),
    validateFreeFailures: integer(env, 'RATE_LIMIT_VALIDATE_FREE_FAILURES', 3, 0),
    validateFirstDelayMs: integer(env, 'RATE_LIMIT_VALIDATE_DELAY_MS', 30_000, 1000),
    validateMaxDelayMs: integer(env, 'RATE_LIMIT_VALIDATE_MAX_DELAY_MS', 60 * MINUTE_MS, 1000),
    supportPerAddress: integer(env, 'RATE_LIMIT_SUPPORT_PER_ADDRESS', 5, 1),
    supportWindowMs: integer(env, 'RATE_LIMIT_SUPPORT_WINDOW_MS', 60 * MINUTE_MS, 1000),
  };
}

function outboxSettings(env: Env): OutboxConfig {
  return {
    intervalMs: integer(env, 'OUTBOX_INTERVAL_MS', 1000, 10),
    deliveryTimeoutMs: integer(env, 'OUTBOX_DELIVERY_TIMEOUT_MS', 30_000, 100),
    startedMailWaitMs: integer(env, 'STARTED_MAIL_ESTIMATE_WAIT_MS', 60_000, 0),
    retry: {
      firstDelayMs: integer(env, 'OUTBOX_RETRY_FIRST_MS', DEFAULT_RETRY.firstDelayMs, 10),
      maxDelayMs: integer(env, 'OUTBOX_RETRY_MAX_MS', DEFAULT_RETRY.maxDelayMs, 10),
      maxAttempts: integer(env, 'OUTBOX_MAX_ATTEMPTS', DEFAULT_RETRY.maxAttempts, 1),
    },
  };
}

export function readConfig(env: Env, cwd = process.cwd()): Config {
  const dataDir = path.resolve(cwd, text(env, 'DATA_DIR') ?? 'data');
  const production = text(env, 'NODE_ENV') === 'production';
  const development = !production || flag(env, STANDINS_OPT_IN, false);
  // Production checks mailboxes for real; the offline checks are a development stand-in.
  const adapters = text(env, 'ADAPTERS') ?? (development ? 'development' : 'real');
  if (adapters !== 'development' && adapters !== 'real') {
    throw malformed('ADAPTERS', adapters, "'development' or 'real'");
  }
  const publicUrl = (text(env, 'PUBLIC_URL') ?? '').replace(/\/+$/, '');
  if (publicUrl && (!/^https?:\/\/[^/\s]+/i.test(publicUrl) || !URL.canParse(publicUrl))) {
    throw malformed('PUBLIC_URL', publicUrl, 'an http(s) URL');
  }
  const databaseUrl = text(env, 'DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\/\S+$/i.test(databaseUrl)) {
    // The value may hold a password: name the variable, not the value.
    throw new ConfigError('Configuration: DATABASE_URL is not a postgres:// or postgresql:// URL.');
  }
  const rateWindowMs = integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1);
  const config: Config = {
    port: integer(env, 'PORT', 8080, 0, 65535),
    // Loopback unless exposing the service is a deliberate choice.
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir,
    database: {
      url: databaseUrl,
      sqlitePath: path.resolve(cwd, text(env, 'DATABASE_PATH') ?? path.join(dataDir, 'portal.sqlite')),
      poolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    },
    distDir: path.resolve(cwd, text(env, 'DIST_DIR') ?? 'dist'),
    publicUrl,
    hashSecret: text(env, 'HASH_SECRET') ?? null,
    tokenTtlMs: integer(env, 'TOKEN_TTL_MS', 60 * 60 * 1000, 1),
    jobDurationMs: integer(env, 'JOB_DURATION_MS', 20_000),
    sweepIntervalMs: integer(env, 'SWEEP_INTERVAL_MS', 2_000, 10),
    idempotencyWindowMs: integer(env, 'IDEMPOTENCY_WINDOW_MS', 10 * 60 * 1000),
    downloadTtlMs: integer(env, 'DOWNLOAD_TTL_MS', 14 * DAY_MS, 1),
    smtpUrl: text(env, 'SMTP_URL') ?? null,
    mailFrom: text(env, 'MAIL_FROM') ?? 'Northwave export portal <no-reply@example.com>',
    outboxDir: path.resolve(cwd, text(env, 'OUTBOX_DIR') ?? path.join(dataDir, 'outbox')),
    filesDir: path.resolve(cwd, text(env, 'FILES_DIR') ?? path.join(dataDir, 'files')),
    devMailDir: path.resolve(cwd, text(env, 'DEV_MAIL_DIR') ?? path.join(dataDir, 'dev-mail')),
    devMailDeliveryMs: integer(env, 'DEV_MAIL_DELIVERY_MS', 20, 0, 10_000),
    sourceImap: sourceImap(env, cwd),
    sourceCardDav: sourceCardDav(env),
    transfers: {
      concurrency: integer(env, 'TRANSFER_CONCURRENCY', 2, 1, 100),
      pollMs: integer(env, 'TRANSFER_POLL_MS', 1000, 10),
      leaseMs: integer(env, 'TRANSFER_LEASE_MS', 60_000, 1000),
      destinationCaFile: file(env, 'DESTINATION_IMAP_CA_FILE', cwd),
      pstPartBytes: integer(env, 'PST_PART_BYTES', DEFAULT_PST_PART_BYTES, 1024 * 1024),
    },
    destinations: destinations(env),
    supportWebhookUrl: text(env, 'SUPPORT_WEBHOOK_URL') ?? null,
    supportRetentionMs: integer(env, 'SUPPORT_RETENTION_DAYS', 90, 1) * DAY_MS,
    retention: {
      purgeIntervalMs: integer(env, 'PURGE_INTERVAL_MS', 10 * MINUTE_MS, 1000),
      exportHistoryMs: integer(env, 'EXPORT_HISTORY_DAYS', 90, 1) * DAY_MS,
    },
    outbox: outboxSettings(env),
    limits: limits(env),
    adapters,
    production,
    development,
    identity: identity(env),
    // TRUST_PROXY=true, the older setting, is one proxy.
    trustedProxyHops: integer(env, 'TRUST_PROXY_HOPS', flag(env, 'TRUST_PROXY', false) ? 1 : 0, 0, 10),
    devAllowedHosts: [...(list(env, 'DEV_ALLOWED_HOSTS') ?? []), ...(publicUrl ? [new URL(publicUrl).hostname] : [])],
    outbound: outbound(env),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 64 * 1024, 1),
    rateLimits: {
      status: { max: integer(env, 'RATE_LIMIT_STATUS_MAX', 120, 1), windowMs: rateWindowMs },
      jobsByEmail: { max: integer(env, 'RATE_LIMIT_JOBS_BY_EMAIL_MAX', 20, 1), windowMs: rateWindowMs },
      lookups: { max: integer(env, 'RATE_LIMIT_LOOKUPS_MAX', 60, 1), windowMs: rateWindowMs },
      flowStarts: { max: integer(env, 'RATE_LIMIT_FLOW_STARTS_MAX', 30, 1), windowMs: rateWindowMs },
      sourceFolders: { max: integer(env, 'RATE_LIMIT_SOURCE_FOLDERS_MAX', 10, 1), windowMs: rateWindowMs },
    },
    sourceFoldersTimeoutMs: integer(env, 'SOURCE_FOLDERS_TIMEOUT_MS', 20_000, 100),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    metrics: metricsListener(env),
    role: role(env),
  };
  const problems = development ? [] : productionProblems(config);
  if (problems.length > 0) {
    throw new ConfigError(
      [
        'Refusing to start with NODE_ENV=production: production needs real parts, not development stand-ins.',
        ...problems.map((problem) => `  - ${problem}`),
        `(To try the development stand-ins under NODE_ENV=production anyway, set ${STANDINS_OPT_IN}=true: anyone can then sign in as anyone.)`,
      ].join('\n'),
    );
  }
  return config;
}
