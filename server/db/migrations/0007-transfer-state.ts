/**
 * The transfer engine's state (server/engine/ports.ts, TransferStateStore) in the shared database, so
 * a transfer resumes on any process after a kill and the status answers read its progress: one row per
 * operation (status and counters), one checkpoint per folder or address book, the item report's rows
 * and the count receipts. A commit writes a checkpoint with the counters it covers in one transaction.
 */
import { autoId, type SchemaMigration } from './types.ts';

export const transferState: SchemaMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('transfer_operations')
      .addColumn('transfer_id', 'text', (column) => column.notNull())
      .addColumn('operation', 'text', (column) => column.notNull())
      .addColumn('state', 'text')
      .addColumn('reason', 'text')
      .addColumn('resume_at', 'bigint')
      .addColumn('detail', 'text')
      .addColumn('total', 'bigint')
      .addColumn('done', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('failed', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('bytes_total', 'bigint')
      .addColumn('bytes_done', 'bigint', (column) => column.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('transfer_operations_key', ['transfer_id', 'operation'])
      .execute();
    await db.schema
      .createTable('transfer_checkpoints')
      .addColumn('transfer_id', 'text', (column) => column.notNull())
      .addColumn('operation', 'text', (column) => column.notNull())
      .addColumn('container', 'text', (column) => column.notNull())
      .addColumn('validity', 'text', (column) => column.notNull())
      .addColumn('position', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('transfer_checkpoints_key', ['transfer_id', 'operation', 'container'])
      .execute();
    await db.schema
      .createTable('transfer_items')
      .addColumn('id', ...autoId(dialect))
      .addColumn('transfer_id', 'text', (column) => column.notNull())
      .addColumn('operation', 'text', (column) => column.notNull())
      .addColumn('container', 'text', (column) => column.notNull())
      .addColumn('item_id', 'text')
      .addColumn('uid', 'bigint')
      .addColumn('size', 'bigint')
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('detail', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('transfer_items_by_transfer').on('transfer_items').columns(['transfer_id', 'operation', 'id']).execute();
    await db.schema
      .createTable('transfer_receipts')
      .addColumn('transfer_id', 'text', (column) => column.notNull())
      .addColumn('operation', 'text', (column) => column.notNull())
      .addColumn('container', 'text', (column) => column.notNull())
      .addColumn('destination', 'text', (column) => column.notNull())
      .addColumn('source_count', 'bigint', (column) => column.notNull())
      .addColumn('destination_count', 'bigint', (column) => column.notNull())
      .addColumn('failed', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('transfer_receipts_key', ['transfer_id', 'operation', 'container'])
      .execute();
  },
};
