/**
 * The TransferEngine of the service's own transfer engine. `start` stores the job's plan as data and
 * the destination's password sealed with the vault, and queues the transfer, in the transaction that
 * records the export (the job service's); the worker loop runs it. Progress and end reasons are read
 * from the engine's state in the database, and the pause, the cancel and the end from the export's
 * status, so every node answers the same and a restart changes nothing. The export service records
 * the owner's cancel (the secret deleted at once), pause and resume in that status
 * (server/jobs/lifecycle.ts); the engine carries them out: a cancelled run stops at its next step,
 * wherever it runs; a paused one at its next checkpoint, and the worker takes the transfer out of the
 * queue (decision 0031); a resume queues it again.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReceiptLine, TransferCap, TransferProgress } from '../../contract/index.ts';
import type { DestinationsConfig } from '../config.ts';
import type { Vault } from '../crypto/vault.ts';
import type { Db } from '../db/open.ts';
import type { TransferReportStore, OperationState } from '../db/transfer-report-store.ts';
import { createTransfersStore, type StoredTransfer } from '../db/transfers-store.ts';
import type { ExportFile, JobProgress, TransferEngine, OperationProgress, TransferQueue, ExportJob } from '../ports.ts';
import { archiveFilename } from '../jobs/archive-name.ts';
import { mayCancel, mayPause } from '../jobs/export-status.ts';
import type { TransferEnvironment } from './environment.ts';
import { estimateOf, mailCapOf } from './estimate.ts';
import type { FollowUps } from './follow-ups.ts';
import { leftOutOf, planFor, readPlan, type PlanOptions } from './plan.ts';
import { archivePath } from './run-transfer.ts';
import { secretPurpose, type TransferWorker } from './worker.ts';

export type TransferEngineDeps = {
  db: Db;
  /** The queue over a database handle, so `start` can queue in the transaction that stores the transfer. */
  queueOver: (db: Db) => TransferQueue;
  reports: TransferReportStore;
  vault: Vault;
  environment: TransferEnvironment;
  worker: Pick<TransferWorker, 'wake' | 'cancel' | 'pause'>;
  /** Copy new mail's follow-ups and passes (decision 0032). */
  followUps: FollowUps;
  filesDir: string;
  /** Which destinations get the development store instead of their server, and Gmail's path. */
  planOptions: PlanOptions;
  /** The destinations' caps, which the estimate of a running transfer reads. */
  caps: Pick<DestinationsConfig, 'gmailApiQuotaPerMinute' | 'imapDailyBytes'>;
  now: () => number;
};

/** When its owner paused the export, as its status says; null while it may run, and once it ends or is being cancelled. */
const pausedAt = (transfer: StoredTransfer): number | null => (transfer.status === 'paused' ? transfer.pausedAt : null);

const noTransfer = (wanted: { email: boolean; contacts: boolean }): JobProgress => {
  const failed: OperationProgress = { status: 'error', reason: 'internal' };
  return {
    emailmigration: wanted.email ? failed : null,
    contactsmigration: wanted.contacts ? failed : null,
    cancellable: false,
    pausable: false,
    resumable: false,
  };
};

function counts(state: OperationState | undefined): TransferProgress {
  const progress = state?.progress;
  if (!progress) return { total: null, done: 0, failed: 0 };
  const base = { total: progress.total, done: progress.done, failed: progress.failed };
  return progress.operation === 'emailmigration' ? { ...base, bytes_total: progress.bytesTotal, bytes_done: progress.bytesDone } : base;
}

/**
 * What the status answer of one operation reads besides its own state: the transfer, its mail cap,
 * the destination (a wait names it: "Waiting for Gmail's daily limit"), the answer's time.
 */
type ProgressContext = {
  transfer: StoredTransfer;
  /** The run has ended: the engine's own report, or the export's recorded end. */
  ended: boolean;
  mailCap: TransferCap | null;
  provider: ExportJob['destinationProvider'];
  at: number;
};

