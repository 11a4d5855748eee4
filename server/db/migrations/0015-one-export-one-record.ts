/**
 * One export, one record (decision 0035, step 2): the transfer's columns move onto the export's own
 * row (`jobs`) with the status the export service owns, a pass of Copy new mail keeps its plan and
 * secret on its own row (`copy_passes`), and `transfers` goes. The status of a database that ran an
 * older version is derived once, here, from what it held: an ended job by its outcome; a transfer
 * that ended before its job was settled by its operations (the next settle records the rest); then a
 * cancel, a pause, a destination's wait, a live lease in the table queue; else `queued` (pg-boss's
 * own tables are not read: the next claim makes it `running`). Sealed secrets move as they are: the
 * vault's purpose is the export ID, not the table, so each still opens.
 */
import { sql, type Kysely } from 'kysely';
import type { SchemaMigration } from './types.ts';

/** One ALTER per column: SQLite adds one column per statement. */
async function addColumns(db: Kysely<unknown>, table: string, columns: [name: string, type: 'text' | 'bigint'][]): Promise<void> {
  for (const [name, type] of columns) await db.schema.alterTable(table).addColumn(name, type).execute();
}

export const oneExportOneRecord: SchemaMigration = {
  async up(db) {
    // NOT NULL needs a default on SQLite's ADD COLUMN; a new load writes its own.
    await db.schema
      .alterTable('jobs')
      .addColumn('status', 'text', (column) => column.notNull().defaultTo('queued'))
      .execute();
    await addColumns(db, 'jobs', [
      ['plan', 'text'],
      ['sealed_secret', 'text'],
      ['cancel_requested_at', 'bigint'],
      ['paused_at', 'bigint'],
      ['resume_at', 'bigint'],
    ]);
    await sql`
      UPDATE jobs SET
        plan = (SELECT t.plan FROM transfers t WHERE t.export_id = jobs.export_id),
        sealed_secret = (SELECT t.sealed_secret FROM transfers t WHERE t.export_id = jobs.export_id),
        cancel_requested_at = (SELECT t.cancel_requested_at FROM transfers t WHERE t.export_id = jobs.export_id),
        paused_at = (SELECT t.paused_at FROM transfers t WHERE t.export_id = jobs.export_id),
        resume_at = (SELECT MAX(o.resume_at) FROM transfer_operations o
                     WHERE o.transfer_id = jobs.export_id AND o.state = 'sleeping')
    `.execute(db);
    const now = Date.now();
    await sql`
      UPDATE jobs SET status = CASE
        WHEN finished_at IS NOT NULL THEN
          CASE WHEN email_status = 'error' OR contacts_status = 'error' THEN 'error' ELSE 'completed' END
        WHEN EXISTS (SELECT 1 FROM transfers t WHERE t.export_id = jobs.export_id AND t.ended_at IS NOT NULL) THEN
          CASE WHEN EXISTS (SELECT 1 FROM transfer_operations o
                            WHERE o.transfer_id = jobs.export_id AND o.state IN ('failed', 'cancelled'))
               THEN 'error' ELSE 'completed' END
        WHEN cancel_requested_at IS NOT NULL THEN 'cancelling'
        WHEN paused_at IS NOT NULL THEN 'paused'
        WHEN resume_at IS NOT NULL THEN 'sleeping'
        WHEN EXISTS (SELECT 1 FROM transfer_queue q WHERE q.export_id = jobs.export_id AND q.lease_until > ${now}) THEN 'running'
        ELSE 'queued'
      END
    `.execute(db);
    await addColumns(db, 'copy_passes', [
      ['plan', 'text'],
      ['sealed_secret', 'text'],
    ]);
    await sql`
      UPDATE copy_passes SET
        plan = (SELECT t.plan FROM transfers t WHERE t.export_id = copy_passes.transfer_id),
        sealed_secret = (SELECT t.sealed_secret FROM transfers t WHERE t.export_id = copy_passes.transfer_id)
    `.execute(db);
    await db.schema.dropTable('transfers').execute();
  },
};
