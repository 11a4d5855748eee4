/**
 * What the status pages read: the export's operations with their progress, the owner's extras
 * (cancel, pause and resume, receipt, item report) and the page's message; the list of exports by sign-in.
 */
import { formatBytes, formatCount, moment, phrase, type FailureSummary, type Moment, type TransferProgress } from '../contract/index.ts';
import { announcementText, arrivedText, failureReasonText, headlineText, outcomeOf, type Outcome } from './outcome-texts.ts';
import {
  copyPassText,
  counted,
  estimateText,
  forwardingText,
  failedText,
  leftOutText,
  pausedText,
  progressText,
  type OperationKind,
  type StatusPhrase,
  waitingText,
} from './status-texts.ts';
import { END_REASON_TEXTS, MESSAGES, noExportsFoundText, type SaidError } from './errors.ts';
import { toJobStatus, type JobStatus } from './job-status.ts';
import type { PortalSnapshot } from './selectors.ts';
import type { statusWords } from '../contract/words/en/status.ts';

const OPERATION_KINDS: readonly OperationKind[] = ['emailmigration', 'contactsmigration'];

/** One operation of the export as the status page shows it; its words are phrases the view says (decision 0033). */
export type OperationView = {
  kind: OperationKind;
  status: JobStatus;
  /** What became of it (outcome-texts.ts), and that in words for its label. */
  outcome: Outcome;
  headline: StatusPhrase;
  /** What a screen reader is told, after the operation's name: only meaningful changes (outcome-texts.ts). */
  announcement: StatusPhrase;
  /** The counts, for the progress bar. */
  progress: TransferProgress | null;
  /** How far it got, in words: while it runs, and once it ended what arrived. */
  counts: StatusPhrase | null;
  /** How many items could not be moved, in words; null when none. */
  failed: StatusPhrase | null;
  /** While the destination makes us wait: why, and until when, in words. */
  waiting: StatusPhrase | null;
  /** While its owner has paused it: since when, and that nothing is copied until they resume it, in words. */
  paused: StatusPhrase | null;
  /** While it runs: how long it should take and what sets the pace, in words. */
  estimate: StatusPhrase | null;
  /** Why it ended in error, in words; null when the reason is unknown or there is no error. */
  reason: string | null;
};

/** One failed item as the page lists it: what a person finds it by, in words. */
export type FailedItemView = {
  key: string;
  folder: StatusPhrase | string;
  subject: StatusPhrase | string;
  sender: StatusPhrase | string;
  date: StatusPhrase;
  size: string;
};

/**
 * The item report's words on the page: for items that could not be moved, or, when none failed, for
 * items that arrived in another form (a message kept as an attachment in a PST).
 */
const REPORT_WORDS = {
  failed: { heading: 'reportFailedTitle', caption: 'reportFailedCaption', link: 'reportFailedLink' },
  kept: { heading: 'reportKeptTitle', caption: 'reportKeptCaption', link: 'reportKeptLink' },
} as const;

const say = phrase<typeof statusWords>;
const UNKNOWN = say('unknown');

/** The owner's short account of what failed: "Too big for Gmail: 12", and the first few items. */
function failuresView(failures: FailureSummary, anyFailed: boolean) {
  const words = REPORT_WORDS[anyFailed ? 'failed' : 'kept'];
  return {
    heading: say(words.heading),
    caption: say(words.caption, counted(failures.items.length)),
    reportLink: say(words.link),
    reasons: failures.reasons.map((group) => ({
      // A reason may come once per operation (too big, for mail and for contacts).
      key: `${group.operation}/${group.reason}`,
      text: say('reasonCount', { reason: failureReasonText(group.reason, failures.destination), n: formatCount(group.count) }),
    })),
    items: failures.items.map((item, index): FailedItemView => ({
      key: String(index),
      folder: item.operation === 'contactsmigration' ? say('contactsFolder', { name: item.container }) : item.container,
      subject: item.subject ?? say('noSubject'),
      sender: item.sender ?? UNKNOWN,
      date:
        item.date === null || Number.isNaN(Date.parse(item.date))
          ? UNKNOWN
          : say('when', { when: moment(Date.parse(item.date), 'dateAndTime') }),
      size: item.size === null ? '' : formatBytes(item.size),
    })),
  };
}

/** One pass of Copy new mail as the page lists it: when, and what it copied. */
export type CopyPassView = { key: string; when: Moment | null; text: StatusPhrase };

/**
 * Copy new mail on the owner's page (decision 0032): the button, whether a pass is being started or
 * runs, the last pass's result (announced once it ended), every pass's line, and why a start failed.
 */
export function selectCopyNewMail(snapshot: PortalSnapshot) {
  const copy = snapshot.context.jobStatus?.copy_new_mail;
  const passes = copy?.passes ?? [];
  const last = passes.at(-1);
  const copying = (['starting', 'running', 'checking'] as const).some((state) =>
    snapshot.matches({ status: { shown: { copyNewMail: state } } }),
  );
  return {
    /** Shown at all: the service offers it, or has passes to tell of. */
    shown: copy !== undefined,
    canCopy: snapshot.can({ type: 'EXPORT.COPY_NEW_MAIL_REQUESTED' }),
    copying,
    result: last ? copyPassText(last) : null,
    passes: passes.map((pass): CopyPassView => ({
      key: String(pass.number),
      when: Number.isNaN(Date.parse(pass.started_at)) ? null : moment(Date.parse(pass.started_at), 'dateAndTime'),
      text: copyPassText(pass),
    })),
    error: snapshot.context.copyNewMailError,
    forwarding: forwardingView(snapshot),
  };
}

