/** A record of every notification the service tried to send (never the address: it is on the job). */
import type { ExportNotification } from '../ports.ts';
import type { Db } from './open.ts';

export type NotificationsStore = ReturnType<typeof createNotificationsStore>;

export function createNotificationsStore(db: Db) {
  return {
    async record(exportId: string, outcome: ExportNotification['outcome'], now: number, delivered: boolean): Promise<void> {
      await db.insertInto('notifications').values({ export_id: exportId, outcome, sent_at: now, delivered: delivered ? 1 : 0 }).execute();
    },
    async forJob(exportId: string): Promise<{ outcome: string; delivered: boolean }[]> {
      const rows = await db.selectFrom('notifications').select(['outcome', 'delivered']).where('export_id', '=', exportId).orderBy('id').execute();
      return rows.map((row) => ({ outcome: row.outcome, delivered: row.delivered === 1 }));
    },
  };
}
