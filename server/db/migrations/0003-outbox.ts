/**
 * The outbox: every message the service owes someone (a notification mail, a support request for
 * the webhook) is a row written in the same transaction as the change it reports, and a background
 * loop delivers it with retries. The notifications log it replaces moves in as finished messages
 * (its rows said whether a mail went out; the outbox says the same, and keeps what is still owed).
 * `end_notified` goes too: the ended mail is queued by the one update that finishes a job. The
 * download token hashes are cleared: the archive is now reached through grants to its owner.
 */
import { sql } from 'kysely';
import { autoId, type SchemaMigration } from './types.ts';

export const outbox: SchemaMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('outbox')
      .addColumn('id', ...autoId(dialect))
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('ref', 'text', (column) => column.notNull())
      .addColumn('payload', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (column) => column.notNull())
      .addColumn('lease_until', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('outbox_by_ref').on('outbox').columns(['kind', 'ref']).execute();

    // || concatenates on both engines; the outcome is one of three plain words.
    await sql`
      INSERT INTO outbox (kind, ref, payload, status, attempts, next_attempt_at, created_at, finished_at)
      SELECT 'export-mail', export_id, '{"outcome":"' || outcome || '"}', CASE WHEN delivered = 1 THEN 'sent' ELSE 'failed' END,
        1, sent_at, sent_at, sent_at
      FROM notifications ORDER BY id
    `.execute(db);
    await db.schema.dropTable('notifications').execute();
    await db.schema.alterTable('jobs').dropColumn('end_notified').execute();
    // Links made from these hashes (an HMAC of the export ID) are no longer honoured; forget them.
    await sql`UPDATE jobs SET download_token_hash = NULL`.execute(db);
  },
};
