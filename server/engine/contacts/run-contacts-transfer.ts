/**
 * One run of a contacts transfer, alongside runMailTransfer and reporting into the same store, with the
 * same statuses: plan (address books and their counts), copy the books one after another, record a
 * receipt per book, end in a status. Faults are sorted as for mail: a refused login ends the run; an
 * unreachable server or a dropped connection is retried with backoff per book; a book that disappears
 * becomes one item-report row; a throttling destination is waited for, then the run sleeps.
 * A book that was completed by an earlier run and has not changed since (same sync-token or CTag) is
 * not walked again.
 */
import { runOperation, type OperationResult } from '../outcome.ts';
import { DEFAULT_LIMITS, type TransferLimits } from '../pacing.ts';
import { TransferFault, type Clock, type OperationRecord, type TransferStateStore } from '../ports.ts';
import { isRetryable, withConnectionRetries } from '../retry.ts';
import { copyAddressBook } from './copy-address-book.ts';
import { planContacts, type ContactsPlan, type PlannedBook } from './plan.ts';
import type { ContactsDestination, ContactsDestinationSession, ContactsSource, ContactsSourceSession } from './ports.ts';

const OPERATION = 'contactsmigration';

export type ContactsTransferRun = {
  transferId: string;
  source: ContactsSource;
  destination: ContactsDestination;
  store: TransferStateStore;
  clock: Clock;
  /** Aborting it cancels the transfer: the run ends promptly with status cancelled. */
  signal?: AbortSignal;
  limits?: Partial<TransferLimits>;
};

export type ContactsTransferResult = OperationResult;

type Sessions = { source: ContactsSourceSession | null; destination: ContactsDestinationSession | null };

async function closeSessions(sessions: Sessions): Promise<void> {
  const { source, destination } = sessions;
  sessions.source = null;
  sessions.destination = null;
  await Promise.allSettled([source?.close(), destination?.close()]);
}

function completedBefore(record: OperationRecord, planned: PlannedBook): boolean {
  const checkpoint = record.checkpoints.find((c) => c.container === planned.container);
  const token = planned.book.token;
  return token !== null && checkpoint?.validity === token && record.receipts.some((r) => r.container === planned.container);
}

async function copyPlannedBook(run: ContactsTransferRun, limits: TransferLimits, signal: AbortSignal, sessions: Sessions, planned: PlannedBook): Promise<void> {
  const { container } = planned;
  try {
    const receipt = await withConnectionRetries(run.clock, limits, signal, async (progressed) => {
      try {
        sessions.source ??= await run.source.connect();
        sessions.destination ??= await run.destination.connect();
        const record = await run.store.load(run.transferId, OPERATION);
        const failedIds = new Set(record.failures.filter((f) => f.container === container && f.itemId !== null).map((f) => f.itemId as string));
        return await copyAddressBook({
          transferId: run.transferId,
          planned,
          source: sessions.source,
          destination: sessions.destination,
          destinationPort: run.destination,
          store: run.store,
          clock: run.clock,
          limits,
          signal,
          checkpoint: record.checkpoints.find((c) => c.container === container) ?? null,
          failedIds,
          onCommit: progressed,
        });
      } catch (error) {
        // A session that saw a fault is not trusted again; the next attempt opens fresh ones.
        if (isRetryable(error) || signal.aborted) await closeSessions(sessions);
        throw error;
      }
    });
    await run.store.saveReceipt(run.transferId, receipt);
  } catch (error) {
    if (!(error instanceof TransferFault && error.kind === 'folder-missing') || signal.aborted) throw error;
    const record = await run.store.load(run.transferId, OPERATION);
    const started = record.checkpoints.some((c) => c.container === container);
    await run.store.commit(run.transferId, {
      checkpoint: { operation: OPERATION, container, validity: 'missing', position: 0 },
      done: 0,
      bytesDone: 0,
      failed: started ? 0 : planned.count,
      failures: [{ operation: OPERATION, container, itemId: null, uid: null, size: null, reason: 'folder-missing', detail: error.message }],
    });
  }
}

async function plan(run: ContactsTransferRun, limits: TransferLimits, signal: AbortSignal): Promise<ContactsPlan> {
  return withConnectionRetries(run.clock, limits, signal, async () => {
    const source = await run.source.connect();
    try {
      // Connecting to the destination first makes a wrong password fail the run before any copying.
      const destination = await run.destination.connect();
      await destination.close();
      return await planContacts(source);
    } finally {
      await source.close();
    }
  });
}

export async function runContactsTransfer(run: ContactsTransferRun): Promise<ContactsTransferResult> {
  const limits: TransferLimits = { ...DEFAULT_LIMITS, ...run.limits };
  const signal = run.signal ?? new AbortController().signal;
  const { transferId, store, destination } = run;
  return runOperation({ transferId, operation: OPERATION, store, signal, destination, itemNoun: 'contacts' }, async () => {
    const contactsPlan = await plan(run, limits, signal);
    await store.begin(transferId, OPERATION, { total: contactsPlan.total, bytesTotal: null });
    const sessions: Sessions = { source: null, destination: null };
    // Cancelling closes the sessions, which aborts the requests in flight.
    const onAbort = () => void closeSessions(sessions);
    signal.addEventListener('abort', onAbort);
    try {
      const record = await store.load(transferId, OPERATION);
      for (const planned of contactsPlan.books) {
        signal.throwIfAborted();
        if (!completedBefore(record, planned)) await copyPlannedBook(run, limits, signal, sessions, planned);
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      await closeSessions(sessions);
    }
    signal.throwIfAborted();
  });
}
