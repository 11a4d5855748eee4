/**
 * Keeping one user's requests inside a provider's per-user quota (Gmail: 15,000 units a minute, an
 * import costing 25), so the provider rarely has to refuse: a request waits until its units fit into
 * the rolling window, counted as the provider counts them. Any traffic that fits a rolling window fits
 * every fixed window too, whichever way the provider aligns its minutes. A request counts a little
 * longer than the window (5 %) because the provider sees it a moment after we send it.
 * One pacer per destination account, shared by all its sessions; the engine's Clock does the waiting,
 * so a cancel ends a wait at once. Refusals that still come (429, 403 rate limit) are honoured by the
 * caller with the provider's retry hint.
 */
import type { Clock } from '../ports.ts';

export type Quota = { units: number; windowMs: number };

export type QuotaPacer = {
  /** Resolves when `units` may be spent now; rejects when the signal aborts. */
  take(units: number, signal: AbortSignal): Promise<void>;
};

const MARGIN = 1.05;

export function createQuotaPacer(clock: Clock, quota: Quota): QuotaPacer {
  const span = quota.windowMs * MARGIN;
  const spent: Array<{ at: number; units: number }> = [];
  let queue: Promise<void> = Promise.resolve();

  async function fit(units: number, signal: AbortSignal): Promise<void> {
    for (;;) {
      const now = clock.now();
      while (spent.length > 0 && (spent[0] as { at: number }).at <= now - span) spent.shift();
      const inWindow = spent.reduce((sum, entry) => sum + entry.units, 0);
      // A request larger than the whole quota still goes, alone in its window.
      if (inWindow + units <= quota.units || spent.length === 0) {
        spent.push({ at: now, units });
        return;
      }
      let freed = inWindow + units - quota.units;
      let until = now;
      for (const entry of spent) {
        until = entry.at + span;
        freed -= entry.units;
        if (freed <= 0) break;
      }
      await clock.sleep(Math.max(1, Math.ceil(until - now)), signal);
    }
  }

  return {
    take(units, signal) {
      // One request at a time takes its place, so requests go in the order they asked.
      const turn = queue.then(() => fit(units, signal));
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
