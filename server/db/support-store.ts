/** Support requests received by the default webhook receiver. */
import type { SupportRequest } from '../../contract/index.ts';
import type { Db } from './open.ts';

export type StoredSupportRequest = SupportRequest & { id: number; receivedAt: number };

export type SupportStore = ReturnType<typeof createSupportStore>;

export function createSupportStore(db: Db) {
  const insert = db.prepare(`
    INSERT INTO support_requests (email_address, destination_email, migration_id, issue, received_at)
    VALUES (@email_address, @destination_email, @migration_id, @issue, @receivedAt)`);
  const list = db.prepare<[number], Omit<StoredSupportRequest, 'receivedAt'> & { received_at: number }>(
    'SELECT * FROM support_requests ORDER BY id DESC LIMIT ?',
  );
  return {
    save(request: SupportRequest, now: number): number {
      return Number(insert.run({ ...request, receivedAt: now }).lastInsertRowid);
    },
    newest(limit: number): StoredSupportRequest[] {
      return list.all(limit).map(({ received_at, ...rest }) => ({ ...rest, receivedAt: received_at }));
    },
  };
}