/**
 * One operation as the status answers tell it. An end counts once the whole transfer has ended (a
 * file export's ZIP is in place only then, and the secret gone) — a cancel too: until the run has let
 * go, items in flight still arrive and are counted, and an answer that said "cancelled" sooner would
 * be the last one a page asks for, with counts and a receipt short of what arrived.
 * While it runs or waits, an estimate of its end (estimate.ts).
 */
function operationProgress(
  state: OperationState | undefined,
  { transfer, ended, mailCap, provider, at }: ProgressContext,
): OperationProgress {
  const status = !ended && state?.status?.state !== 'sleeping' ? null : (state?.status ?? null);
  const progress = counts(state);
  if (status?.state === 'completed')
    return { status: 'completed', progress, ...(transfer.cancelRequestedAt !== null ? { reason: 'cancelled' } : {}) };
  if (status?.state === 'failed') return { status: 'error', progress, reason: status.reason };
  if (status?.state === 'cancelled' || (ended && transfer.cancelRequestedAt !== null))
    return { status: 'error', progress, reason: 'cancelled' };
  // Paused by its owner: no time to finish and no destination's wait to tell, only since when.
  const since = pausedAt(transfer);
  if (since !== null) return { status: 'started', progress, paused: { since: new Date(since).toISOString() } };
  const cap = state?.operation === 'emailmigration' ? mailCap : null;
  const resumeAt = status?.state === 'sleeping' ? status.resumeAt : undefined;
  const estimate = estimateOf(progress, cap, { startedAt: transfer.createdAt, at, ...(resumeAt !== undefined ? { resumeAt } : {}) });
  const running = { status: 'started' as const, progress, ...(estimate ? { estimate } : {}) };
  if (status?.state === 'sleeping')
    return { ...running, waiting: { reason: status.reason, until: new Date(status.resumeAt).toISOString(), provider } };
  return running;
}

/**
 * Only a transfer into a mailbox is paused: a file export's archive is not resumable (it is written
 * anew by a run that starts again, docs/transfer.md), so a pause would throw away what was written.
 */
const pausable = (transfer: StoredTransfer, plan: ReturnType<typeof readPlan>) => mayPause(transfer.status) && plan.provider !== 'file';

