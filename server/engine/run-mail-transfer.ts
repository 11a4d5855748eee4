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
import { copyContainer, copyContainers, planWithRetries, type RunContext, type Sessions, type TransferRun } from './container.ts';
import { createByteBudget, type ByteBudget } from './byte-budget.ts';
import { copyFolder } from './copy-folder.ts';
import { runOperation, type OperationResult } from './outcome.ts';
import { DEFAULT_LIMITS, type TransferLimits } from './pacing.ts';
import { planMail, type MailPlanOptions, type PlannedFolder } from './plan.ts';
import {
  isFailedItem,
  type MailDestination,
  type MailDestinationSession,
  type MailSource,
  type MailSourceSession,
  type MessageRange,
} from './ports.ts';

const OPERATION = 'emailmigration';

export type MailTransferRun = TransferRun<MailSource, MailDestination> & { plan?: MailPlanOptions };

export type MailTransferResult = OperationResult;

type Worker = Sessions<MailSourceSession, MailDestinationSession>;

const contextOf = (run: MailTransferRun, limits: TransferLimits, signal: AbortSignal): RunContext => ({
  transferId: run.transferId,
  store: run.store,
  clock: run.clock,
  limits,
  signal,
});

async function copyPlannedFolder(
  run: MailTransferRun,
  limits: TransferLimits,
  signal: AbortSignal,
  worker: Worker,
  planned: PlannedFolder,
  range: MessageRange,
  budget: ByteBudget,
): Promise<void> {
  const { folder } = planned;
  const context = contextOf(run, limits, signal);
  await copyContainer(context, run, worker, {
    operation: OPERATION,
    container: folder.path,
    count: planned.count,
    bytes: planned.bytes,
    copy: ({ source, destination }, record, progressed) =>
      copyFolder({
        ...context,
        folder,
        source,
        destination,
        destinationPort: run.destination,
        checkpoint: record.checkpoints.find((c) => c.container === folder.path) ?? null,
        failedUids: new Set(
          record.failures.filter((f) => f.container === folder.path && f.uid !== null && isFailedItem(f)).map((f) => f.uid as number),
        ),
        onCommit: progressed,
        range,
        budget,
      }),
  });
}

export async function runMailTransfer(run: MailTransferRun): Promise<MailTransferResult> {
  const limits: TransferLimits = { ...DEFAULT_LIMITS, ...run.limits };
  const signal = run.signal ?? new AbortController().signal;
  const { transferId, store, destination } = run;
  return runOperation({ transferId, operation: OPERATION, store, signal, destination, itemNoun: 'messages' }, async () => {
    const mailPlan = await planWithRetries({ clock: run.clock, limits, signal }, run, (source) => planMail(source, run.plan));
    await store.begin(transferId, OPERATION, { total: mailPlan.total, bytesTotal: mailPlan.bytesTotal });
    const workers = Math.min(limits.parallelFolders, destination.traits.maxParallelFolders);
    const budget = createByteBudget(limits.inFlightBytes);
    await copyContainers<MailSourceSession, MailDestinationSession, PlannedFolder>(
      signal,
      workers,
      mailPlan.folders,
      (worker, planned, stopping) => copyPlannedFolder(run, limits, stopping, worker, planned, mailPlan.range, budget),
    );
  });
}
