/**
 * What the mail and contacts loops share around one container (a folder, an address book): the
 * sessions a worker keeps open, fresh ones after a fault, retries with backoff, the count receipt at the
 * end, and a container that disappeared at the source becoming one item-report row instead of failing
 * the transfer. Planning is done the same way: the source is read while the destination is only
 * logged into, so a wrong password fails the run before any copying.
 */
import type { TransferLimits } from './pacing.ts';
import { isFolderFault, type Clock, type OperationRecord, type Receipt, type TransferOperation, type TransferStateStore } from './ports.ts';
import { isRetryable, withConnectionRetries } from './retry.ts';

/** What a caller hands runMailTransfer or runContactsTransfer. */
export type TransferRun<Source, Destination> = {
  transferId: string;
  source: Source;
  destination: Destination;
  store: TransferStateStore;
  clock: Clock;
  /** Aborting it cancels the transfer: the run ends promptly with status cancelled. */
  signal?: AbortSignal;
  limits?: Partial<TransferLimits>;
};

/** What every copy step needs to know about the run it belongs to. */
export type RunContext = { transferId: string; store: TransferStateStore; clock: Clock; limits: TransferLimits; signal: AbortSignal };

type Closable = { close(): Promise<void> };
type Connectable<T> = { connect(): Promise<T> };

/** The two sessions one worker holds; null until first needed and after a fault. */
export type Sessions<S extends Closable, D extends Closable> = { source: S | null; destination: D | null };

export async function closeSessions(sessions: Sessions<Closable, Closable>): Promise<void> {
  const { source, destination } = sessions;
  sessions.source = null;
  sessions.destination = null;
  await Promise.allSettled([source?.close(), destination?.close()]);
}

export type ContainerWork<S, D> = {
  operation: TransferOperation;
  container: string;
  /** Items and bytes the plan counted in the container (for the row of a container that disappeared). */
  count: number;
  bytes: number | null;
  /** Copies what is left of the container and returns its receipt; `progressed` after each commit. */
  copy(sessions: { source: S; destination: D }, record: OperationRecord, progressed: () => void): Promise<Receipt>;
};

export async function copyContainer<S extends Closable, D extends Closable>(
  run: RunContext,
  endpoints: { source: Connectable<S>; destination: Connectable<D> },
  sessions: Sessions<S, D>,
  work: ContainerWork<S, D>,
): Promise<void> {
  const { transferId, store, signal } = run;
  const { operation, container } = work;
  try {
    const receipt = await withConnectionRetries(run.clock, run.limits, signal, async (progressed) => {
      try {
        sessions.source ??= await endpoints.source.connect();
        sessions.destination ??= await endpoints.destination.connect();
        return await work.copy(
          { source: sessions.source, destination: sessions.destination },
          await store.load(transferId, operation),
          progressed,
        );
      } catch (error) {
        // A session that saw a fault is not trusted again; the next attempt opens fresh ones.
        if (isRetryable(error) || signal.aborted) await closeSessions(sessions);
        throw error;
      }
    });
    await store.saveReceipt(transferId, receipt);
  } catch (error) {
    if (!isFolderFault(error) || signal.aborted) throw error;
    const record = await store.load(transferId, operation);
    const started = record.checkpoints.some((c) => c.container === container);
    await store.commit(transferId, {
      checkpoint: { operation, container, validity: 'missing', position: 0 },
      done: 0,
      bytesDone: 0,
      failed: started ? 0 : work.count,
      failures: [{ operation, container, itemId: null, uid: null, size: work.bytes, reason: error.kind, detail: error.message }],
    });
  }
}

/**
 * How long a stopping run lets the destination answer what it is already writing before its session
 * is closed: appends in flight settle and are counted, so a cancelled export's counts are what arrived
 * (closed at once, some landed uncounted); a destination that does not answer holds a cancel or a
 * shutdown no longer than this.
 */
const DESTINATION_GRACE_MS = 5_000;

/**
 * Copies the containers, `workers` at a time (each worker holding its own sessions, opened when first
 * needed). The first worker to fail or pause stops the others; a stop or a cancel closes the source
 * session at once (nothing read from now on is written) and the destination's once what it is writing
 * has answered (or after the grace). `copy` gets the signal that says the run is stopping.
 */
export async function copyContainers<S extends Closable, D extends Closable, C>(
  signal: AbortSignal,
  workers: number,
  containers: readonly C[],
  copy: (sessions: Sessions<S, D>, container: C, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const queue = [...containers];
  const stop = new AbortController();
  const combined = AbortSignal.any([signal, stop.signal]);
  const errors: unknown[] = [];
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(workers, queue.length)) }, async () => {
      const sessions: Sessions<S, D> = { source: null, destination: null };
      let grace: ReturnType<typeof setTimeout> | undefined;
      const onAbort = () => {
        const { source } = sessions;
        sessions.source = null;
        void source?.close();
        grace = setTimeout(() => void closeSessions(sessions), DESTINATION_GRACE_MS);
      };
      combined.addEventListener('abort', onAbort);
      try {
        for (let next = queue.shift(); next !== undefined && !combined.aborted; next = queue.shift()) await copy(sessions, next, combined);
      } catch (error) {
        if (!stop.signal.aborted) {
          errors.push(error);
          stop.abort(error);
        }
      } finally {
        combined.removeEventListener('abort', onAbort);
        clearTimeout(grace);
        await closeSessions(sessions);
      }
    }),
  );
  if (errors.length > 0) throw errors[0];
  signal.throwIfAborted();
}

export async function planWithRetries<S extends Closable, D extends Closable, P>(
  run: Pick<RunContext, 'clock' | 'limits' | 'signal'>,
  endpoints: { source: Connectable<S>; destination: Connectable<D> },
  plan: (source: S) => Promise<P>,
): Promise<P> {
  return withConnectionRetries(run.clock, run.limits, run.signal, async () => {
    const source = await endpoints.source.connect();
    try {
      // Connecting to the destination first makes a wrong password fail the run before any copying.
      const destination = await endpoints.destination.connect();
      await destination.close();
      return await plan(source);
    } finally {
      await source.close();
    }
  });
}