export function createTransferEngine(deps: TransferEngineDeps): TransferEngine {
  const { db, reports, now } = deps;
  const transfers = createTransfersStore(db);

  return {
    async start(job: ExportJob, secret: string | null, within: Db) {
      // Every operation is the engine's: forwarding is its passes of new mail after the export (follow-ups.ts).
      const plan = planFor(job, deps.planOptions);
      if (!deps.environment.canRun(plan)) throw new Error('no source server is configured for what this export moves');
      const destination = plan.mail?.destination;
      // Only a password the run will use is kept (the development store needs none).
      const needsPassword = plan.delivery === 'direct' && destination?.kind === 'imap' && destination.auth === 'password';
      if (needsPassword && !secret) throw new Error('the destination password is missing');
      const sealedSecret = needsPassword && secret ? deps.vault.seal(secret, secretPurpose(job.exportId)) : null;
      // In the export's own transaction: the job, its transfer and its place in the queue are one write.
      await createTransfersStore(within).create({
        exportId: job.exportId,
        plan: JSON.stringify(plan),
        sealedSecret,
      });
      await deps.queueOver(within).enqueue(job.exportId, now());
    },

    wake: () => void deps.worker.wake(),

    async progress(job, at, options): Promise<JobProgress> {
      const transfer = await transfers.find(job.exportId);
      const wanted = { email: job.operations.includes('emailmigration'), contacts: job.operations.includes('contactsmigration') };
      // An export is written with its transfer in one transaction (start), so none lacks one; one
      // written before that was so, whose load died half-way, can never run: it ended in error.
      if (!transfer) return noTransfer(wanted);
      const states = new Map((await reports.operations(job.exportId)).map((state) => [state.operation, state]));
      const plan = readPlan(transfer.plan);
      const ended = transfer.ended || options?.reported === true;
      const mailCap = !ended ? mailCapOf(plan, deps.caps) : null;
      const context = { transfer, ended, mailCap, provider: job.destinationProvider, at: at.getTime() };
      const leftOut = leftOutOf(plan);
      return {
        emailmigration: wanted.email ? operationProgress(states.get('emailmigration'), context) : null,
        contactsmigration: wanted.contacts ? operationProgress(states.get('contactsmigration'), context) : null,
        cancellable: !ended && mayCancel(transfer.status),
        pausable: !ended && pausable(transfer, plan),
        resumable: !ended && pausedAt(transfer) !== null,
        ...(leftOut ? { leftOut } : {}),
      };
    },

    async exportFile(job): Promise<ExportFile | null> {
      if (job.destinationProvider !== 'file') return null;
      const file = await archivePath(deps.filesDir, job.exportId);
      const info = await stat(file).catch(() => null);
      if (!info) return null;
      return {
        filename: archiveFilename(job.exportId),
        contentType: 'application/zip',
        size: info.size,
        stream: (range) => Readable.toWeb(createReadStream(file, range)) as ReadableStream<Uint8Array>,
      };
    },

    async cancel(job, at) {
      // Due at once: a queued or sleeping transfer is ended by the next claim; a running one stops.
      await deps.queueOver(db).enqueue(job.exportId, at.getTime());
      deps.worker.cancel(job.exportId);
      void deps.worker.wake();
    },

    // A run here stops now; one on another node at its worker's next pass; a queued one when claimed.
    pause: (job) => deps.worker.pause(job.exportId),

    async resume(job, at) {
      // Due now, or when a destination's wait that began before the pause ends (it would refuse sooner).
      const sleeping = (await reports.operations(job.exportId)).flatMap((op) =>
        op.status?.state === 'sleeping' ? [op.status.resumeAt] : [],
      );
      await deps.queueOver(db).enqueue(job.exportId, Math.max(at.getTime(), ...sleeping));
      void deps.worker.wake();
    },

    async receipt(job): Promise<ReceiptLine[] | null> {
      if (!(await transfers.find(job.exportId))) return null;
      return (await reports.receipts(job.exportId)).map((r) => ({
        operation: r.operation,
        container: r.container,
        source: r.sourceCount,
        destination: r.destinationCount,
        destination_container: r.destination,
      }));
    },

    async copyNewMail(job, trigger, at) {
      const started = await deps.followUps.startPass(job.exportId, trigger, at.getTime());
      if (started === 'started') void deps.worker.wake();
      return started;
    },

    async followUp(job, at) {
      // The passes first: a pass read as ended let go of the export in the same commit (passEnded), so
      // the follow-up read after it no longer names it running.
      const passes = await deps.followUps.passesOf(job.exportId);
      const followUp = await deps.followUps.find(job.exportId);
      if (!followUp) return null;
      const forwarding =
        followUp.forwardingUntil === null
          ? null
          : { until: followUp.forwardingUntil, nextPassAt: followUp.nextPassAt, endedAt: followUp.forwardingEndedAt };
      return { open: followUp.openUntil > at.getTime(), running: followUp.runningPass !== null, passes, forwarding };
    },

    forward: (job, until, firstPassAt) => deps.followUps.forward(job.exportId, until.getTime(), firstPassAt.getTime()),
    dueForwarding: (at, intervalMs) => deps.followUps.claimDue(at.getTime(), intervalMs),
    endForwarding: (job, at) => deps.followUps.endForwarding(job.exportId, at.getTime()),

    failedItems: (job, limit) => reports.failedItems(job.exportId, limit),
    failureCounts: (job) => reports.failureCounts(job.exportId),
  };
}
