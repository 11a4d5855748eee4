/** A record of every notification the service tried to send (never the address: it is on the job). */
import type { ExportNotification } from '../ports.ts';
import type { Db } from './open.ts';

export type NotificationsStore = ReturnType<typeof createNotificationsStore>;

export function createNotificationsStore(db: Db) {
  const insert = db.prepare('INSERT INTO notifications (export_id, outcome, sent_at, delivered) VALUES (?, ?, ?, ?)');
  const forJob = db.prepare<[string], { outcome: string; delivered: number }>(
    'SELECT outcome, delivered FROM notifications WHERE export_id = ? ORDER BY id',
  );
  return {
    record(exportId: string, outcome: ExportNotification['outcome'], now: number, delivered: boolean): void {
      insert.run(exportId, outcome, now, delivered ? 1 : 0);
    },
    forJob: (exportId: string) => forJob.all(exportId).map((row) => ({ outcome: row.outcome, delivered: row.delivered === 1 })),
  };
}
