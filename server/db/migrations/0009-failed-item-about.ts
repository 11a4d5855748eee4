/**
 * The item report names a failed message as a person would look for it: its subject, sender and date
 * (issue 36), beside the Message-ID it had. Null in rows written before, and for contacts and folders.
 */
import type { SchemaMigration } from './types.ts';

export const failedItemAbout: SchemaMigration = {
  async up(db) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    for (const column of ['subject', 'sender', 'sent_at']) {
      await db.schema.alterTable('transfer_items').addColumn(column, 'text').execute();
    }
  },
};
