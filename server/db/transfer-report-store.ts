/**
 * What the status answers and the item report read of a transfer's state, without loading all of it:
 * every operation's status and counters in one indexed read (the status poll), the count receipt and
 * the item rows (once the export has ended), and the rows counted by reason.
 */
import type { FailedItem, FailureCount, ItemFailureReason, Progress, Receipt, TransferOperation, TransferStatus } from '../engine/ports.ts';
import type { Db } from './open.ts';
import { itemOf, progressOf, receiptOf, statusOf } from './transfer-state-store.ts';

export type OperationState = { operation: TransferOperation; status: TransferStatus | null; progress: Progress | null };

export type TransferReportStore = ReturnType<typeof createTransferReportStore>;

export function createTransferReportStore(db: Db) {
  return {
    async operations(transferId: string): Promise<OperationState[]> {
      const rows = await db.selectFrom('transfer_operations').selectAll().where('transfer_id', '=', transferId).execute();
      return rows.map((row) => {
        const operation = row.operation as TransferOperation;
        return { operation, status: statusOf(row), progress: progressOf(operation, row) };
      });
    },
    async receipts(transferId: string): Promise<Receipt[]> {
      const rows = await db
        .selectFrom('transfer_receipts')
        .selectAll()
        .where('transfer_id', '=', transferId)
        .orderBy('operation', 'desc')
        .orderBy('container')
        .execute();
      return rows.map(receiptOf);
    },
    /** The items in the order they failed; the first `limit` of them when given (the status page's few). */
    async failedItems(transferId: string, limit?: number): Promise<FailedItem[]> {
      const query = db.selectFrom('transfer_items').selectAll().where('transfer_id', '=', transferId).orderBy('id');
      const rows = await (limit === undefined ? query : query.limit(limit)).execute();
      return rows.map(itemOf);
    },
    /** How many items failed for each reason, per operation: one grouped read, however many failed. */
    async failureCounts(transferId: string): Promise<FailureCount[]> {
      const rows = await db
        .selectFrom('transfer_items')
        .select(['operation', 'reason', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
        .where('transfer_id', '=', transferId)
        .groupBy(['operation', 'reason'])
        .orderBy('operation', 'desc')
        .orderBy('reason')
        .execute();
      return rows.map((row) => ({
        operation: row.operation as TransferOperation,
        reason: row.reason as ItemFailureReason,
        count: Number(row.count),
      }));
    },
  };
}
