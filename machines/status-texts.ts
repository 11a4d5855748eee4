/**
 * How the status page words an operation: how far it got ("1,240 of 5,000 messages (35 MB of 120 MB)"),
 * what failed, how long it will take, why it waits or that its owner paused it ("About 4 days — Gmail accepts about 500 MB a day
 * from other apps."). The service sends the figures (counts, the seconds to go from the moment it
 * answered, the destination's cap when that sets the pace, the time a wait ends); the words are made
 * here, so every text a customer reads comes through the machine — the time to finish from the
 * contract's estimateSentence, which the 'started' mail says too. No clock is read.
 */
import {
  calendarDate,
  dayWords,
  dateAndTime,
  estimateSentence,
  formatBytes,
  formatCount,
  type CopyNewMail,
  type CopyPass,
  providerName,
  weekdayAndTime,
  type LeftOut,
  type TransferEstimate,
  type TransferPaused,
  type TransferProgress,
  type TransferWait,
} from '../contract/index.ts';

export const CLOSE_AND_WAIT = 'You can close this page; we will email you when it is done.';

/** "About 4 days — Gmail accepts about 500 MB a day from other apps. You can close this page; …" */
export function estimateText(estimate: TransferEstimate): string {
  return `${estimateSentence(estimate)} ${CLOSE_AND_WAIT}`;
}

/** "Waiting for Gmail's daily limit — continues about Tuesday 2:00 PM. You can close this page." */
export function waitingText(wait: TransferWait): string {
  const at = Date.parse(wait.until);
  const resume = Number.isNaN(at) ? 'soon' : `about ${weekdayAndTime(at)}`;
  const name = wait.provider ? providerName(wait.provider) : undefined;
  const who = name ? `${name}'s` : "the destination's";
  const why = wait.reason === 'daily-limit' ? `${who} daily limit` : `${name ?? 'the destination'}, which asked us to slow down`;
  return `Waiting for ${why} — continues ${resume}. You can close this page.`;
}

/**
 * "You paused this export on Tuesday 2:00 PM. Nothing is copied until you resume it." Said apart from
 * a destination's wait (waitingText), which ends by itself: only the customer ends this one.
 */
export function pausedText(paused: TransferPaused): string {
  const at = Date.parse(paused.since);
  const when = Number.isNaN(at) ? '' : ` on ${weekdayAndTime(at)}`;
  return `You paused this export${when}. Nothing is copied until you resume it. What was copied stays where it is.`;
}

export type OperationKind = 'emailmigration' | 'contactsmigration';
const ITEM = { emailmigration: ['message', 'messages'], contactsmigration: ['contact', 'contacts'] } as const;
/** "1,240 messages", "1 contact". */
export const items = (kind: OperationKind, count: number) => `${formatCount(count)} ${ITEM[kind][count === 1 ? 0 : 1]}`;

/** "1,240 of 5,000 messages (35 MB of 120 MB)", or what is known before the source is counted. */
export function progressText(kind: OperationKind, progress: TransferProgress): string {
  const handled = progress.done + progress.failed;
  const counted = progress.total === null ? `${items(kind, handled)} so far` : `${formatCount(handled)} of ${items(kind, progress.total)}`;
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

/** "You chose not to move 2 folders and mail before Mar 1, 2026.", or null when everything was chosen. */
export function leftOutText(leftOut: LeftOut): string | null {
  const parts: string[] = [];
  if (leftOut.folders > 0) parts.push(`${formatCount(leftOut.folders)} ${leftOut.folders === 1 ? 'folder' : 'folders'}`);
  const before = dayWords(leftOut.before ?? '');
  if (before) parts.push(`mail before ${before}`);
  return parts.length === 0 ? null : `You chose not to move ${parts.join(' and ')}.`;
}

/**
 * What one pass of Copy new mail did (decision 0032): "5 new messages copied", "1 new message and 2 new
 * contacts copied", "No new messages"; while it runs, what it copied so far.
 */
export function copyPassText(pass: Pick<CopyPass, 'status' | 'messages' | 'contacts' | 'failed'>): string {
  const counted = [
    ...(pass.messages > 0 ? [`${formatCount(pass.messages)} new ${pass.messages === 1 ? 'message' : 'messages'}`] : []),
    ...(pass.contacts > 0 ? [`${formatCount(pass.contacts)} new ${pass.contacts === 1 ? 'contact' : 'contacts'}`] : []),
  ];
  const failed = pass.failed > 0 ? ` ${formatCount(pass.failed)} could not be copied.` : '';
  if (pass.status === 'started')
    return `Copying new mail: ${counted.length > 0 ? `${counted.join(' and ')} so far` : 'looking for new mail'}.`;
  if (pass.status !== 'completed')
    return `Copying new mail stopped: ${counted.length > 0 ? `${counted.join(' and ')} copied` : 'nothing copied'}.${failed}`;
  return `${counted.length > 0 ? `${counted.join(' and ')} copied` : 'No new messages'}.${failed}`;
}

/**
 * Forwarding's daily copies (decision 0032) while they go on: "We copy new mail from your Northwave
 * mailbox once a day until Dec 24, 2026. The next copy is on Nov 29, 2026, 9:00 AM." Once ended (the
 * answer's `forwarding` is null): that no more is copied. null for an export that never chose it.
 */
export function forwardingText(forwarding: CopyNewMail['forwarding']): string | null {
  if (forwarding === undefined) return null;
  if (forwarding === null) return 'We no longer copy new mail for this export. Mail that arrives now stays in your old mailbox.';
  const until = Date.parse(forwarding.until);
  const next = Date.parse(forwarding.next_pass_at);
  const end = Number.isNaN(until) ? 'until your account closes' : `until ${calendarDate(until)}`;
  const then = Number.isNaN(next) ? '' : ` The next copy is on ${dateAndTime(next)}.`;
  return `We copy new mail from your old mailbox once a day ${end}.${then}`;
}
