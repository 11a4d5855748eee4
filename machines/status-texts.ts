/**
 * How the status page words an operation: how far it got ("1,240 of 5,000 messages (35 MB of 120 MB)"),
 * what failed, how long it will take and why it waits ("About 4 days — Gmail accepts about 500 MB a day
 * from other apps."). The service sends the figures (counts, the seconds to go from the moment it
 * answered, the destination's cap when that sets the pace, the time a wait ends); the words are made
 * here, so every text a customer reads comes through the machine. No clock is read.
 */
import type { DestinationProvider, TransferCap, TransferEstimate, TransferProgress, TransferWait } from '../contract/index.ts';
import { PROVIDER_NAMES } from './providers.ts';

/** The destinations that can make an export wait or set its pace, by the name customers know. */
const NAMES: Partial<Record<DestinationProvider, string>> = PROVIDER_NAMES;

const number = new Intl.NumberFormat('en-US');

/** Bytes in the largest unit that keeps the figure readable: 950 KB, 35 MB, 1.2 GB. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** "a few minutes", "about 3 hours", "about 4 days". */
export function durationText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 5) return 'A few minutes';
  if (minutes < 55) return `About ${plural(Math.round(minutes / 5) * 5, 'minute')}`;
  const hours = Math.round(seconds / 3600);
  if (hours < 36) return `About ${plural(Math.max(1, hours), 'hour')}`;
  return `About ${plural(Math.round(seconds / 86_400), 'day')}`;
}

function capText(cap: TransferCap): string | null {
  const name = NAMES[cap.provider];
  const amount = cap.bytes !== undefined ? formatBytes(cap.bytes) : cap.messages !== undefined ? `${number.format(cap.messages)} messages` : null;
  if (!name || amount === null) return null;
  return `${name} accepts about ${amount} a ${cap.per} from other apps`;
}

export const CLOSE_AND_WAIT = 'You can close this page; we will email you when it is done.';

/** "About 4 days — Gmail accepts about 500 MB a day from other apps. You can close this page; …" */
export function estimateText(estimate: TransferEstimate): string {
  const why = estimate.cap ? capText(estimate.cap) : null;
  return `${durationText(estimate.seconds)}${why ? ` — ${why}.` : ' at the pace so far.'} ${CLOSE_AND_WAIT}`;
}

const when = new Intl.DateTimeFormat('en-US', { weekday: 'long', hour: 'numeric', minute: '2-digit' });

/** "Waiting for Gmail's daily limit — continues about Tuesday 2:00 PM. You can close this page." */
export function waitingText(wait: TransferWait): string {
  const at = Date.parse(wait.until);
  const resume = Number.isNaN(at) ? 'soon' : `about ${when.format(at)}`;
  const name = wait.provider ? NAMES[wait.provider] : undefined;
  const who = name ? `${name}'s` : "the destination's";
  const why = wait.reason === 'daily-limit' ? `${who} daily limit` : `${name ?? 'the destination'}, which asked us to slow down`;
  return `Waiting for ${why} — continues ${resume}. You can close this page.`;
}

export type OperationKind = 'emailmigration' | 'contactsmigration';
const ITEM = { emailmigration: ['message', 'messages'], contactsmigration: ['contact', 'contacts'] } as const;
const items = (kind: OperationKind, count: number) => `${number.format(count)} ${ITEM[kind][count === 1 ? 0 : 1]}`;

/** "1,240 of 5,000 messages (35 MB of 120 MB)", or what is known before the source is counted. */
export function progressText(kind: OperationKind, progress: TransferProgress): string {
  const handled = progress.done + progress.failed;
  const counted = progress.total === null ? `${items(kind, handled)} so far` : `${number.format(handled)} of ${items(kind, progress.total)}`;
  const bytes =
    progress.bytes_done !== undefined && progress.bytes_total
      ? ` (${formatBytes(progress.bytes_done)} of ${formatBytes(progress.bytes_total)})`
      : '';
  return counted + bytes;
}

/** "3 messages could not be moved.", or null when none failed. */
export function failedText(kind: OperationKind, progress: TransferProgress): string | null {
  return progress.failed === 0 ? null : `${items(kind, progress.failed)} could not be moved.`;
}
