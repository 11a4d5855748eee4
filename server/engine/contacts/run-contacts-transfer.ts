/**
 * One run of a contacts transfer, alongside runMailTransfer and reporting into the same store, with the
 * same statuses: plan (address books and their counts), copy the books one after another, record a
 * receipt per book, end in a status. Faults are sorted as for mail: a refused login ends the run; an
 * unreachable server or a dropped connection is retried with backoff per book; a book that disappears
 * becomes one item-report row; a throttling destination is waited for, then the run sleeps.
 * A book that was completed by an earlier run and has not changed since (same sync-token or CTag) is
 * not walked again.
 */
import { copyContainer, copyContainers, planWithRetries, type TransferRun } from '../container.ts';
import { runOperation, type OperationResult } from '../outcome.ts';
import { DEFAULT_LIMITS, type TransferLimits } from '../pacing.ts';
import type { OperationRecord } from '../ports.ts';
import { copyAddressBook } from './copy-address-book.ts';
import { planContacts, type PlannedBook } from './plan.ts';
import type { ContactsDestination, ContactsDestinationSession, ContactsSource, ContactsSourceSession } from './ports.ts';

const OPERATION = 'contactsmigration';

export type ContactsTransferRun = TransferRun<ContactsSource, ContactsDestination>;

export type ContactsTransferResult = OperationResult;

function completedBefore(record: OperationRecord, planned: PlannedBook): boolean {
  const checkpoint = record.checkpoints.find((c) => c.container === planned.container);
  const token = planned.book.token;
  return token !== null && checkpoint?.validity === token && record.receipts.some((r) => r.container === planned.container);
}

export async function runContactsTransfer(run: ContactsTransferRun): Promise<ContactsTransferResult> {
  const limits: TransferLimits = { ...DEFAULT_LIMITS, ...run.limits };
  const signal = run.signal ?? new AbortController().signal;
  const { transferId, store, destination } = run;
  return runOperation({ transferId, operation: OPERATION, store, signal, destination, itemNoun: 'contacts' }, async () => {
    const contactsPlan = await planWithRetries({ clock: run.clock, limits, signal }, run, planContacts);
    await store.begin(transferId, OPERATION, { total: contactsPlan.total, bytesTotal: null });
    const earlier = await store.load(transferId, OPERATION);
    const books = contactsPlan.books.filter((planned) => !completedBefore(earlier, planned));
    // One book at a time: the API destinations want one user's changes one after another.
    await copyContainers<ContactsSourceSession, ContactsDestinationSession, PlannedBook>(
      signal,
      1,
      books,
      (sessions, planned, stopping) => {
        const context = { transferId, store, clock: run.clock, limits, signal: stopping };
        const { container } = planned;
        return copyContainer(context, run, sessions, {
          operation: OPERATION,
          container,
          count: planned.count,
          bytes: null,
          copy: ({ source, destination }, record, progressed) =>
            copyAddressBook({
              ...context,
              planned,
              source,
              destination,
              destinationPort: run.destination,
              checkpoint: record.checkpoints.find((c) => c.container === container) ?? null,
              failedIds: new Set(
                record.failures.filter((f) => f.container === container && f.itemId !== null).map((f) => f.itemId as string),
              ),
              onCommit: progressed,
            }),
        });
      },
    );
  });
}
