/**
 * How the status page words an operation's outcome, so the words match what happened (issue 36): a
 * partly failed export says how many could not be moved, never a tick beside full counts; a cancelled
 * or stopped one says how many arrived before it ended; failed items are counted by reason in plain
 * words ("Too big for Gmail: 12"). Counts are always what arrived, whatever the outcome. The words are
 * phrases of the status section (contract/words/en/status.ts), said by the view (decision 0033).
 */
import { formatCount, phrase, providerName, type DestinationProvider, type KeyOf, type TransferProgress } from '../contract/index.ts';
import type { statusWords } from '../contract/words/en/status.ts';
import type { JobStatus } from './job-status.ts';
import { items, type OperationKind, type StatusPhrase } from './status-texts.ts';

type StatusKey = KeyOf<typeof statusWords>;
const say = phrase<typeof statusWords>;

/**
 * What became of an operation: still running, held by its owner (decision 0031), all moved, some not
 * moved, stopped by its owner, or stopped by a fault.
 */
export type Outcome = 'running' | 'paused' | 'completed' | 'partial' | 'cancelled' | 'error';

export function outcomeOf(status: JobStatus, reason: string | undefined, progress: TransferProgress | null, paused = false): Outcome {
  if (status === 'started') return paused ? 'paused' : 'running';
  // A cancel that came too late does not undo a completed export.
  if (status === 'completed') return progress !== null && progress.failed > 0 ? 'partial' : 'completed';
  return reason === 'cancelled' ? 'cancelled' : 'error';
}

/** "44 of 300 messages", or "44 messages" when the source was never counted. */
const arrivedOf = (kind: OperationKind, progress: TransferProgress): StatusPhrase =>
  progress.total === null
    ? items(kind, progress.done)
    : say('countOf', { n: formatCount(progress.done), items: items(kind, progress.total) });

/** The status label: "In progress", "Paused", "Completed", "Completed — 15 of 300 messages could not be moved", "Cancelled", "Error". */
export function headlineText(kind: OperationKind, outcome: Outcome, progress: TransferProgress | null): StatusPhrase {
  if (outcome !== 'partial') return say(outcome);
  const failed = progress?.failed ?? 0;
  const total = progress?.total ?? failed + (progress?.done ?? 0);
  return say('partial', { count: failed, failed: formatCount(failed), items: items(kind, total) });
}

const ARRIVED = { partial: 'arrived', cancelled: 'arrivedBeforeCancel', error: 'arrivedBeforeStop' } as const;

/** What arrived once it ended: "285 of 300 messages arrived", "44 of 300 messages arrived before you cancelled"; null while it runs or when all arrived. */
export function arrivedText(kind: OperationKind, outcome: Outcome, progress: TransferProgress | null): StatusPhrase | null {
  if (progress === null || !(outcome in ARRIVED)) return null;
  return say(ARRIVED[outcome as keyof typeof ARRIVED], { count: progress.done, arrived: arrivedOf(kind, progress) });
}

/** Each reason of the engine's item report in plain words (`{to}` is the destination's name); anything else is "Could not be moved". */
const REASON_WORDS: Readonly<Record<string, StatusKey>> = {
  'too-big': 'tooBig',
  quota: 'quota',
  refused: 'refused',
  'unreadable-at-source': 'unreadable',
  'vanished-at-source': 'vanished',
  'folder-missing': 'folderMissing',
  'folder-refused': 'folderRefused',
  // Not a failure: the item arrived, changed (a PST keeps a message it cannot read as a note).
  'kept-as-attachment': 'keptAsAttachment',
};

/** "Too big for Gmail" — any reason this build does not know is still counted, in general words. */
export function failureReasonText(reason: string, destination: DestinationProvider | undefined): StatusPhrase {
  const name = destination === undefined ? undefined : providerName(destination);
  const to = name ?? say(destination === 'file' ? 'theFile' : 'theNewMailbox');
  return say(REASON_WORDS[reason] ?? 'notMoved', { to });
}

/**
 * What a screen reader hears of an operation (after its name), said again only when it means
 * something: while it runs, each tenth of the way ("in progress, about 40% done"), not every count;
 * once it ended, its label and what arrived.
 */
export function announcementText(
  outcome: Outcome,
  headline: StatusPhrase,
  progress: TransferProgress | null,
  counts: StatusPhrase | null,
): StatusPhrase {
  if (outcome !== 'running') return counts ? say('announceEnded', { headline, counts }) : headline;
  if (progress === null || progress.total === null || progress.total === 0) return say('announceRunning');
  const tenths = Math.min(Math.floor(((progress.done + progress.failed) / progress.total) * 10) * 10, 100);
  return tenths === 0 ? say('announceRunning') : say('announceTenths', { percent: tenths });
}
