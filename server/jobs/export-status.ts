/**
 * Where one export stands, as its own row (`jobs.status`) records it (decision 0035): the one status
 * the export service owns, and which status each of its transitions leaves from (lifecycle.ts makes
 * each a conditional update on that list). `completed` and `error` are its end; nothing leaves them.
 */
export type ExportStatus = 'queued' | 'running' | 'sleeping' | 'paused' | 'cancelling' | 'completed' | 'error';

export const ENDED = ['completed', 'error'] as const satisfies readonly ExportStatus[];

/** The statuses each transition may leave from. */
export const LEAVES_FROM = {
  /** A worker took it from the queue. */
  claimed: ['queued', 'sleeping'],
  /** A destination made it wait. */
  slept: ['queued', 'running'],
  /** Its owner paused it (a paused export is paused already). */
  paused: ['queued', 'running', 'sleeping'],
  /** Its owner let it go on. */
  resumed: ['paused'],
  /** Its owner stopped it; twice is once. */
  cancelling: ['queued', 'running', 'sleeping', 'paused', 'cancelling'],
  // The end leaves from wherever the export stands, once: its condition is that no end is recorded
  // (`finished_at` null). Migration 0015 gave a transfer that had ended before its job was settled
  // its outcome as status; the next settle records that end in full (its time, its mail).
} as const satisfies Record<string, readonly ExportStatus[]>;

const within = (list: readonly ExportStatus[], status: ExportStatus) => list.includes(status);

export const isEnded = (status: ExportStatus) => within(ENDED, status);
/** The owner may still cancel it. */
export const mayCancel = (status: ExportStatus) => status !== 'cancelling' && within(LEAVES_FROM.cancelling, status);
/** The owner may pause it now (only a transfer into a mailbox: decision 0031). */
export const mayPause = (status: ExportStatus) => within(LEAVES_FROM.paused, status);
