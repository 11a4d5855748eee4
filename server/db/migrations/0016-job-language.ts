/**
 * The language an export was started in (decision 0033): its mails are written in it. Exports made
 * before are English, as their mails were.
 */
import type { SchemaMigration } from './types.ts';

export const jobLanguage: SchemaMigration = {
  async up(db) {
    await db.schema
      .alterTable('jobs')
      .addColumn('language', 'text', (column) => column.notNull().defaultTo('en'))
      .execute();
  },
};
