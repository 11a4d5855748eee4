/**
 * Writing one item to a destination that may throttle: a throttled answer is retried after the server's
 * time (or a backoff) a few times, lasting throttling or a daily cap pauses the whole transfer. The
 * other refusals (too big, quota, refused) are returned for the item report. Shared by mail and contacts.
 */
import { backoffMs, type TransferLimits } from './pacing.ts';
import { TransferPause } from './pause.ts';
import type { AppendResult, Clock } from './ports.ts';

export type Pacing = { clock: Clock; limits: TransferLimits; signal: AbortSignal };

export async function paced(pacing: Pacing, write: () => Promise<AppendResult>): Promise<AppendResult> {
  const { clock, limits, signal } = pacing;
  for (let attempt = 1; ; attempt++) {
    const result = await write();
    if (result.ok) return result;
    const { refusal } = result;
    if (refusal.kind === 'daily-limit') {
      throw new TransferPause('daily-limit', clock.now() + (refusal.resumeAfterMs ?? limits.dailyLimitPauseMs), refusal.detail);
    }
    if (refusal.kind !== 'throttled') return result;
    if (attempt > limits.throttleRetries) {
      throw new TransferPause('throttled', clock.now() + limits.throttlePauseMs, refusal.detail);
    }
    await clock.sleep(refusal.retryAfterMs ?? backoffMs(attempt, limits), signal);
  }
}
