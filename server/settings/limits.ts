/**
 * The limits of server/limits/: per signed-in account (exports, credential checks, folder lists) and
 * per client address (the status calls, jobs-by-email, the anonymous checks that ask DNS, the sign-in
 * and consent flows started, support requests). Every duration in milliseconds.
 */
import { integer, readSection, type Env } from './setting.ts';

const MINUTE_MS = 60 * 1000;

export const LIMIT_SETTINGS = {
  RATE_LIMIT_WINDOW_MS: integer(60_000, 1),
  RATE_LIMIT_STATUS_MAX: integer(120, 1),
  RATE_LIMIT_JOBS_BY_EMAIL_MAX: integer(20, 1),
  RATE_LIMIT_SOURCE_FOLDERS_MAX: integer(10, 1),
  SOURCE_FOLDERS_TIMEOUT_MS: integer(20_000, 100),
  RATE_LIMIT_LOOKUPS_MAX: integer(60, 1),
  RATE_LIMIT_FLOW_STARTS_MAX: integer(30, 1),
  RATE_LIMIT_EXPORTS_RUNNING: integer(3, 1),
  RATE_LIMIT_EXPORTS_PER_DAY: integer(10, 1),
  RATE_LIMIT_VALIDATE_PER_ACCOUNT: integer(20, 1),
  RATE_LIMIT_VALIDATE_PER_ADDRESS: integer(60, 1),
  RATE_LIMIT_VALIDATE_WINDOW_MS: integer(15 * MINUTE_MS, 1000),
  RATE_LIMIT_VALIDATE_FREE_FAILURES: integer(3, 0),
  RATE_LIMIT_VALIDATE_DELAY_MS: integer(30_000, 1000),
  RATE_LIMIT_VALIDATE_MAX_DELAY_MS: integer(60 * MINUTE_MS, 1000),
  RATE_LIMIT_SUPPORT_PER_ADDRESS: integer(5, 1),
  RATE_LIMIT_SUPPORT_WINDOW_MS: integer(60 * MINUTE_MS, 1000),
};

export function readLimits(env: Env) {
  const settings = readSection(LIMIT_SETTINGS, env);
  const perWindow = (max: number) => ({ max, windowMs: settings.RATE_LIMIT_WINDOW_MS });
  return {
    limits: {
      exportsRunning: settings.RATE_LIMIT_EXPORTS_RUNNING,
      exportsPerDay: settings.RATE_LIMIT_EXPORTS_PER_DAY,
      validatePerAccount: settings.RATE_LIMIT_VALIDATE_PER_ACCOUNT,
      validatePerAddress: settings.RATE_LIMIT_VALIDATE_PER_ADDRESS,
      validateWindowMs: settings.RATE_LIMIT_VALIDATE_WINDOW_MS,
      /** Wrong passwords for one destination address before the delay starts. */
      validateFreeFailures: settings.RATE_LIMIT_VALIDATE_FREE_FAILURES,
      validateFirstDelayMs: settings.RATE_LIMIT_VALIDATE_DELAY_MS,
      validateMaxDelayMs: settings.RATE_LIMIT_VALIDATE_MAX_DELAY_MS,
      supportPerAddress: settings.RATE_LIMIT_SUPPORT_PER_ADDRESS,
      supportWindowMs: settings.RATE_LIMIT_SUPPORT_WINDOW_MS,
    },
    /**
     * Per client address and window: the status calls, jobs-by-email, the anonymous checks that ask DNS
     * (validate-imap, domain-validation) and the sign-in and consent flows started (each may end in a
     * call to an authorization server's token endpoint); the folder lists per account.
     */
    rateLimits: {
      status: perWindow(settings.RATE_LIMIT_STATUS_MAX),
      jobsByEmail: perWindow(settings.RATE_LIMIT_JOBS_BY_EMAIL_MAX),
      lookups: perWindow(settings.RATE_LIMIT_LOOKUPS_MAX),
      flowStarts: perWindow(settings.RATE_LIMIT_FLOW_STARTS_MAX),
      sourceFolders: perWindow(settings.RATE_LIMIT_SOURCE_FOLDERS_MAX),
    },
    /** How long the source's folder list may take before the page is told it could not be read. */
    sourceFoldersTimeoutMs: settings.SOURCE_FOLDERS_TIMEOUT_MS,
  };
}
