/**
 * Support requests received by the default webhook receiver. Saving one also queues it for the
 * configured webhook (in the same transaction: a stored request is never left unforwarded). The
 * purge deletes them after SUPPORT_RETENTION_DAYS (server/background/purge.ts), on its own timer.
 */
import type { Selectable } from 'kysely';
import type { SupportRequest } from '../../contract/index.ts';
import type { Db } from './open.ts';
import type { SupportRequestsTable } from './schema.ts';
import { queueMessage } from './outbox-store.ts';
import { inTransaction } from './transaction.ts';

export type StoredSupportRequest = SupportRequest & { id: number; receivedAt: number };

export type SupportStore = ReturnType<typeof createSupportStore>;

export function createSupportStore(db: Db) {
  const fromRow = ({ received_at, ...rest }: Selectable<SupportRequestsTable>): StoredSupportRequest => ({
    ...rest,
    receivedAt: received_at,
  });
  return {
    /** Stores the request (and queues it for the webhook when `forward`); answers its id. */
    save: (request: SupportRequest, now: number, forward: boolean): Promise<number> =>
      inTransaction(db, async (trx) => {
        const row = await trx
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
        if (forward) await queueMessage(trx, { kind: 'support-request', ref: String(row.id), payload: {} }, now);
        return row.id;
      }),
    async find(id: number): Promise<StoredSupportRequest | null> {
      const row = await db.selectFrom('support_requests').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? fromRow(row) : null;
    },
    async newest(limit: number): Promise<StoredSupportRequest[]> {
      const rows = await db.selectFrom('support_requests').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return rows.map(fromRow);
    },
  };
}
