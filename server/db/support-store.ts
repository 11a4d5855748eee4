/** Support requests received by the default webhook receiver. */
import type { SupportRequest } from '../../contract/index.ts';
import type { Db } from './open.ts';

export type StoredSupportRequest = SupportRequest & { id: number; receivedAt: number };

export type SupportStore = ReturnType<typeof createSupportStore>;

export function createSupportStore(db: Db) {
  return {
    async save(request: SupportRequest, now: number): Promise<number> {
      const row = await db
        .insertInto('support_requests')
        .values({
          email_address: request.email_address,
          destination_email: request.destination_email,
          migration_id: request.migration_id,
          issue: request.issue,
          received_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async newest(limit: number): Promise<StoredSupportRequest[]> {
      const rows = await db.selectFrom('support_requests').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return rows.map(({ received_at, ...rest }) => ({ ...rest, receivedAt: received_at }));
    },
  };
}
