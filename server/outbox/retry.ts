/**
 * When the outbox tries a message again: exponential backoff from `firstDelayMs`, doubling, capped
 * at `maxDelayMs`, for `maxAttempts` attempts in all; after the last one the message is recorded as
 * failed and reported. With the defaults (10 s doubling to 30 min, 16 attempts) a message keeps
 * being tried for about four hours, long enough for a mail server's maintenance window.
 */
export type RetryPolicy = { firstDelayMs: number; maxDelayMs: number; maxAttempts: number };

export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 10_000, maxDelayMs: 30 * 60_000, maxAttempts: 16 };

/** The delay before attempt `attempts + 1`, after `attempts` failed ones; null when none is left. */
export function retryDelayMs(policy: RetryPolicy, attempts: number): number | null {
  if (attempts >= policy.maxAttempts) return null;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}
