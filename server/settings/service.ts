/**
 * The process: what it runs, where it listens, the address customers know it by, its secret, its
 * logs and metrics, and the proxies in front of it.
 */
import {
  choice,
  flag,
  integer,
  list,
  malformed,
  optionalChecked,
  optionalChoice,
  optionalInteger,
  optionalText,
  readSection,
  secret,
  shown,
  text,
  type Env,
} from './setting.ts';

/** The loudly named opt-in that lets development stand-ins run under NODE_ENV=production. */
export const STANDINS_OPT_IN = 'DANGEROUSLY_ENABLE_DEVELOPMENT_STANDINS';

export const ROLES = ['all', 'web', 'worker'] as const;
/** What one process runs: `all` (web and worker, `npm start`), `web` (HTTP only) or `worker` (transfers and background work). */
export type Role = (typeof ROLES)[number];

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
const isPublicUrl = (url: string) => /^https?:\/\/[^/\s]+/i.test(url) && URL.canParse(withoutTrailingSlash(url));

export const SERVICE_SETTINGS = {
  NODE_ENV: shown('–', optionalText()),
  [STANDINS_OPT_IN]: flag(false),
  ADAPTERS: shown('development', optionalChoice(['development', 'real'])),
  ROLE: choice(ROLES, 'all', ' (or --role)'),
  PORT: integer(8080, 0, 65535),
  HOST: text('127.0.0.1'),
  PUBLIC_URL: shown('–', optionalChecked(isPublicUrl, 'an http(s) URL')),
  HASH_SECRET: shown('generated', secret(optionalText())),
  LOG_LEVEL: text('info'),
  METRICS_PORT: shown('–', optionalInteger(1, 65535)),
  METRICS_HOST: text('127.0.0.1'),
  TRUST_PROXY_HOPS: shown('0', optionalInteger(0, 10)),
  TRUST_PROXY: flag(false),
  DEV_ALLOWED_HOSTS: shown('–', list()),
  BODY_LIMIT_BYTES: integer(64 * 1024, 1),
};

export function readService(env: Env) {
  const settings = readSection(SERVICE_SETTINGS, env);
  const production = settings.NODE_ENV === 'production';
  const development = !production || settings[STANDINS_OPT_IN];
  const publicUrl = withoutTrailingSlash(settings.PUBLIC_URL ?? '');
  const metricsPort = settings.METRICS_PORT;
  // The metrics stay off the public listener: one port cannot be both.
  if (metricsPort === settings.PORT) throw malformed('METRICS_PORT', String(metricsPort), 'a port other than PORT');
  return {
    port: settings.PORT,
    /** Loopback unless exposing the service is a deliberate choice. */
    host: settings.HOST,
    /** The portal's public address, used in mails and absolute download links; '' = relative links. */
    publicUrl,
    /** Secret of the email hash and download links; null = generated and kept in dataDir on first start. */
    hashSecret: settings.HASH_SECRET ?? null,
    /** NODE_ENV === 'production'. */
    production,
    /**
     * Development stand-ins may run: the development sign-in and consent pages, the simulated vendor,
     * the /dev/* pages and a generated secret. True unless NODE_ENV=production, or with the opt-in.
     */
    development,
    /** Production checks mailboxes for real; the offline checks are a development stand-in. */
    adapters: settings.ADAPTERS ?? (development ? 'development' : 'real'),
    role: settings.ROLE,
    logLevel: settings.LOG_LEVEL,
    /** The internal Prometheus listener (GET /metrics); null = not served. */
    metrics: metricsPort === undefined ? null : { host: settings.METRICS_HOST, port: metricsPort },
    /**
     * How many proxies in front of the service append to X-Forwarded-For (0: none; the socket's address
     * is the client's). The client is the entry that many places from the right (server/http/client-ip.ts).
     * TRUST_PROXY=true, the older setting, is one proxy.
     */
    trustedProxyHops: settings.TRUST_PROXY_HOPS ?? (settings.TRUST_PROXY ? 1 : 0),
    /** Host names served in development besides IP literals, localhost and PUBLIC_URL's (server/http/host-allow-list.ts). */
    devAllowedHosts: [...(settings.DEV_ALLOWED_HOSTS ?? []), ...(publicUrl ? [new URL(publicUrl).hostname] : [])] as readonly string[],
    bodyLimitBytes: settings.BODY_LIMIT_BYTES,
  };
}
