/**
 * How the status page words an operation's outcome, so the words match what happened (issue 36): a
 * partly failed export says how many could not be moved, never a tick beside full counts; a cancelled
 * or stopped one says how many arrived before it ended; failed items are counted by reason in plain
 * words ("Too big for Gmail: 12"). Counts are always what arrived, whatever the outcome.
 */
import { formatCount, providerName, type DestinationProvider, type TransferProgress } from '../contract/index.ts';
import type { JobStatus } from './job-status.ts';
import { items, type OperationKind } from './status-texts.ts';

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
const arrivedOf = (kind: OperationKind, progress: TransferProgress) =>
  progress.total === null ? items(kind, progress.done) : `${formatCount(progress.done)} of ${items(kind, progress.total)}`;

/** The status label: "In progress", "Paused", "Completed", "Completed — 15 of 300 messages could not be moved", "Cancelled", "Error". */
export function headlineText(kind: OperationKind, outcome: Outcome, progress: TransferProgress | null): string {
  switch (outcome) {
    case 'running':
      return 'In progress';
    case 'paused':
      return 'Paused';
    case 'completed':
      return 'Completed';
    case 'partial': {
      const failed = progress?.failed ?? 0;
      const total = progress?.total ?? failed + (progress?.done ?? 0);
      return `Completed — ${formatCount(failed)} of ${items(kind, total)} could not be moved`;
    }
    case 'cancelled':
      return 'Cancelled';
    case 'error':
      return 'Error';
  }
}

/** What arrived once it ended: "285 of 300 messages arrived", "44 of 300 messages arrived before you cancelled"; null while it runs or when all arrived. */
export function arrivedText(kind: OperationKind, outcome: Outcome, progress: TransferProgress | null): string | null {
  if (progress === null) return null;
  if (outcome === 'partial') return `${arrivedOf(kind, progress)} arrived.`;
  if (outcome === 'cancelled') return `${arrivedOf(kind, progress)} arrived before you cancelled.`;
  if (outcome === 'error') return `${arrivedOf(kind, progress)} arrived before the export stopped.`;
  return null;
}

/** Each reason of the engine's item report in plain words; `{to}` is the destination's name. */
const REASON_WORDS: Readonly<Record<string, string>> = {
  'too-big': 'Too big for {to}',
  quota: 'No room left at {to}',
  refused: 'Not accepted by {to}',
  'unreadable-at-source': 'Could not be read from your old mailbox',
  'vanished-at-source': 'Deleted from your old mailbox during the export',
  'folder-missing': 'In a folder deleted during the export',
  'folder-refused': 'In a folder {to} would not open or create',
  // Not a failure: the item arrived, changed (a PST keeps a message it cannot read as a note).
  'kept-as-attachment': 'Could not be read, so it is a note with the message attached',
};

/** "Too big for Gmail" — any reason this build does not know is still counted, in general words. */
export function failureReasonText(reason: string, destination: DestinationProvider | undefined): string {
  const name = destination === undefined ? undefined : providerName(destination);
  const to = name ?? (destination === 'file' ? 'the file' : 'the new mailbox');
  return (REASON_WORDS[reason] ?? 'Could not be moved').replace('{to}', to);
}

/**
 * What a screen reader hears of an operation (after its name), said again only when it means
 * something: while it runs, each tenth of the way ("in progress, about 40% done"), not every count;
 * once it ended, its label and what arrived.
 */
export function announcementText(outcome: Outcome, headline: string, progress: TransferProgress | null, counts: string | null): string {
  if (outcome !== 'running') return [headline, counts].filter(Boolean).join('. ');
  if (progress === null || progress.total === null || progress.total === 0) return 'in progress';
  const tenths = Math.min(Math.floor(((progress.done + progress.failed) / progress.total) * 10) * 10, 100);
  return tenths === 0 ? 'in progress' : `in progress, about ${tenths}% done`;
}
