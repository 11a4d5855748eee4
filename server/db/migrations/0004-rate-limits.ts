/**
 * The counters of the request limits (server/limits/): one table for every limiter, keyed by
 * `<limiter>:<who>`, in the layout rate-limiter-flexible's SQLite and Postgres stores read and write
 * (`key`, `points`, `expire` in milliseconds). Created here, not by the library, so the schema is the
 * migrations' like every other table's; the library is told it exists.
 */
import type { SchemaMigration } from './types.ts';

export const rateLimits: SchemaMigration = {
  async up(db) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'varchar(255)', (column) => column.primaryKey())
      .addColumn('points', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('expire', 'bigint')
      .execute();
    await db.schema.createIndex('rate_limits_expiry').on('rate_limits').column('expire').execute();
  },
};
