/**
 * The sign-in flow's `state` values already answered, until their flow would have expired: a flow
 * completes once, across restarts and nodes (it was a map in one process's memory).
 */
import type { SchemaMigration } from './types.ts';

export const usedFlowStates: SchemaMigration = {
  async up(db) {
    await db.schema
      .createTable('used_flow_states')
      .addColumn('state_digest', 'text', (column) => column.primaryKey())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('used_flow_states_expiry').on('used_flow_states').column('expires_at').execute();
  },
};
