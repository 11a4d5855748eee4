/**
 * The service's configuration: environment variables with defaults, read once at start. Every
 * variable is listed in docs/configuration.md. Pure (takes the environment as an argument) so tests
 * can build any configuration; a malformed value stops the start with a message naming the variable.
 */
import path from 'node:path';

export type Adapters = 'development' | 'real';

export type RateLimit = { max: number; windowMs: number };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databasePath: string;
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
  supportWebhookUrl: string | null;
  adapters: Adapters;
  /** NODE_ENV !== 'production': enables /dev/support-requests. */
  development: boolean;
  /** Use the first X-Forwarded-For address as the client IP (only behind a trusted proxy). */
  trustProxy: boolean;
  bodyLimitBytes: number;
  rateLimits: { status: RateLimit; jobsByEmail: RateLimit };
  logLevel: string;
};

type Env = Record<string, string | undefined>;

const DAY_MS = 24 * 60 * 60 * 1000;

class ConfigError extends Error {
  constructor(name: string, value: string, expected: string) {
    super(`Configuration: ${name}=${JSON.stringify(value)} is not ${expected}.`);
  }
}

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, raw, `an integer from ${min} to ${max}`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(name, raw, 'true or false');
}

export function readConfig(env: Env, cwd = process.cwd()): Config {
  const dataDir = path.resolve(cwd, text(env, 'DATA_DIR') ?? 'data');
  const adapters = text(env, 'ADAPTERS') ?? 'development';
  if (adapters !== 'development' && adapters !== 'real') {
    throw new ConfigError('ADAPTERS', adapters, "'development' or 'real'");
  }
  const publicUrl = (text(env, 'PUBLIC_URL') ?? '').replace(/\/+$/, '');
  if (publicUrl && !/^https?:\/\/[^/\s]+/i.test(publicUrl)) {
    throw new ConfigError('PUBLIC_URL', publicUrl, 'an http(s) URL');
  }
  const rateWindowMs = integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1);
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databasePath: path.resolve(cwd, text(env, 'DATABASE_PATH') ?? path.join(dataDir, 'portal.sqlite')),
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
    supportWebhookUrl: text(env, 'SUPPORT_WEBHOOK_URL') ?? null,
    adapters,
    development: text(env, 'NODE_ENV') !== 'production',
    trustProxy: flag(env, 'TRUST_PROXY', false),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 64 * 1024, 1),
    rateLimits: {
      status: { max: integer(env, 'RATE_LIMIT_STATUS_MAX', 120, 1), windowMs: rateWindowMs },
      jobsByEmail: { max: integer(env, 'RATE_LIMIT_JOBS_BY_EMAIL_MAX', 20, 1), windowMs: rateWindowMs },
    },
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
  };
}
