/**
 * The transfer engine's TransferStateStore on the shared database (SQLite or Postgres), behaving as the
 * engine's in-memory reference store does (test/engine/support/state-store-contract.ts runs the same
 * tests on both). Each method is one transaction; `commit` moves a checkpoint together with the counters
 * and item rows it covers, so a transfer killed at any point resumes with exact counts. Counters are
 * added in the database (`done = done + n`), so writers on several connections never lose an update.
 */
import type { Selectable } from 'kysely';
import type {
  Checkpoint,
  FailedItem,
  FailureReason,
  ItemFailureReason,
  OperationRecord,
  PauseReason,
  Progress,
  Receipt,
  TransferOperation,
  TransferStateStore,
  TransferStatus,
} from '../engine/ports.ts';
import type { Db } from './open.ts';
import type { TransferItemsTable, TransferOperationsTable, TransferReceiptsTable } from './schema.ts';
import { inTransaction } from './transaction.ts';

type OperationRow = Omit<TransferOperationsTable, 'transfer_id' | 'operation'>;

/** The status columns of a TransferStatus. */
function statusColumns(status: TransferStatus): Pick<OperationRow, 'state' | 'reason' | 'resume_at' | 'detail'> {
  switch (status.state) {
    case 'sleeping':
      return { state: status.state, reason: status.reason, resume_at: status.resumeAt, detail: status.detail };
    case 'failed':
      return { state: status.state, reason: status.reason, resume_at: null, detail: status.detail };
    default:
      return { state: status.state, reason: null, resume_at: null, detail: null };
  }
}

// Rows hold only what this module wrote, so the casts narrow known values.
export function statusOf(row: OperationRow): TransferStatus | null {
  switch (row.state) {
    case 'running':
    case 'completed':
    case 'cancelled':
      return { state: row.state };
    case 'sleeping':
      return { state: 'sleeping', reason: row.reason as PauseReason, resumeAt: row.resume_at ?? 0, detail: row.detail ?? '' };
    case 'failed':
      return { state: 'failed', reason: row.reason as FailureReason, detail: row.detail ?? '' };
    default:
      return null;
  }
}

export function progressOf(operation: TransferOperation, row: OperationRow): Progress | null {
  if (row.total === null) return null;
  return { operation, total: row.total, done: row.done, failed: row.failed, bytesTotal: row.bytes_total, bytesDone: row.bytes_done };
}

export const itemOf = (f: Selectable<TransferItemsTable>): FailedItem => ({
  operation: f.operation as TransferOperation,
  container: f.container,
  itemId: f.item_id,
  uid: f.uid,
  size: f.size,
  reason: f.reason as ItemFailureReason,
  detail: f.detail,
  ...(f.subject !== null || f.sender !== null || f.sent_at !== null
    ? { about: { subject: f.subject, sender: f.sender, date: f.sent_at } }
    : {}),
});

export const receiptOf = (r: TransferReceiptsTable): Receipt => ({
  operation: r.operation as TransferOperation,
  container: r.container,
  destination: r.destination,
  sourceCount: r.source_count,
  destinationCount: r.destination_count,
  failed: r.failed,
});

const NO_PROGRESS = { total: null, done: 0, failed: 0, bytes_total: null, bytes_done: 0 } as const;

