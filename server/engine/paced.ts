/**
 * Writing to a destination that may throttle: a throttled answer is retried after the server's time
 * (or a backoff) a few times, lasting throttling or a daily cap pauses the whole transfer. The other
 * refusals (too big, quota, refused) are returned for the item report. Shared by mail and contacts;
 * `pacedMany` does the same for a destination that takes several items in one request (Google's
 * People API), sending again only the items that were throttled.
 */
import { backoffMs, type TransferLimits } from './pacing.ts';
import { TransferPause } from './pause.ts';
import type { AppendResult, Clock } from './ports.ts';

export type Pacing = { clock: Clock; limits: TransferLimits; signal: AbortSignal };

export async function pacedMany<T>(
  pacing: Pacing,
  items: readonly T[],
  write: (items: T[]) => Promise<AppendResult[]>,
): Promise<AppendResult[]> {
  const { clock, limits, signal } = pacing;
  const results: AppendResult[] = [];
  let pending = items.map((item, index) => ({ item, index }));
  for (let attempt = 1; pending.length > 0; attempt++) {
    const answers = await write(pending.map((p) => p.item));
    const again: typeof pending = [];
    let wait: number | null = null;
    let detail = '';
    pending.forEach((p, i) => {
      const result = answers[i] ?? { ok: false, refusal: { kind: 'refused', detail: 'the destination gave no answer for this item' } };
      if (result.ok || (result.refusal.kind !== 'throttled' && result.refusal.kind !== 'daily-limit')) {
        results[p.index] = result;
        return;
      }
      const { refusal } = result;
      if (refusal.kind === 'daily-limit')
        throw new TransferPause('daily-limit', clock.now() + (refusal.resumeAfterMs ?? limits.dailyLimitPauseMs), refusal.detail);
      again.push(p);
      detail = refusal.detail;
      if (refusal.retryAfterMs !== null) wait = Math.max(wait ?? 0, refusal.retryAfterMs);
    });
    if (again.length === 0) break;
    if (attempt > limits.throttleRetries) throw new TransferPause('throttled', clock.now() + limits.throttlePauseMs, detail);
    await clock.sleep(wait ?? backoffMs(attempt, limits), signal);
    pending = again;
  }
  return results;
}

export async function paced(pacing: Pacing, write: () => Promise<AppendResult>): Promise<AppendResult> {
  const [result] = await pacedMany(pacing, [null], async () => [await write()]);
  return result as AppendResult;
}
