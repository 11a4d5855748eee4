/**
 * The transfer worker loop, in the same process as the web service (`npm start` runs both). Every
 * interval it renews the leases of the transfers it runs and stops those whose owner cancelled or
 * paused (on any node), then claims due transfers from the queue up to its concurrency. For each claimed transfer
 * it opens the destination's secret (only here, only in memory), runs it (run-transfer.ts) and acts
 * on the outcome, reporting each step (ExportEvents): an ended transfer is reported (its export's end
 * is recorded, its secret deleted and its 'ended' mail queued, in one transaction) and leaves the
 * queue; one the destination made wait goes back to the queue due at
 * its resume time; one its owner paused leaves the queue, holding nothing, until resumed (decision
 * 0031); a stopped one is given back for the next claim. Shutdown stops every run at its next checkpoint and
 * gives each back; a killed process's transfers are claimed again when their leases run out, and
 * resume from their checkpoints.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Vault } from '../crypto/vault.ts';
import type { StoredTransfer, TransfersStore } from '../db/transfers-store.ts';
import type { TransferOperation } from '../engine/index.ts';
import type { ExportEvents, TransferQueue } from '../ports.ts';
import { runPeriodically } from '../background/periodic.ts';
import { readPlan, type TransferPlan } from './plan.ts';
import { operationsOf, runTransfer, TransferStop, type RunContext, type RunOutcome } from './run-transfer.ts';

export type WorkerSettings = {
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  /** Claims in a row whose runs died with their process, after which the transfer is given up as failed. */
  maxAttempts: number;
  /** How long a run that failed for a reason of ours (the database away) waits before the next try. */
  retryMs: number;
};

export type WorkerDeps = RunContext & {
  queue: TransferQueue;
  transfers: TransfersStore;
  vault: Vault;
  logger: Logger;
  now: () => number;
  settings: WorkerSettings;
  /**
   * What the worker reports of each transfer (the transfer service passes an export's on to the export
   * service, whose lifecycle records it, and ends a pass of Copy new mail itself): it was claimed, a
   * destination made it wait, it has ended.
   */
  events: ExportEvents;
  /** Called as a transfer ends, before its secret goes: a completed mailbox export keeps what Copy new mail needs (follow-ups.ts). */
  onEnding?: (transfer: StoredTransfer, plan: TransferPlan) => Promise<void>;
};

/** The vault purpose of a transfer's secret: a value sealed for one export opens for no other. */
export const secretPurpose = (exportId: string) => `transfer-secret:${exportId}`;

export type TransferWorker = ReturnType<typeof createTransferWorker>;

