/**
 * When a running operation should finish, for the status answer's `estimate`: what is left (bytes for
 * mail when the source was measured, else items) at the pace seen so far — the average since the
 * transfer was stored, pauses included, because that is the pace the customer gets — or at the
 * destination's cap when the cap is slower:
 *  - Gmail's API: its per-user quota a minute, one import and the look-up before it per message (a
 *    minute's worth goes at once);
 *  - a destination's IMAP server with a daily cap (Gmail's): so many bytes a day; what is left beyond
 *    today's share waits whole days.
 * The cap is named in the answer only when it, not the pace so far, sets the time. No estimate
 * before anything was counted, or with nothing to go on.
 */
import type { TransferCap, TransferEstimate, TransferProgress } from '../../contract/index.ts';
import type { DestinationsConfig } from '../config.ts';
import { isImapProvider } from '../destinations/index.ts';
import type { TransferPlan } from './plan.ts';

/** Quota units of one Gmail import and of the look-up before it (Gmail API usage limits). */
const GMAIL_UNITS_PER_MESSAGE = 25 + 5;
const DAY_S = 86_400;
/** Too little seen to call it a pace. */
const MIN_ELAPSED_MS = 2_000;

/** The destination's cap that can set a transfer's mail pace, or null. */
export function mailCapOf(
  plan: TransferPlan,
  destinations: Pick<DestinationsConfig, 'gmailApiQuotaPerMinute' | 'imapDailyBytes'>,
): TransferCap | null {
  const destination = plan.mail?.destination;
  if (plan.delivery !== 'direct' || !destination) return null;
  const { provider } = plan;
  if (destination.kind === 'gmail-api')
    return { provider, per: 'minute', messages: Math.floor(destinations.gmailApiQuotaPerMinute / GMAIL_UNITS_PER_MESSAGE) };
  const dailyBytes = isImapProvider(provider) ? destinations.imapDailyBytes[provider] : undefined;
  if (destination.kind === 'imap' && dailyBytes !== undefined) return { provider, per: 'day', bytes: dailyBytes };
  return null;
}

/** Seconds the cap needs for what is left, or null when it says nothing of it. */
function capSeconds(cap: TransferCap, leftItems: number, leftBytes: number | null): number | null {
  // A minute's quota goes at once (the window rolls): the cap binds only on what is left beyond it.
  if (cap.per === 'minute' && cap.messages) return leftItems > cap.messages ? Math.ceil((leftItems / cap.messages) * 60) : 0;
  if (cap.per === 'day' && cap.bytes && leftBytes !== null) return Math.floor(leftBytes / cap.bytes) * DAY_S;
  return null;
}

export function estimateOf(
  progress: TransferProgress,
  cap: TransferCap | null,
  timing: { startedAt: number; at: number; resumeAt?: number },
): TransferEstimate | undefined {
  if (progress.total === null) return undefined;
  const leftItems = Math.max(0, progress.total - progress.done - progress.failed);
  if (leftItems === 0) return undefined;
  const byBytes = progress.bytes_total !== undefined && progress.bytes_total !== null && progress.bytes_total > 0;
  const leftBytes = byBytes ? Math.max(0, (progress.bytes_total ?? 0) - (progress.bytes_done ?? 0)) : null;
  const doneAmount = byBytes ? (progress.bytes_done ?? 0) : progress.done;
  const left = leftBytes ?? leftItems;
  const elapsedMs = timing.at - timing.startedAt;
  const measured = doneAmount > 0 && elapsedMs >= MIN_ELAPSED_MS ? Math.ceil((left / doneAmount) * (elapsedMs / 1000)) : null;
  const capped = cap ? capSeconds(cap, leftItems, leftBytes) : null;
  if (measured === null && !capped) return undefined;
  const capSets = capped !== null && capped > 0 && capped >= (measured ?? 0);
  const waited = Math.max(0, (timing.resumeAt ?? timing.at) - timing.at) / 1000;
  const seconds = Math.ceil(waited + (capSets ? capped : (measured ?? 0)));
  return { finish: new Date(timing.at + seconds * 1000).toISOString(), seconds, ...(capSets && cap ? { cap } : {}) };
}
