/**
 * What the service keeps to run a transfer with its own engine: the plan as data (JSON, validated
 * with the engine's job schemas), the destination's password sealed with the vault until the
 * transfer ends, and a cancel request; the queue the worker loop claims transfers from, with a
 * lease, so a transfer runs on one process at a time and a killed process's transfer is taken up
 * again once its lease has run out. A job also keeps the destination's IMAP address as `load` read it.
 */
import type { SchemaMigration } from './types.ts';

export const transfers: SchemaMigration = {
  async up(db) {
    await db.schema
      .createTable('transfers')
      .addColumn('export_id', 'text', (column) => column.primaryKey())
      .addColumn('plan', 'text', (column) => column.notNull())
      .addColumn('sealed_secret', 'text')
      .addColumn('cancel_requested_at', 'bigint')
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('ended_at', 'bigint')
      .execute();
    await db.schema
      .createTable('transfer_queue')
      .addColumn('export_id', 'text', (column) => column.primaryKey())
      .addColumn('run_after', 'bigint', (column) => column.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('claims', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('transfer_queue_due').on('transfer_queue').column('run_after').execute();
    await db.schema.alterTable('jobs').addColumn('destination_imap', 'text').execute();
  },
};
