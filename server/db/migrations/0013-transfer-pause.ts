/**
 * The owner's pause of a transfer (decision 0031): when it was paused, or null while it may run. Kept
 * with the transfer, not in the worker's memory, so a paused export stays paused across a restart and
 * whichever node claims it next sees the pause.
 */
import type { SchemaMigration } from './types.ts';

export const transferPause: SchemaMigration = {
  async up(db) {
    await db.schema.alterTable('transfers').addColumn('paused_at', 'bigint').execute();
  },
};