export function createTransferStateStore(db: Db): TransferStateStore {
  const key = (transferId: string, operation: TransferOperation) => ({ transfer_id: transferId, operation });

  return {
    async load(transferId, operation) {
      const [row, checkpoints, failures, receipts] = await Promise.all([
        db
          .selectFrom('transfer_operations')
          .selectAll()
          .where('transfer_id', '=', transferId)
          .where('operation', '=', operation)
          .executeTakeFirst(),
        db
          .selectFrom('transfer_checkpoints')
          .selectAll()
          .where('transfer_id', '=', transferId)
          .where('operation', '=', operation)
          .orderBy('container')
          .execute(),
        db
          .selectFrom('transfer_items')
          .selectAll()
          .where('transfer_id', '=', transferId)
          .where('operation', '=', operation)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('transfer_receipts')
          .selectAll()
          .where('transfer_id', '=', transferId)
          .where('operation', '=', operation)
          .orderBy('container')
          .execute(),
      ]);
      const record: OperationRecord = {
        status: row ? statusOf(row) : null,
        progress: row ? progressOf(operation, row) : null,
        checkpoints: checkpoints.map((c): Checkpoint => ({
          operation,
          container: c.container,
          validity: c.validity,
          position: c.position,
        })),
        failures: failures.map(itemOf),
        receipts: receipts.map(receiptOf),
      };
      return record;
    },

    async begin(transferId, operation, totals) {
      const running = statusColumns({ state: 'running' });
      await db
        .insertInto('transfer_operations')
        .values({ ...key(transferId, operation), ...NO_PROGRESS, ...running, total: totals.total, bytes_total: totals.bytesTotal })
        .onConflict((conflict) =>
          conflict.columns(['transfer_id', 'operation']).doUpdateSet({ ...running, total: totals.total, bytes_total: totals.bytesTotal }),
        )
        .execute();
    },

    reset: (transferId, operation) =>
      inTransaction(db, async (trx) => {
        for (const table of ['transfer_checkpoints', 'transfer_items', 'transfer_receipts'] as const) {
          await trx.deleteFrom(table).where('transfer_id', '=', transferId).where('operation', '=', operation).execute();
        }
        await trx
          .updateTable('transfer_operations')
          .set(NO_PROGRESS)
          .where('transfer_id', '=', transferId)
          .where('operation', '=', operation)
          .execute();
      }),

    commit: (transferId, { checkpoint, done, bytesDone, failed, failures }) =>
      inTransaction(db, async (trx) => {
        const { operation } = checkpoint;
        await trx
          .insertInto('transfer_operations')
          .values({
            ...key(transferId, operation),
            state: null,
            reason: null,
            resume_at: null,
            detail: null,
            total: 0,
            bytes_total: null,
            done,
            failed,
            bytes_done: bytesDone,
          })
          .onConflict((conflict) =>
            conflict.columns(['transfer_id', 'operation']).doUpdateSet((eb) => ({
              total: eb.fn.coalesce('transfer_operations.total', eb.val(0)),
              done: eb('transfer_operations.done', '+', done),
              failed: eb('transfer_operations.failed', '+', failed),
              bytes_done: eb('transfer_operations.bytes_done', '+', bytesDone),
            })),
          )
          .execute();
        const point = { container: checkpoint.container, validity: checkpoint.validity, position: checkpoint.position };
        await trx
          .insertInto('transfer_checkpoints')
          .values({ ...key(transferId, operation), ...point })
          .onConflict((conflict) =>
            conflict.columns(['transfer_id', 'operation', 'container']).doUpdateSet({ validity: point.validity, position: point.position }),
          )
          .execute();
        if (failures.length > 0) {
          await trx
            .insertInto('transfer_items')
            .values(
              failures.map((f) => ({
                ...key(transferId, f.operation),
                container: f.container,
                item_id: f.itemId,
                uid: f.uid,
                size: f.size,
                reason: f.reason,
                detail: f.detail,
                subject: f.about?.subject ?? null,
                sender: f.about?.sender ?? null,
                sent_at: f.about?.date ?? null,
              })),
            )
            .execute();
        }
      }),

    async saveReceipt(transferId, receipt) {
      const counts = {
        destination: receipt.destination,
        source_count: receipt.sourceCount,
        destination_count: receipt.destinationCount,
        failed: receipt.failed,
      };
      await db
        .insertInto('transfer_receipts')
        .values({ ...key(transferId, receipt.operation), container: receipt.container, ...counts })
        .onConflict((conflict) => conflict.columns(['transfer_id', 'operation', 'container']).doUpdateSet(counts))
        .execute();
    },

    async end(transferId, operation, status) {
      const columns = statusColumns(status);
      await db
        .insertInto('transfer_operations')
        .values({ ...key(transferId, operation), ...NO_PROGRESS, ...columns })
        .onConflict((conflict) => conflict.columns(['transfer_id', 'operation']).doUpdateSet(columns))
        .execute();
    },
  };
}
