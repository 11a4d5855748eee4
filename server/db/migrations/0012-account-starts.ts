/**
 * One row per account that has started an export, by its keyed email hash: the row a load locks
 * before it counts the account's running exports and adds one (server/db/jobs-store.ts), so two
 * loads of one account on Postgres take turns instead of both counting the same jobs.
 */
import type { SchemaMigration } from './types.ts';

export const accountStarts: SchemaMigration = {
  async up(db) {
    await db.schema
      .createTable('account_starts')
      .addColumn('email_hash', 'text', (column) => column.primaryKey())
      .addColumn('started_at', 'bigint', (column) => column.notNull())
      .execute();
  },
};
