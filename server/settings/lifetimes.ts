/** How long things live: tokens, an export's idempotency and download, and what the purge deletes when (decision 0026). */
import { integer, readSection, type Env } from './setting.ts';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const LIFETIME_SETTINGS = {
  TOKEN_TTL_MS: integer(60 * MINUTE_MS, 1),
  JOB_DURATION_MS: integer(20_000),
  SWEEP_INTERVAL_MS: integer(2_000, 10),
  IDEMPOTENCY_WINDOW_MS: integer(10 * MINUTE_MS),
  DOWNLOAD_TTL_MS: integer(14 * DAY_MS, 1),
  SUPPORT_RETENTION_DAYS: integer(90, 1),
  EXPORT_HISTORY_DAYS: integer(90, 1),
  PURGE_INTERVAL_MS: integer(10 * MINUTE_MS, 1000),
};

export function readLifetimes(env: Env) {
  const settings = readSection(LIFETIME_SETTINGS, env);
  return {
    tokenTtlMs: settings.TOKEN_TTL_MS,
    jobDurationMs: settings.JOB_DURATION_MS,
    sweepIntervalMs: settings.SWEEP_INTERVAL_MS,
    /** The same load body from the same session within this window returns the same export ID. */
    idempotencyWindowMs: settings.IDEMPOTENCY_WINDOW_MS,
    downloadTtlMs: settings.DOWNLOAD_TTL_MS,
    /** Support requests older than this are deleted. */
    supportRetentionMs: settings.SUPPORT_RETENTION_DAYS * DAY_MS,
    /** The purge (server/background/purge.ts): how often it runs, and how long an ended export's rows are kept (decision 0026). */
    retention: { purgeIntervalMs: settings.PURGE_INTERVAL_MS, exportHistoryMs: settings.EXPORT_HISTORY_DAYS * DAY_MS },
  };
}
