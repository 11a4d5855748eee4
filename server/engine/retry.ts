/**
 * Retrying connections: an unreachable server or a dropped connection is worth a few more attempts with
 * backoff; anything else (a refused login, a bug) is not. Shared by the mail and the contacts loops.
 */
import { backoffMs, type TransferLimits } from './pacing.ts';
import { TransferFault, type Clock } from './ports.ts';

export const isRetryable = (error: unknown): error is TransferFault =>
  error instanceof TransferFault && (error.kind === 'unreachable' || error.kind === 'connection-lost');

/**
 * Calls `attempt` until it succeeds, retrying retryable faults with backoff, at most
 * `connectionAttempts` times in a row; `progressed()` (called by the attempt when it moved forward)
 * starts the count again.
 */
export async function withConnectionRetries<T>(
  clock: Clock,
  limits: TransferLimits,
  signal: AbortSignal,
  attempt: (progressed: () => void) => Promise<T>,
): Promise<T> {
  let failures = 0;
  for (;;) {
    let moved = false;
    try {
      return await attempt(() => {
        moved = true;
      });
    } catch (error) {
      signal.throwIfAborted();
      if (!isRetryable(error)) throw error;
      failures = moved ? 1 : failures + 1;
      if (failures >= limits.connectionAttempts) throw error;
      await clock.sleep(backoffMs(failures, limits), signal);
    }
  }
}