export function createTransferWorker(deps: WorkerDeps) {
  const { queue, transfers, logger, now, settings } = deps;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopping = false;
  let stopLoop: (() => Promise<void>) | null = null;

  async function endAll(exportId: string, operations: TransferOperation[], state: 'cancelled' | 'failed', detail: string): Promise<void> {
    const records = await Promise.all(operations.map((operation) => deps.store.load(exportId, operation)));
    for (const [index, operation] of operations.entries()) {
      const status = records[index]?.status ?? null;
      if (status && status.state !== 'running' && status.state !== 'sleeping') continue;
      await deps.store.end(exportId, operation, state === 'cancelled' ? { state } : { state, reason: 'internal', detail });
    }
  }

  /**
   * One line per operation with how it ended and why (the engine's reason and the server's answer,
   * never a credential), and one per folder that failed as a whole, so support can tell what happened.
   */
  async function logEnd(exportId: string, operations: TransferOperation[]): Promise<void> {
    for (const operation of operations) {
      const { status, progress, failures } = await deps.store.load(exportId, operation);
      const why = status?.state === 'failed' ? { reason: status.reason, detail: status.detail } : {};
      logger.info(
        { exportId, operation, state: status?.state ?? null, ...why, done: progress?.done ?? 0, failed: progress?.failed ?? 0 },
        'transfer: operation ended',
      );
      for (const folder of failures.filter((f) => f.uid === null && f.itemId === null)) {
        logger.warn(
          { exportId, operation, container: folder.container, reason: folder.reason, detail: folder.detail },
          'transfer: a folder could not be copied',
        );
      }
    }
  }

  async function ended(transfer: StoredTransfer, plan: TransferPlan): Promise<void> {
    const { exportId } = transfer;
    const operations = operationsOf(plan);
    await logEnd(exportId, operations).catch((error: unknown) =>
      logger.error({ err: error, exportId }, 'transfer: could not read how it ended'),
    );
    await deps.onEnding?.(transfer, plan);
    // Reported before it leaves the queue: a worker that dies in between leaves it to be claimed
    // again, and that run reports the end (the export's end is recorded once, whoever reports it).
    await deps.events.ended(exportId);
    await queue.remove(exportId);
  }

  /**
   * The owner paused it: out of the queue until a resume queues it again. A resume between the read
   * that saw the pause and the removal would be lost, so the pause is read again after it.
   */
  async function leaveWhilePaused(exportId: string): Promise<void> {
    await queue.remove(exportId);
    const after = await transfers.find(exportId);
    if (after && !after.ended && (after.pausedAt === null || after.cancelRequestedAt !== null)) await queue.enqueue(exportId, now());
    else logger.info({ exportId }, 'transfer paused by its owner');
  }

  async function run(exportId: string, attempt: number, signal: AbortSignal): Promise<void> {
    const transfer = await transfers.find(exportId);
    if (!transfer || transfer.ended) {
      await queue.remove(exportId);
      return;
    }
    const plan = readPlan(transfer.plan);
    if (transfer.cancelRequestedAt !== null) {
      await endAll(exportId, operationsOf(plan), 'cancelled', '');
      return ended(transfer, plan);
    }
    if (transfer.pausedAt !== null) return leaveWhilePaused(exportId);
    if (attempt > settings.maxAttempts) {
      logger.error({ exportId, attempts: attempt - 1 }, 'transfer: given up, its runs kept dying');
      await endAll(exportId, operationsOf(plan), 'failed', `the transfer stopped unexpectedly ${attempt - 1} times in a row`);
      return ended(transfer, plan);
    }
    const secret = transfer.sealedSecret === null ? null : deps.vault.open(transfer.sealedSecret, secretPurpose(exportId));
    if (transfer.sealedSecret !== null && secret === null) {
      await endAll(
        exportId,
        operationsOf(plan),
        'failed',
        'the destination credentials could not be opened (was the service secret changed?)',
      );
      return ended(transfer, plan);
    }
    await deps.events.claimed(exportId);
    const outcome: RunOutcome = await runTransfer(deps, { exportId, plan, secret, signal });
    if (outcome.kind === 'ended') return ended(transfer, plan);
    if (outcome.kind === 'paused') {
      logger.info({ exportId, resumeAt: new Date(outcome.resumeAt).toISOString() }, 'transfer paused');
      await deps.events.slept(exportId, outcome.resumeAt);
      return queue.release(exportId, owner, outcome.resumeAt);
    }
    // Stopped: given back at once on shutdown; after a lost lease it is another worker's already.
    const why = signal.reason instanceof TransferStop ? signal.reason.why : null;
    if (why === 'paused') return leaveWhilePaused(exportId);
    if (why === 'shutdown') await queue.release(exportId, owner, now());
  }

  function start(exportId: string, attempt: number): void {
    const controller = new AbortController();
    const done = run(exportId, attempt, controller.signal)
      .catch(async (error: unknown) => {
        logger.error({ err: error, exportId }, 'transfer: a run failed; it will be tried again');
        await queue.release(exportId, owner, now() + settings.retryMs).catch(() => undefined);
      })
      .finally(() => running.delete(exportId));
    running.set(exportId, { controller, done });
  }

  /** One pass: keep the leases, stop what was cancelled or lost, take new work. */
  async function tick(): Promise<void> {
    for (const [exportId, { controller }] of running) {
      if (!(await queue.extend(exportId, owner, now(), settings.leaseMs))) controller.abort(new TransferStop('lease-lost'));
    }
    const { cancelled, paused } = await transfers.stopRequested([...running.keys()]);
    for (const exportId of cancelled) running.get(exportId)?.controller.abort(new TransferStop('cancelled'));
    for (const exportId of paused) running.get(exportId)?.controller.abort(new TransferStop('paused'));
    if (stopping) return;
    const free = settings.concurrency - running.size;
    for (const { exportId, attempt } of await queue.claim(owner, now(), settings.leaseMs, free)) start(exportId, attempt);
  }

  // One pass at a time, whoever asks (the interval or a wake), so a pass never claims past the concurrency.
  let pass: Promise<void> = Promise.resolve();
  const safeTick = (): Promise<void> => {
    pass = pass.then(() => tick().catch((error: unknown) => logger.error({ err: error }, 'transfer worker: a pass failed')));
    return pass;
  };

  return {
    owner,
    start(): void {
      stopLoop ??= runPeriodically(settings.pollMs, safeTick);
    },
    /** Runs one pass now (a transfer was just queued or cancelled here), without waiting for the interval; nothing before start(). */
    // Only a started worker claims: a web-only process (ROLE=web) queues transfers and leaves them to the workers.
    wake: (): Promise<void> => (stopLoop ? safeTick() : Promise.resolve()),
    /** Stops a run of this process at once (its owner cancelled it). */
    cancel(exportId: string): void {
      running.get(exportId)?.controller.abort(new TransferStop('cancelled'));
    },
    /** Stops a run of this process at its next checkpoint and lets go of it (its owner paused it). */
    pause(exportId: string): void {
      running.get(exportId)?.controller.abort(new TransferStop('paused'));
    },
    /** The transfers running here now. */
    runningIds: (): string[] => [...running.keys()],
    /** Stops every run at its next checkpoint, gives each back to the queue, and waits for them. */
    async stop(): Promise<void> {
      stopping = true;
      await stopLoop?.();
      for (const { controller } of running.values()) controller.abort(new TransferStop('shutdown'));
      await Promise.all([...running.values()].map((entry) => entry.done));
    },
  };
}
