/**
 * A job's life from load: builds the engine that runs it (handing it the port it reports to,
 * decision 0035), starts it in one transaction with its 'started' mail, its consent and the engine's
 * transfer, asks the engine where it stands, records each change of the export's status through its
 * lifecycle (lifecycle.ts: the worker's claim and waits, the owner's cancel, pause and resume, and the
 * end with its 'ended' mail and count receipt, the mail this service decides, in the same transaction),
 * and answers the status calls. The end of an export the engine runs is recorded on the engine's
 * report; the status routes and the sweep still go through settle(), which records an end only
 * where no report comes (the simulated vendor, a job the engine never took).
 * What names the customer's folders or lets them act — the archive, the count receipt, the item
 * report, cancel, pause — is only in the answer to the signed-in account the export is of.
 * An ended job never changes again, so its anonymous answer is kept (ended-answers.ts) and a poll
 * of it costs no database read.
 */
import type { Logger } from 'pino';
import { FAILED_ITEMS_SHOWN, type CopyNewMail, type FailureSummary, type StatusResponse } from '../../contract/index.ts';
import type { Db } from '../db/open.ts';
import type { ExportEvents, ForwardingSchedule, JobProgress, TransferEngine, OperationProgress, ReportCount } from '../ports.ts';
import type { JobsStore, NewJob, OperationStatus, StoredJob } from '../db/jobs-store.ts';
import { exportMail, type EndSummary } from '../outbox/export-mail-delivery.ts';
import { runPeriodically } from '../background/periodic.ts';
import { sameAddress } from '../rules/capabilities.ts';
import type { DownloadGrants } from './download-grant.ts';
import { createEndedAnswers } from './ended-answers.ts';
import type { Lifecycle } from './lifecycle.ts';

/** What the engine's builder hands back: the engine the job service drives, and whatever else its builder adds. */
export type EngineParts = { engine: TransferEngine };

export type JobServiceDeps<E extends EngineParts> = {
  jobs: JobsStore;
  /** Every change of the export's status (lifecycle.ts). */
  lifecycle: Lifecycle;
  /**
   * Builds the engine, handing it the port it reports to (a transfer ended): the job service owns the
   * export and builds its engine, so nothing is filled in after construction.
   */
  buildEngine: (events: ExportEvents) => E;
  /** Gives a consent's tokens to the export a load starts, in the transaction that records it. */
  consents: { attach(destinationToken: string, exportId: string, within: Db): Promise<boolean> };
  grants: DownloadGrants;
  /** Grants for the item report (a key of their own: a download grant does not open a report). */
  reportGrants: DownloadGrants;
  logger: Logger;
  now: () => number;
  publicUrl: string;
  downloadTtlMs: number;
  /** How long an ended export is kept before the purge deletes it (EXPORT_HISTORY_DAYS). */
  historyMs: number;
  /** Whether the account is still active at the source (§4: it may still be exported); Copy new mail needs it. */
  sourceActive: (email: string) => Promise<boolean>;
  /** A second Copy new mail within this long of the first is the same click (IDEMPOTENCY_WINDOW_MS). */
  repeatWindowMs: number;
  /** When the source account closes (milliseconds since the epoch), where known: forwarding ends then at the latest. */
  closesAt: (email: string) => number | null;
  /** How long between two of forwarding's passes (FORWARDING_INTERVAL_MS). */
  forwardingIntervalMs: number;
};

/** Forwarding copies new mail for this long after the export at most (§9: "new email for 30 days"). */
export const FORWARDING_MS = 30 * 24 * 60 * 60 * 1000;

type OperationAnswer = NonNullable<StatusResponse['emailmigration']>;
type Operation = 'emailmigration' | 'contactsmigration';

const movesEmail = (job: StoredJob) => job.operations.includes('emailmigration') || job.operations.includes('emailforwarding');
const movesContacts = (job: StoredJob) => job.operations.includes('contactsmigration');

/**
 * Who asks for a status: the signed-in address and its sign-in token, which the grants in the
 * answer are sealed to (server/jobs/download-grant.ts).
 */
export type Viewer = { email: string; session: string };

export type CancelOutcome = 'cancelled' | 'not-found' | 'not-owner' | 'ended' | 'not-cancellable';
/** `done`: the export is paused (or goes on, for a resume) now, also when it already was. */
export type PauseOutcome = 'done' | 'not-found' | 'not-owner' | 'ended' | 'not-pausable';

