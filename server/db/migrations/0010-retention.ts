/**
 * What the purge (server/background/purge.ts) looks up on every pass: ended jobs by when they ended
 * (the unfinished ones have their own index), and support requests by when they arrived. Without
 * these each pass would read the whole of both tables.
 */
import { sql } from 'kysely';
import type { SchemaMigration } from './types.ts';

export const retention: SchemaMigration = {
  async up(db) {
    await db.schema.createIndex('jobs_finished').on('jobs').column('finished_at').where(sql.ref('finished_at'), 'is not', null).execute();
    await db.schema.createIndex('support_requests_by_age').on('support_requests').column('received_at').execute();
  },
};
