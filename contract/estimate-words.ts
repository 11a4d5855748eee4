/**
 * The words of a transfer's time to finish ("About 4 days — Gmail accepts about 500 MB a day from
 * other apps."), shared by the status page (a phrase its selectors build, its view says) and the
 * service's 'started' mail, so a customer reads the same sentence in both; the words are the status
 * section's (contract/words/en/status.ts). The service sends the figures; no clock is read here.
 */
import { branded, destinationOf } from './destinations/index.ts';
import type { DestinationProvider } from './vocabulary.ts';
import type { TransferEstimate } from './progress.ts';
import { statusWords } from './words/en/status.ts';
import { DEFAULT_LANGUAGE, type Language } from './words/languages.ts';
import { phrase, sayPhrase, type Phrase } from './words/phrase.ts';

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

type StatusPhrase = Phrase<typeof statusWords>;
/** A count as a plural's values: the number its plural reads, and the count worded. */
const counted = (count: number) => ({ count, n: formatCount(count) });

/** "A few minutes", "About 3 hours", "About 4 days". */
export function durationPhrase(seconds: number): StatusPhrase {
  const minutes = Math.round(seconds / 60);
  if (minutes < 5) return phrase('fewMinutes');
  if (minutes < 55) return phrase('aboutMinutes', counted(Math.round(minutes / 5) * 5));
  const hours = Math.round(seconds / 3600);
  if (hours < 36) return phrase('aboutHours', counted(Math.max(1, hours)));
  return phrase('aboutDays', counted(Math.round(seconds / 86_400)));
}

/** "About 4 days — Gmail accepts about 500 MB a day from other apps.", or "About 3 hours at the pace so far." */
export function estimatePhrase(estimate: TransferEstimate): StatusPhrase {
  const duration = durationPhrase(estimate.seconds);
  const cap = estimate.cap;
  const name = cap && providerName(cap.provider);
  const amount =
    cap?.bytes !== undefined
      ? formatBytes(cap.bytes)
      : cap?.messages !== undefined
        ? phrase<typeof statusWords>('capMessages', counted(cap.messages))
        : null;
  return cap && name && amount !== null ? phrase('capped', { duration, name, amount, per: cap.per }) : phrase('atThePace', { duration });
}

/** The estimate in a language, for the 'started' mail (the status page says the phrase). */
export const estimateSentence = (estimate: TransferEstimate, language: Language = DEFAULT_LANGUAGE): string =>
  sayPhrase(language, statusWords, estimatePhrase(estimate));
