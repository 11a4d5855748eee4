/**
 * Copy new mail (decision 0032): an export to a mailbox that completed keeps, for a while, what a later
 * pass needs to reach the destination again — its password sealed as the transfer had it (a consent's
 * tokens stay in destination_grants) — and counts its passes. Each pass is a transfer of its own
 * (`<export id>.<n>`, server/transfers/passes.ts) whose state rows hold its own counts; `copy_passes`
 * ties it to its export. `running_pass` is set only when no pass runs, in one statement, so two clicks
 * or two nodes start one pass. The forwarding columns hold the daily passes' schedule.
 */
import type { SchemaMigration } from './types.ts';

export const copyNewMail: SchemaMigration = {
  async up(db) {
    await db.schema
      .createTable('mail_followups')
      .addColumn('export_id', 'text', (column) => column.primaryKey())
      .addColumn('sealed_secret', 'text')
      .addColumn('open_until', 'bigint', (column) => column.notNull())
      .addColumn('passes', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('running_pass', 'text')
      .addColumn('running_since', 'bigint')
      .addColumn('forwarding_until', 'bigint')
      .addColumn('next_pass_at', 'bigint')
      .addColumn('forwarding_ended_at', 'bigint')
      .execute();
    await db.schema.createIndex('mail_followups_next_pass').on('mail_followups').column('next_pass_at').execute();
    await db.schema
      .createTable('copy_passes')
      .addColumn('transfer_id', 'text', (column) => column.primaryKey())
      .addColumn('export_id', 'text', (column) => column.notNull())
      .addColumn('number', 'integer', (column) => column.notNull())
      .addColumn('trigger', 'text', (column) => column.notNull())
      .addColumn('started_at', 'bigint', (column) => column.notNull())
      .addColumn('ended_at', 'bigint')
      .execute();
    await db.schema.createIndex('copy_passes_by_export').on('copy_passes').columns(['export_id', 'number']).unique().execute();
  },
};
