/**
 * The schema as the service had it before migrations moved to Kysely: the four tables of the old
 * `user_version` 1 and the token store's table, which the store used to create itself. Every
 * statement is IF NOT EXISTS so that a SQLite file made by that code is adopted as it is, data and
 * all; on a new database it creates everything.
 */
import { sql } from 'kysely';
import { autoId, type SchemaMigration } from './types.ts';

export const initial: SchemaMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('jobs')
      .ifNotExists()
      .addColumn('export_id', 'text', (column) => column.primaryKey())
      .addColumn('source_email', 'text', (column) => column.notNull())
      .addColumn('email_hash', 'text', (column) => column.notNull())
      .addColumn('destination_provider', 'text', (column) => column.notNull())
      .addColumn('destination_email', 'text')
      .addColumn('operations', 'text', (column) => column.notNull())
      .addColumn('email_format', 'text')
      .addColumn('contacts_format', 'text')
      .addColumn('notification_email', 'text', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('idempotency_key', 'text', (column) => column.notNull())
      .addColumn('email_status', 'text')
      .addColumn('contacts_status', 'text')
      .addColumn('finished_at', 'bigint')
      .addColumn('end_notified', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('download_token_hash', 'text', (column) => column.unique())
      .addColumn('download_expires_at', 'bigint')
      .execute();
    await db.schema.createIndex('jobs_by_email_hash').ifNotExists().on('jobs').columns(['email_hash', 'created_at desc']).execute();
    await db.schema
      .createIndex('jobs_by_idempotency_key')
      .ifNotExists()
      .on('jobs')
      .columns(['idempotency_key', 'created_at desc'])
      .execute();
    await db.schema
      .createIndex('jobs_unfinished')
      .ifNotExists()
      .on('jobs')
      .column('finished_at')
      .where(sql.ref('finished_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('opt_out_states')
      .ifNotExists()
      .addColumn('email', 'text', (column) => column.primaryKey())
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'bigint', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('support_requests')
      .ifNotExists()
      .addColumn('id', ...autoId(dialect))
      .addColumn('email_address', 'text', (column) => column.notNull())
      .addColumn('destination_email', 'text', (column) => column.notNull())
      .addColumn('migration_id', 'text', (column) => column.notNull())
      .addColumn('issue', 'text', (column) => column.notNull())
      .addColumn('received_at', 'bigint', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('notifications')
      .ifNotExists()
      .addColumn('id', ...autoId(dialect))
      .addColumn('export_id', 'text', (column) => column.notNull().references('jobs.export_id'))
      .addColumn('outcome', 'text', (column) => column.notNull())
      .addColumn('sent_at', 'bigint', (column) => column.notNull())
      .addColumn('delivered', 'integer', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('identity_tokens')
      .ifNotExists()
      .addColumn('token_digest', 'text', (column) => column.primaryKey())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('purpose', 'text', (column) => column.notNull())
      .addColumn('provider', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('identity_tokens_expiry').ifNotExists().on('identity_tokens').column('expires_at').execute();
  },
};
