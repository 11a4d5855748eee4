/**
 * The destination tokens of a consent (Gmail, Outlook.com), sealed, from the consent until the
 * export it was used for ends: keyed by the digest of the destination token the browser holds, then
 * attached to one export. `version` and `refreshing_until` let one node at a time refresh them.
 */
import type { SchemaMigration } from './types.ts';

export const destinationGrants: SchemaMigration = {
  async up(db) {
    await db.schema
      .createTable('destination_grants')
      .addColumn('grant_key', 'text', (column) => column.primaryKey())
      .addColumn('export_id', 'text', (column) => column.unique())
      .addColumn('provider', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('sealed', 'text', (column) => column.notNull())
      .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('refreshing_until', 'bigint')
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('destination_grants_expiry').on('destination_grants').column('expires_at').execute();
  },
};
