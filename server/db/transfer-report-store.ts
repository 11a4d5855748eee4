/**
 * What the status answers and the item report read of a transfer's state, without loading all of it:
 * every operation's status and counters in one indexed read (the status poll), the count receipt and
 * the item rows (once the export has ended).
 */
import type { FailedItem, Progress, Receipt, TransferOperation, TransferStatus } from '../engine/ports.ts';
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
    async failedItems(transferId: string): Promise<FailedItem[]> {
      const rows = await db.selectFrom('transfer_items').selectAll().where('transfer_id', '=', transferId).orderBy('id').execute();
      return rows.map(itemOf);
    },
  };
}
