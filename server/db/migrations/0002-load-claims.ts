/**
 * Idempotent loads that hold across processes. A load used to look for an earlier job with its
 * idempotency key and then insert one: between the two, a second request (another node, or an
 * await in between) could insert a duplicate. A key is now claimed in a table where it is the
 * primary key, so of two concurrent claims exactly one wins on every engine; the claims of the
 * jobs already stored move there, and the column and index on jobs go.
 */
import { sql } from 'kysely';
import type { SchemaMigration } from './types.ts';

export const loadClaims: SchemaMigration = {
  async up(db) {
    await db.schema
      .createTable('load_claims')
      .addColumn('idempotency_key', 'text', (column) => column.primaryKey())
      .addColumn('export_id', 'text', (column) => column.notNull())
      .addColumn('claimed_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('load_claims_by_age').on('load_claims').column('claimed_at').execute();
    // The newest job of each key holds it (ties broken by export ID, so exactly one row per key).
    await sql`
      INSERT INTO load_claims (idempotency_key, export_id, claimed_at)
      SELECT j.idempotency_key, j.export_id, j.created_at FROM jobs j
      WHERE NOT EXISTS (
        SELECT 1 FROM jobs k WHERE k.idempotency_key = j.idempotency_key
          AND (k.created_at > j.created_at OR (k.created_at = j.created_at AND k.export_id > j.export_id)))
    `.execute(db);
    await db.schema.dropIndex('jobs_by_idempotency_key').execute();
    await db.schema.alterTable('jobs').dropColumn('idempotency_key').execute();
  },
};
