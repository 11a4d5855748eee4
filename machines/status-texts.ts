/**
 * How the status page words an operation: how far it got ("1,240 of 5,000 messages (35 MB of 120 MB)"),
 * what failed, how long it will take, why it waits or that its owner paused it ("About 4 days — Gmail
 * accepts about 500 MB a day from other apps."). The service sends the figures (counts, the seconds to
 * go from the moment it answered, the destination's cap when that sets the pace, the time a wait
 * ends); here they become phrases of the status section (contract/words/en/status.ts), which the view
 * says in the customer's language (decision 0033) — the time to finish from the contract's
 * estimatePhrase, which the 'started' mail says too. No clock is read.
 */
import {
  estimatePhrase,
  formatBytes,
  formatCount,
  moment,
  phrase,
  providerName,
  type CopyNewMail,
  type CopyPass,
  type LeftOut,
  type Phrase,
  type TransferEstimate,
  type TransferPaused,
  type TransferProgress,
  type TransferWait,
  dayWords,
} from '../contract/index.ts';
import type { statusWords } from '../contract/words/en/status.ts';

/** A text of the status page: a message of the status section, with its values. */
export type StatusPhrase = Phrase<typeof statusWords>;
const say = phrase<typeof statusWords>;

/** A count as a plural's values: the number its plural reads, and the count worded ("1,240"). */
export const counted = (count: number) => ({ count, n: formatCount(count) });

/** "About 4 days — Gmail accepts about 500 MB a day from other apps. You can close this page; …" */
export const estimateText = (estimate: TransferEstimate): StatusPhrase => say('estimate', { sentence: estimatePhrase(estimate) });

/** "Waiting for Gmail's daily limit — continues about Tuesday 2:00 PM. You can close this page." */
export function waitingText(wait: TransferWait): StatusPhrase {
  const at = Date.parse(wait.until);
  const resume = Number.isNaN(at) ? say('resumeSoon') : say('resumeAbout', { when: moment(at, 'weekdayAndTime') });
  const name = wait.provider ? providerName(wait.provider) : undefined;
  const daily = wait.reason === 'daily-limit';
  const why = name ? say(daily ? 'dailyLimitOf' : 'slowDownBy', { name }) : say(daily ? 'dailyLimit' : 'slowDown');
  return say('waiting', { why, resume });
}

/**
 * "You paused this export on Tuesday 2:00 PM. Nothing is copied until you resume it." Said apart from
 * a destination's wait (waitingText), which ends by itself: only the customer ends this one.
 */
export function pausedText(paused: TransferPaused): StatusPhrase {
  const at = Date.parse(paused.since);
  return Number.isNaN(at) ? say('pausedSince') : say('pausedOn', { when: moment(at, 'weekdayAndTime') });
}

export type OperationKind = 'emailmigration' | 'contactsmigration';
/** "1,240 messages", "1 contact". */
export const items = (kind: OperationKind, count: number): StatusPhrase => say('items', { kind, ...counted(count) });

/** "1,240 of 5,000 messages (35 MB of 120 MB)", or what is known before the source is counted. */
export function progressText(kind: OperationKind, progress: TransferProgress): StatusPhrase {
  const handled = progress.done + progress.failed;
  const count =
    progress.total === null
      ? say('soFar', { items: items(kind, handled) })
      : say('countOf', { n: formatCount(handled), items: items(kind, progress.total) });
  return progress.bytes_done !== undefined && progress.bytes_total
    ? say('withBytes', { counted: count, done: formatBytes(progress.bytes_done), total: formatBytes(progress.bytes_total) })
    : count;
}

/** "3 messages could not be moved.", or null when none failed. */
export function failedText(kind: OperationKind, progress: TransferProgress): StatusPhrase | null {
  return progress.failed === 0 ? null : say('failed', { count: progress.failed, items: items(kind, progress.failed) });
}

/** "You chose not to move 2 folders and mail before Mar 1, 2026.", or null when everything was chosen. */
export function leftOutText(leftOut: LeftOut): StatusPhrase | null {
  const parts: StatusPhrase[] = [];
  if (leftOut.folders > 0) parts.push(say('folders', counted(leftOut.folders)));
  const before = leftOut.before ?? '';
  if (dayWords(before) !== null) parts.push(say('mailBefore', { day: { day: before } }));
  const [first, second] = parts;
  if (!first) return null;
  return say('leftOut', { what: second ? say('both', { first, second }) : first });
}

/**
 * What one pass of Copy new mail did (decision 0032): "5 new messages copied", "1 new message and 2 new
 * contacts copied", "No new messages"; while it runs, what it copied so far.
 */
export function copyPassText(pass: Pick<CopyPass, 'status' | 'messages' | 'contacts' | 'failed'>): StatusPhrase {
  const [first, second] = [
    ...(pass.messages > 0 ? [say('newMessages', counted(pass.messages))] : []),
    ...(pass.contacts > 0 ? [say('newContacts', counted(pass.contacts))] : []),
  ];
  const count = first && (second ? say('both', { first, second }) : first);
  const failed = pass.failed > 0 ? say('notCopied', { n: formatCount(pass.failed) }) : '';
  if (pass.status === 'started') return count ? say('copyingSoFar', { counted: count }) : say('copyingLooking');
  if (pass.status !== 'completed') return count ? say('copyStopped', { counted: count, failed }) : say('copyStoppedNothing', { failed });
  return count ? say('copied', { counted: count, failed }) : say('noNewMessages', { failed });
}

/**
 * Forwarding's daily copies (decision 0032) while they go on: "We copy new mail from your old mailbox
 * once a day until Dec 24, 2026. The next copy is on Nov 29, 2026, 9:00 AM." Once ended (the answer's
 * `forwarding` is null): that no more is copied. null for an export that never chose it.
 */
export function forwardingText(forwarding: CopyNewMail['forwarding']): StatusPhrase | null {
  if (forwarding === undefined) return null;
  if (forwarding === null) return say('forwardingEnded');
  const until = Date.parse(forwarding.until);
  const at = Date.parse(forwarding.next_pass_at);
  const next = Number.isNaN(at) ? '' : say('nextCopy', { when: moment(at, 'dateAndTime') });
  return Number.isNaN(until)
    ? say('forwardingUntilClosed', { next })
    : say('forwardingUntil', { date: moment(until, 'calendarDate'), next });
}
