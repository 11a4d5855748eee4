/**
 * The wrong-password brake of each destination address (server/db/credential-brakes-store.ts): the
 * checks under way and the wrong passwords, so a check is reserved before it reaches the mail server
 * and a burst cannot slip past the brake. Keyed by the address's digest: no address is kept.
 */
import type { SchemaMigration } from './types.ts';

export const credentialBrakes: SchemaMigration = {
  async up(db) {
    await db.schema
      .createTable('credential_brakes')
      .addColumn('destination_digest', 'text', (column) => column.primaryKey())
      .addColumn('failures', 'integer', (column) => column.notNull())
      .addColumn('in_flight', 'integer', (column) => column.notNull())
      .addColumn('in_flight_until', 'bigint', (column) => column.notNull())
      .addColumn('blocked_until', 'bigint', (column) => column.notNull())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('credential_brakes_expiry').on('credential_brakes').column('expires_at').execute();
  },
};
