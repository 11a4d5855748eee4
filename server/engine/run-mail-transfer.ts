/**
 * One run of a mail transfer: plan, copy the folders a few at a time, record receipts, end in a status.
 * A run can stop anywhere (killed, cancelled, paused, failed) and a later run of the same transfer
 * continues from the store's checkpoints. Faults are sorted here:
 * - a refused login ends the run at once (retrying a wrong password helps nobody);
 * - an unreachable server or a dropped connection is retried with backoff, a bounded number of times
 *   per folder (the count starts again whenever the folder moved forward), then the run fails;
 * - a folder that disappears becomes one item-report row; a refused message becomes one row;
 * - a daily limit or lasting throttling pauses the run with the time to run it again.
 */
import { copyFolder } from './copy-folder.ts';
import { runOperation, type OperationResult } from './outcome.ts';
import { DEFAULT_LIMITS, type TransferLimits } from './pacing.ts';
import { planMail, type MailPlan, type MailPlanOptions, type PlannedFolder } from './plan.ts';
import {
  TransferFault,
  type Clock,
  type MailDestination,
  type MailDestinationSession,
  type MailSource,
  type MailSourceSession,
  type TransferStateStore,
} from './ports.ts';
import { isRetryable, withConnectionRetries } from './retry.ts';

const OPERATION = 'emailmigration';

export type MailTransferRun = {
  transferId: string;
  source: MailSource;
  destination: MailDestination;
  store: TransferStateStore;
  clock: Clock;
  /** Aborting it cancels the transfer: the run ends promptly with status cancelled. */
  signal?: AbortSignal;
  limits?: Partial<TransferLimits>;
  plan?: MailPlanOptions;
};

export type MailTransferResult = OperationResult;

type Worker = { source: MailSourceSession | null; destination: MailDestinationSession | null };

async function closeWorker(worker: Worker): Promise<void> {
  const { source, destination } = worker;
  worker.source = null;
  worker.destination = null;
  await Promise.allSettled([source?.close(), destination?.close()]);
}

async function copyPlannedFolder(run: MailTransferRun, limits: TransferLimits, signal: AbortSignal, worker: Worker, planned: PlannedFolder): Promise<void> {
  const { folder } = planned;
  try {
    const receipt = await withConnectionRetries(run.clock, limits, signal, async (progressed) => {
      try {
        worker.source ??= await run.source.connect();
        worker.destination ??= await run.destination.connect();
        const record = await run.store.load(run.transferId, OPERATION);
        const failedUids = new Set(record.failures.filter((f) => f.container === folder.path && f.uid !== null).map((f) => f.uid as number));
        return await copyFolder({
          transferId: run.transferId,
          folder,
          source: worker.source,
          destination: worker.destination,
          destinationPort: run.destination,
          store: run.store,
          clock: run.clock,
          limits,
          signal,
          checkpoint: record.checkpoints.find((c) => c.container === folder.path) ?? null,
          failedUids,
          onCommit: progressed,
        });
      } catch (error) {
        // A session that saw a fault is not trusted again; the next attempt opens fresh connections.
        if (isRetryable(error) || signal.aborted) await closeWorker(worker);
        throw error;
      }
    });
    await run.store.saveReceipt(run.transferId, receipt);
  } catch (error) {
    if (!(error instanceof TransferFault && error.kind === 'folder-missing') || signal.aborted) throw error;
    const record = await run.store.load(run.transferId, OPERATION);
    const started = record.checkpoints.some((c) => c.container === folder.path);
    await run.store.commit(run.transferId, {
      checkpoint: { operation: OPERATION, container: folder.path, validity: 'missing', position: 0 },
      done: 0,
      bytesDone: 0,
      failed: started ? 0 : planned.count,
      failures: [{ operation: OPERATION, container: folder.path, itemId: null, uid: null, size: planned.bytes, reason: 'folder-missing', detail: error.message }],
    });
  }
}

async function plan(run: MailTransferRun, limits: TransferLimits, signal: AbortSignal): Promise<MailPlan> {
  return withConnectionRetries(run.clock, limits, signal, async () => {
    const source = await run.source.connect();
    try {
      // Connecting to the destination first makes a wrong password fail the run before any copying.
      const destination = await run.destination.connect();
      await destination.close();
      return await planMail(source, run.plan);
    } finally {
      await source.close();
    }
  });
}

async function runWorkers(run: MailTransferRun, limits: TransferLimits, signal: AbortSignal, mailPlan: MailPlan): Promise<void> {
  const queue = [...mailPlan.folders];
  const count = Math.max(1, Math.min(limits.parallelFolders, run.destination.traits.maxParallelFolders, queue.length));
  // The first worker to fail or pause stops the others; their sessions close so they stop promptly.
  const stop = new AbortController();
  const combined = AbortSignal.any([signal, stop.signal]);
  const errors: unknown[] = [];
  await Promise.all(
    Array.from({ length: count }, async () => {
      const worker: Worker = { source: null, destination: null };
      const onAbort = () => void closeWorker(worker);
      combined.addEventListener('abort', onAbort);
      try {
        for (let next = queue.shift(); next && !combined.aborted; next = queue.shift()) {
          await copyPlannedFolder(run, limits, combined, worker, next);
        }
      } catch (error) {
        if (!stop.signal.aborted) {
          errors.push(error);
          stop.abort(error);
        }
      } finally {
        combined.removeEventListener('abort', onAbort);
        await closeWorker(worker);
      }
    }),
  );
  if (errors.length > 0) throw errors[0];
  signal.throwIfAborted();
}

export async function runMailTransfer(run: MailTransferRun): Promise<MailTransferResult> {
  const limits: TransferLimits = { ...DEFAULT_LIMITS, ...run.limits };
  const signal = run.signal ?? new AbortController().signal;
  const { transferId, store, destination } = run;
  return runOperation({ transferId, operation: OPERATION, store, signal, destination, itemNoun: 'messages' }, async () => {
    const mailPlan = await plan(run, limits, signal);
    await store.begin(transferId, OPERATION, { total: mailPlan.total, bytesTotal: mailPlan.bytesTotal });
    await runWorkers(run, limits, signal, mailPlan);
  });
}