/** An ended export is not stopped, paused or resumed any more: the owner's answer says so. */
const NO_ACTIONS = { can_cancel: false, can_pause: false, can_resume: false } as const;

export type StopForwardingOutcome = 'stopped' | 'not-found' | 'not-owner' | 'not-forwarding';
export type CopyNewMailOutcome = 'started' | 'not-found' | 'not-owner' | 'not-mailbox' | 'source-closed' | 'running' | 'closed';

/** An export whose mail went to a mailbox and completed: the only kind that can copy what arrived since. */
const completedToMailbox = (job: StoredJob) =>
  job.finishedAt !== null && job.destinationProvider !== 'file' && job.emailStatus === 'completed';

export type JobService = ReturnType<typeof createJobService>;

/** The export cannot start: its consent was used already or has expired (undoes the whole start). */
class ConsentUsed extends Error {}

/** A load to start: the job, the destination's password (or null), the consent's destination token (or null). */
export type StartRequest = { job: NewJob; secret: string | null; consent: string | null };
/** `exportId`: the export that holds the load's key (the new one, or an earlier duplicate's); `consent-used`: nothing started. */
export type StartOutcome = { exportId: string } | 'consent-used';

export function createJobService<E extends EngineParts>(deps: JobServiceDeps<E>) {
  const { jobs, lifecycle, logger, now } = deps;
  const endedAnswers = createEndedAnswers<StatusResponse>(now);
  const engineParts = deps.buildEngine({
    claimed: async (exportId) => void (await lifecycle.claimed(exportId)),
    slept: async (exportId, resumeAt) => void (await lifecycle.slept(exportId, resumeAt)),
    ended: endReported,
  });
  const { engine } = engineParts;

  /** The operations of the job with the status each has now (an engine with nothing yet is still working). */
  function statusesOf(job: StoredJob, progress: JobProgress): Record<Operation, OperationStatus | null> {
    if (job.finishedAt !== null) return { emailmigration: job.emailStatus, contactsmigration: job.contactsStatus };
    return {
      emailmigration: movesEmail(job) ? (progress.emailmigration?.status ?? 'started') : null,
      contactsmigration: movesContacts(job) ? (progress.contactsmigration?.status ?? 'started') : null,
    };
  }

  async function summaryOf(job: StoredJob, progress: JobProgress): Promise<EndSummary | undefined> {
    const receipt = await engine.receipt(job);
    if (receipt === null) return undefined;
    const operations = [progress.emailmigration, progress.contactsmigration];
    const failed = operations.reduce((sum, op) => sum + (op?.progress?.failed ?? 0), 0);
    const reason = operations.find((op) => op?.status === 'error')?.reason ?? null;
    return { receipt, failed, reason };
  }

  /**
   * Starts a load's export in one transaction: its job with its 'started' mail, its consent, and the
   * engine's transfer, unless a load with the same key was claimed since `duplicateSince` (then the
   * export that holds the key is answered, and nothing is written). Throws TooManyRunning past
   * `maxRunning` (jobs-store.ts), and what the engine throws when it cannot take the job: either
   * undoes everything, so a load that fails or dies half-way leaves no export behind.
   */
  async function start({ job, secret, consent }: StartRequest, duplicateSince: number, maxRunning: number): Promise<StartOutcome> {
    const begin = async (trx: Db) => {
      // One consent, one export: its tokens go with this job (a consent used already, or expired, starts none).
      if (consent !== null && !(await deps.consents.attach(consent, job.exportId, trx))) throw new ConsentUsed();
      await engine.start(job, secret, trx);
    };
    try {
      const exportId = await jobs.insertUnlessDuplicate(job, duplicateSince, {
        maxRunning,
        mail: exportMail(job.exportId, 'started'),
        then: begin,
      });
      if (exportId === job.exportId) engine.wake?.();
      return { exportId };
    } catch (error) {
      if (error instanceof ConsentUsed) return 'consent-used';
      throw error;
    }
  }

  /**
   * Brings a job up to date; records the end (and queues its mail) when the engine's progress shows
   * it: always after the engine's report (`reported`), otherwise only where no report comes (the
   * simulated vendor, a job the engine never took).
   */
  async function settle(stored: StoredJob, reported = false): Promise<{ job: StoredJob; progress: JobProgress }> {
    const progress = await engine.progress(stored, new Date(now()), { reported });
    if (stored.finishedAt !== null) return { job: stored, progress };
    const statuses = statusesOf(stored, progress);
    const present = [statuses.emailmigration, statuses.contactsmigration].filter((s) => s !== null);
    const current = { ...stored, emailStatus: statuses.emailmigration, contactsStatus: statuses.contactsmigration };
    if (present.some((s) => s === 'started')) return { job: current, progress };
    const failed = present.some((s) => s === 'error');
    const finishedAt = now();
    const offersFile = stored.destinationProvider === 'file' && !failed;
    const recorded = await lifecycle.end({
      exportId: stored.exportId,
      emailStatus: statuses.emailmigration,
      contactsStatus: statuses.contactsmigration,
      finishedAt,
      downloadExpiresAt: offersFile ? finishedAt + deps.downloadTtlMs : null,
      mail: exportMail(stored.exportId, failed ? 'error' : 'completed', await summaryOf(stored, progress)),
    });
    if (recorded) logger.info({ exportId: stored.exportId, outcome: failed ? 'error' : 'completed' }, 'export ended');
    // The end is recorded whatever happens here: a schedule that could not be set is logged, not thrown at the status call.
    if (recorded && !failed)
      await startForwarding({ ...current, finishedAt }, finishedAt).catch((error: unknown) =>
        logger.error({ err: error, exportId: stored.exportId }, 'forwarding could not be scheduled'),
      );
    return { job: (await jobs.find(stored.exportId)) ?? { ...current, finishedAt }, progress };
  }

  const isOwner = (job: StoredJob, viewer: string | null): viewer is string => viewer !== null && sameAddress(viewer, job.sourceEmail);

  const grantUrl = (path: string, grants: DownloadGrants, exportId: string, viewer: Viewer) =>
    `${deps.publicUrl}${path}${grants.issue(exportId, viewer.session, now())}`;

  /** The archive is kept (two weeks from the end), so its owner can still download it. */
  const fileKept = (job: StoredJob) => job.downloadExpiresAt !== null && job.downloadExpiresAt > now();

  /** One operation's entry: the §7 status, plus the transfer's counts, the destination's wait or the owner's pause, and the end reason where known. */
  function entry(status: OperationStatus, progress: OperationProgress | null, url: string | undefined): OperationAnswer {
    const answer: OperationAnswer = { status };
    if (url && status === 'completed') answer.download_url = url;
    if (progress?.progress) answer.progress = progress.progress;
    if (status === 'started' && progress?.waiting) answer.waiting = progress.waiting;
    if (status === 'started' && progress?.paused) answer.paused = progress.paused;
    if (status === 'started' && progress?.estimate) answer.estimate = progress.estimate;
    if (status === 'error' && progress?.reason) answer.reason = progress.reason;
    return answer;
  }

  /** What only the owner sees: cancel, pause and resume while it runs; after the end the receipt and the item report. */
  async function ownerFields(
    job: StoredJob,
    progress: JobProgress,
    viewer: Viewer,
  ): Promise<Pick<StatusResponse, 'can_cancel' | 'can_pause' | 'can_resume' | 'report_url' | 'receipt' | 'failures' | 'copy_new_mail'>> {
    if (job.finishedAt === null) return { can_cancel: progress.cancellable, can_pause: progress.pausable, can_resume: progress.resumable };
    const receipt = await engine.receipt(job);
    if (receipt === null) return NO_ACTIONS;
    const copy = await copyNewMailOf(job);
    if (copy) return { ...(await endedOwnerFields(job, progress, viewer, receipt)), copy_new_mail: copy };
    return endedOwnerFields(job, progress, viewer, receipt);
  }

  /** Copy new mail as the owner's answer tells it; undefined when the export cannot copy new mail. */
  async function copyNewMailOf(job: StoredJob): Promise<StatusResponse['copy_new_mail']> {
    if (!completedToMailbox(job) || !engine.followUp) return undefined;
    const followUp = await engine.followUp(job, new Date(now()));
    if (!followUp) return undefined;
    const offered = followUp.open && !followUp.running && (await deps.sourceActive(job.sourceEmail));
    if (!offered && followUp.passes.length === 0 && !followUp.forwarding) return undefined;
    return {
      offered,
      ...forwardingOf(followUp.forwarding),
      passes: followUp.passes.map((pass) => ({
        number: pass.number,
        trigger: pass.trigger,
        started_at: new Date(pass.startedAt).toISOString(),
        status: pass.status,
        messages: pass.messages,
        contacts: pass.contacts,
        failed: pass.failed,
      })),
    };
  }

  /** Forwarding in the owner's answer: absent when not chosen, its schedule while it goes on, null once it ended. */
  function forwardingOf(forwarding: ForwardingSchedule | null): Pick<CopyNewMail, 'forwarding'> {
    if (!forwarding) return {};
    if (forwarding.endedAt !== null || forwarding.nextPassAt === null) return { forwarding: null };
    return { forwarding: { until: new Date(forwarding.until).toISOString(), next_pass_at: new Date(forwarding.nextPassAt).toISOString() } };
  }

  async function endedOwnerFields(
    job: StoredJob,
    progress: JobProgress,
    viewer: Viewer,
    receipt: NonNullable<StatusResponse['receipt']>,
  ): Promise<Pick<StatusResponse, 'can_cancel' | 'can_pause' | 'can_resume' | 'report_url' | 'receipt' | 'failures'>> {
    const failed = (progress.emailmigration?.progress?.failed ?? 0) + (progress.contactsmigration?.progress?.failed ?? 0);
    // With none failed, the report may still list items kept in another form (a message attached in a PST).
    const reasons = await engine.failureCounts(job);
    if (failed === 0 && reasons.length === 0) return { ...NO_ACTIONS, receipt, report_url: null };
    return {
      ...NO_ACTIONS,
      receipt,
      report_url: grantUrl('/api/reports/', deps.reportGrants, job.exportId, viewer),
      failures: await failuresOf(job, reasons),
    };
  }

  /** The report's items in short for the page: counted by reason, and the first few as a person finds them. */
  async function failuresOf(job: StoredJob, reasons: ReportCount[]): Promise<FailureSummary> {
    const items = await engine.failedItems(job, FAILED_ITEMS_SHOWN);
    return {
      reasons,
      items: items.map((item) => ({
        operation: item.operation,
        container: item.container,
        reason: item.reason,
        subject: item.about?.subject ?? null,
        sender: item.about?.sender ?? null,
        date: item.about?.date ?? null,
        size: item.size,
      })),
      destination: job.destinationProvider,
    };
  }

  /**
   * The status answer: one entry per operation of the job, and whether its file is ready; for
   * `viewer` (the signed-in account asking, or null) who owns it, the link to a completed file,
   * cancel, the receipt and the report, their grants sealed to the viewer's sign-in.
   */
  async function status(exportId: string, viewer: Viewer | null): Promise<StatusResponse | null> {
    const kept = viewer === null ? endedAnswers.get(exportId) : undefined;
    if (kept) return kept;
    const stored = await jobs.find(exportId);
    if (!stored) return null;
    const { job, progress } = await settle(stored);
    const owner = isOwner(job, viewer?.email ?? null) ? viewer : null;
    const fileReady = fileKept(job);
    const url = owner && fileReady ? grantUrl('/api/downloads/', deps.grants, job.exportId, owner) : undefined;
    const answer: StatusResponse = {};
    const statuses = statusesOf(job, progress);
    for (const operation of ['emailmigration', 'contactsmigration'] as const) {
      const current = statuses[operation];
      if (current !== null) answer[operation] = entry(current, progress[operation], url);
    }
    // Says, to anyone with the export ID, that signing in as its owner downloads it (the link is the owner's alone).
    if (fileReady) answer.file_ready = true;
    if (owner)
      return { ...answer, ...(await ownerFields(job, progress, owner)), ...(progress.leftOut ? { left_out: progress.leftOut } : {}) };
    // Anyone else's answer to an ended job is final, but for its file being ready (that, until the file
    // goes) and for the job itself, which the purge deletes after its history period.
    if (job.finishedAt !== null) {
      const until = Math.min((fileReady && job.downloadExpiresAt) || Infinity, job.finishedAt + deps.historyMs);
      endedAnswers.set(exportId, answer, until);
    }
    return answer;
  }

  /** The owner stops a running export: the engine stops the transfer, and the job ends in error. */
  async function cancel(exportId: string, viewer: string): Promise<CancelOutcome> {
    const job = await jobs.find(exportId);
    if (!job) return 'not-found';
    if (!isOwner(job, viewer)) return 'not-owner';
    if (job.finishedAt !== null) return 'ended';
    const at = now();
    if (engine.cancel && (await lifecycle.cancel(exportId, at))) {
      await engine.cancel(job, new Date(at));
      logger.info({ exportId }, 'export cancelled by its owner');
      return 'cancelled';
    }
    const settled = await settle(job);
    return settled.job.finishedAt !== null ? 'ended' : 'not-cancellable';
  }

  /**
   * The owner copies what arrived since (decision 0032): a pass of the engine's. Refused unless the
   * export completed to a mailbox, its source is still active and no pass runs; a second click while
   * the pass it started runs (within the repeat window) is the same request, and starts nothing.
   */
  async function copyNewMail(exportId: string, viewer: string): Promise<CopyNewMailOutcome> {
    const job = await jobs.find(exportId);
    if (!job) return 'not-found';
    if (!isOwner(job, viewer)) return 'not-owner';
    if (!completedToMailbox(job) || !engine.copyNewMail || !engine.followUp) return 'not-mailbox';
    if (!(await deps.sourceActive(job.sourceEmail))) return 'source-closed';
    const at = new Date(now());
    const started = await engine.copyNewMail(job, 'customer', at);
    if (started !== 'running') return started;
    const last = (await engine.followUp(job, at))?.passes.at(-1);
    const sameClick = last?.status === 'started' && last.trigger === 'customer' && at.getTime() - last.startedAt < deps.repeatWindowMs;
    return sameClick ? 'started' : 'running';
  }

  /**
   * Forwarding (§9's hidden option, decision 0032): an export that carried it and completed to a
   * mailbox copies new mail every interval until 30 days after its end, or the account's closure if
   * that comes first.
   */
  async function startForwarding(job: StoredJob, finishedAt: number): Promise<void> {
    if (!job.operations.includes('emailforwarding') || !completedToMailbox(job) || !engine.forward) return;
    const closes = deps.closesAt(job.sourceEmail);
    const until = Math.min(finishedAt + FORWARDING_MS, closes ?? Infinity);
    const scheduled = await engine.forward(job, new Date(until), new Date(finishedAt + deps.forwardingIntervalMs));
    if (scheduled) logger.info({ exportId: job.exportId }, 'forwarding scheduled');
    else logger.error({ exportId: job.exportId }, 'forwarding could not be scheduled: the export keeps nothing to copy with');
  }

  /** Forwarding ended: its mail is queued by whichever call ended it first, so it goes once. */
  async function endForwarding(job: StoredJob, at: number, why: string): Promise<void> {
    if (!engine.endForwarding || !(await engine.endForwarding(job, new Date(at)))) return;
    await jobs.queueMail(exportMail(job.exportId, 'forwarding-ended'), at);
    logger.info({ exportId: job.exportId, why }, 'forwarding ended');
  }

  /**
   * One round of forwarding: each due export (claimed for this node alone) gets a pass, unless its
   * time is up or its source is no longer active, which ends it. A pass still running (the owner's
   * Copy new mail) waits for the next round.
   */
  async function forwardOnce(): Promise<void> {
    if (!engine.dueForwarding || !engine.copyNewMail) return;
    const at = now();
    for (const due of await engine.dueForwarding(new Date(at), deps.forwardingIntervalMs)) {
      try {
        const job = await jobs.find(due.exportId);
        if (!job) continue;
        if (due.until <= at) await endForwarding(job, at, 'time-up');
        else if (!(await deps.sourceActive(job.sourceEmail))) await endForwarding(job, at, 'source-closed');
        else if ((await engine.copyNewMail(job, 'schedule', new Date(at))) === 'closed') await endForwarding(job, at, 'closed');
      } catch (error) {
        logger.error({ err: error, exportId: due.exportId }, 'forwarding: a pass could not start; the next round tries again');
      }
    }
  }

  /** The owner stops forwarding: no pass starts after this; twice is once. */
  async function stopForwarding(exportId: string, viewer: string): Promise<StopForwardingOutcome> {
    const job = await jobs.find(exportId);
    if (!job) return 'not-found';
    if (!isOwner(job, viewer)) return 'not-owner';
    const forwarding = engine.followUp && (await engine.followUp(job, new Date(now())))?.forwarding;
    if (!forwarding) return 'not-forwarding';
    await endForwarding(job, now(), 'stopped');
    return 'stopped';
  }

  /**
   * The owner holds a running export (`pause`) or lets it go on (`resume`), decision 0031. Twice is
   * once: a second pause of a paused export, or a resume of one that runs, answers `done` as well.
   */
  async function hold(exportId: string, viewer: string, action: 'pause' | 'resume'): Promise<PauseOutcome> {
    const job = await jobs.find(exportId);
    if (!job) return 'not-found';
    if (!isOwner(job, viewer)) return 'not-owner';
    if (job.finishedAt !== null) return 'ended';
    const at = now();
    const done = await (action === 'pause' ? pauseOf(job, at) : resumeOf(job, at));
    if (done) return 'done';
    const settled = await settle(job);
    return settled.job.finishedAt !== null ? 'ended' : 'not-pausable';
  }

  /** The owner's pause, recorded with its one mail (the call that paused it queues it, a second click does not), then carried out. */
  async function pauseOf(job: StoredJob, at: number): Promise<boolean> {
    if (!engine.pause) return false;
    const paused = await lifecycle.pause(job.exportId, at, exportMail(job.exportId, 'paused'));
    if (paused !== 'paused') return paused === 'was-paused';
    engine.pause(job);
    logger.info({ exportId: job.exportId }, 'export paused by its owner');
    return true;
  }

  /** The owner lets a paused export go on; one that was not paused goes on as it was. */
  async function resumeOf(job: StoredJob, at: number): Promise<boolean> {
    if (!engine.resume) return false;
    const resumed = await lifecycle.resume(job.exportId);
    if (resumed !== 'resumed') return resumed === 'not-paused';
    await engine.resume(job, new Date(at));
    logger.info({ exportId: job.exportId }, 'export resumed by its owner');
    return true;
  }

  /** The item report of an ended export, for its report grant's bearer, with the language it was started in; null when there is none. */
  async function report(exportId: string) {
    const job = await jobs.find(exportId);
    if (!job || job.finishedAt === null) return null;
    const receipt = await engine.receipt(job);
    if (receipt === null) return null;
    return { receipt, items: await engine.failedItems(job), language: job.language };
  }

  /** The engine's report that an export's run has ended: its end is recorded now, once. */
  async function endReported(exportId: string): Promise<void> {
    const job = await jobs.find(exportId);
    if (!job) return;
    const settled = await settle(job, true);
    if (settled.job.finishedAt === null) logger.error({ exportId }, 'the engine reported an end its operations do not show');
  }

  /** One pass over unfinished jobs; a failing job is logged and retried on the next pass. */
  async function sweepOnce(): Promise<void> {
    for (const job of await jobs.listUnfinished()) {
      try {
        await settle(job);
      } catch (error) {
        logger.error({ err: error, exportId: job.exportId }, 'sweep could not settle a job');
      }
    }
  }

  /** Runs sweepOnce every intervalMs. */
  const startSweep = (intervalMs: number): (() => Promise<void>) => runPeriodically(intervalMs, sweepOnce);

  /**
   * The answer anyone but the owner gets for an ended export, as the status call's JSON text, when it
   * is kept (status() kept it when it first saw the end); undefined means: ask status().
   */
  const endedStatusJson = (exportId: string): string | undefined => endedAnswers.json(exportId);

  return {
    engineParts,
    start,
    settle,
    status,
    endedStatusJson,
    cancel,
    pause: (exportId: string, viewer: string) => hold(exportId, viewer, 'pause'),
    resume: (exportId: string, viewer: string) => hold(exportId, viewer, 'resume'),
    copyNewMail,
    stopForwarding,
    forwardOnce,
    /** Runs forwardOnce every intervalMs. */
    startForwardingLoop: (intervalMs: number): (() => Promise<void>) => runPeriodically(intervalMs, forwardOnce),
    report,
    sweepOnce,
    startSweep,
  };
}
