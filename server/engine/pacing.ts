/**
 * How hard the engine pushes and how long it waits. Throughput comes from several folders at once (one
 * connection each to source and destination) with the next batch fetched while the current one is
 * appended; memory stays bounded by the run's byte budget (inFlightBytes, shared by its folders).
 */
export type TransferLimits = {
  /** Folders copied at once; also the most connections opened to each server. */
  parallelFolders: number;
  /** A batch ends at this many messages or this many bytes, whichever comes first. */
  batchMessages: number;
  batchBytes: number;
  /**
   * Bytes of messages a run holds at once across its folders (fetched, not yet written); a message
   * larger than this is copied alone.
   */
  inFlightBytes: number;
  /** Contacts fetched from a CardDAV source in one request. */
  batchContacts: number;
  /** Attempts at one folder after dropped or refused connections before the transfer gives up. */
  connectionAttempts: number;
  /** Retries of one message the destination answered with a throttling code. */
  throttleRetries: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How long to sleep after throttling that outlasted the retries. */
  throttlePauseMs: number;
  /** How long to sleep after a daily-limit answer that names no time. */
  dailyLimitPauseMs: number;
};

export const DEFAULT_LIMITS: TransferLimits = {
  parallelFolders: 4,
  batchMessages: 100,
  batchBytes: 8 * 1024 * 1024,
  inFlightBytes: 40 * 1024 * 1024,
  batchContacts: 50,
  connectionAttempts: 5,
  throttleRetries: 5,
  backoffBaseMs: 1000,
  backoffMaxMs: 60_000,
  throttlePauseMs: 15 * 60_000,
  dailyLimitPauseMs: 24 * 60 * 60_000,
};

/** Exponential backoff with full jitter: attempt 1 waits up to base, each further attempt doubles, capped. */
export function backoffMs(attempt: number, limits: Pick<TransferLimits, 'backoffBaseMs' | 'backoffMaxMs'>, random = Math.random): number {
  const ceiling = Math.min(limits.backoffMaxMs, limits.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