/**
 * Forwarding's daily copies on the owner's page (decision 0032): what goes on, in words, and the stop
 * button with its confirmation; null for an export that never chose forwarding.
 */
function forwardingView(snapshot: PortalSnapshot) {
  const text = forwardingText(snapshot.context.jobStatus?.copy_new_mail?.forwarding);
  if (text === null) return null;
  return {
    text,
    canStop: snapshot.can({ type: 'FORWARDING.STOP_REQUESTED' }),
    confirming: snapshot.matches({ status: { shown: 'confirmingStopForwarding' } }),
    stopping: snapshot.matches({ status: { shown: 'stoppingForwarding' } }),
  };
}

/** The export on /status: its operations, the owner's extras, and the page's message. */
export const selectJobStatus = (snapshot: PortalSnapshot) => {
  const c = snapshot.context;
  const answer = c.jobStatus;
  const operations: OperationView[] = OPERATION_KINDS.flatMap((kind) => {
    const operation = answer?.[kind];
    if (!answer || !operation) return [];
    // An error on the answer as a whole puts every operation in error.
    const status = answer.error ? 'error' : toJobStatus(operation.status);
    const progress = operation.progress ?? null;
    const paused = status === 'started' && operation.paused ? operation.paused : null;
    const outcome = outcomeOf(status, operation.reason, progress, paused !== null);
    const ongoing = outcome === 'running' || outcome === 'paused' || outcome === 'completed';
    const headline = headlineText(kind, outcome, progress);
    const counts = progress && ongoing ? progressText(kind, progress) : arrivedText(kind, outcome, progress);
    return [
      {
        kind,
        status,
        outcome,
        headline,
        announcement: announcementText(outcome, headline, progress, counts),
        progress,
        counts,
        // A partly failed one says it in its label already.
        failed: progress && outcome !== 'partial' ? failedText(kind, progress) : null,
        waiting: status === 'started' && operation.waiting ? waitingText(operation.waiting) : null,
        paused: paused ? pausedText(paused) : null,
        estimate: status === 'started' && operation.estimate ? estimateText(operation.estimate) : null,
        reason: status === 'error' ? (END_REASON_TEXTS[operation.reason ?? ''] ?? null) : null,
      },
    ];
  });
  const cancelled = operations.some((operation) => operation.outcome === 'cancelled');
  return {
    exportId: c.statusExportId,
    operations,
    downloadUrl: answer?.emailmigration?.download_url ?? answer?.contactsmigration?.download_url ?? null,
    reportUrl: answer?.report_url ?? null,
    receipt: answer?.receipt ?? [],
    failures: answer?.failures
      ? failuresView(
          answer.failures,
          operations.some((operation) => (operation.progress?.failed ?? 0) > 0),
        )
      : null,
    /** What the customer chose not to move, in words; null when they moved everything. */
    leftOut: answer?.left_out ? leftOutText(answer.left_out) : null,
    copyNewMail: selectCopyNewMail(snapshot),
    canCancel: snapshot.can({ type: 'EXPORT.CANCEL_REQUESTED' }),
    hold: holdButton(snapshot, operations),
    confirmingCancel: snapshot.matches({ status: { shown: 'confirmingCancel' } }),
    cancelling: snapshot.matches({ status: { shown: 'cancelling' } }),
    actionError: c.actionError,
    message: snapshot.matches({ status: 'invalidId' })
      ? MESSAGES.statusInvalidId
      : snapshot.matches({ status: 'failed' })
        ? MESSAGES.statusLookupFailed
        : operations.some((operation) => operation.status === 'error') && !cancelled
          ? MESSAGES.statusFailed
          : null,
  };
};

/**
 * The owner's Pause or Resume button (decision 0031), one in the same place: which the answer offers,
 * and busy from the press until the answer after the call arrives (so it neither vanishes nor can be
 * pressed twice). null when the answer offers neither (not the owner, a file export, ended).
 */
function holdButton(snapshot: PortalSnapshot, operations: OperationView[]) {
  const answer = snapshot.context.jobStatus;
  const running = operations.some((operation) => operation.status === 'started');
  if (!running || !snapshot.matches({ status: 'shown' })) return null;
  const event = answer?.can_resume ? 'EXPORT.RESUME_REQUESTED' : answer?.can_pause ? 'EXPORT.PAUSE_REQUESTED' : null;
  if (event === null) return null;
  return { event, busy: !snapshot.can({ type: event }) } as const;
}

/** The complete page's way to stop the export it just started. */
export const selectCompleteCancel = (snapshot: PortalSnapshot) => ({
  confirming: snapshot.matches({ complete: 'confirmingCancel' }),
  cancelling: snapshot.matches({ complete: 'cancelling' }),
  error: snapshot.matches('complete') ? snapshot.context.actionError : null,
});
export const selectJobs = (snapshot: PortalSnapshot) => ({
  jobs: snapshot.context.jobs,
  message: snapshot.matches({ statusFromEmail: 'failed' })
    ? ({ key: MESSAGES.statusFromEmailFailed } satisfies SaidError)
    : snapshot.matches({ statusFromEmail: 'shown' }) && snapshot.context.jobs.length === 0
      ? noExportsFoundText(snapshot.context.srcAccount?.email)
      : null,
});
