/**
 * The words of a transfer's time to finish ("About 4 days — Gmail accepts about 500 MB a day from
 * other apps."), shared by the status page (through the machine) and the service's 'started' mail, so
 * a customer reads the same sentence in both. The service sends the figures; no clock is read here.
 */
import { branded, destinationOf } from './destinations/index.ts';
import type { DestinationProvider } from './vocabulary.ts';
import type { TransferCap, TransferEstimate } from './progress.ts';

/**
 * The name customers know a mailbox provider's destination by: "Gmail", "iCloud Mail"; a name after
 * the closing provider ("Northwave Next") only when `brandName` is given. Other (any provider) and the
 * file have none.
 */
export function providerName(provider: DestinationProvider, brandName?: string): string | undefined {
  const { authorization, anyProvider, name } = destinationOf(provider);
  if (authorization === 'file' || anyProvider) return undefined;
  if (!name.includes('{provider}')) return name;
  return brandName === undefined ? undefined : branded(name, brandName);
}

/**
 * "1,240": a count as customers read it, in US English like every text here. Grouped by hand: a
 * page's first Intl formatter costs 15–40 ms of main thread (contract/time-words.ts).
 */
export const formatCount = (count: number): string => String(Math.round(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

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
  const name = providerName(cap.provider);
  const amount =
    cap.bytes !== undefined ? formatBytes(cap.bytes) : cap.messages !== undefined ? `${formatCount(cap.messages)} messages` : null;
  if (!name || amount === null) return null;
  return `${name} accepts about ${amount} a ${cap.per} from other apps`;
}

/** "About 4 days — Gmail accepts about 500 MB a day from other apps.", or "About 3 hours at the pace so far." */
export function estimateSentence(estimate: TransferEstimate): string {
  const why = estimate.cap ? capText(estimate.cap) : null;
  return `${durationText(estimate.seconds)}${why ? ` — ${why}.` : ' at the pace so far.'}`;
}
