/**
 * The transfer queue as a table with leases (TransferQueue, server/ports.ts): a claim is one
 * conditional update per candidate, so of several workers (processes, nodes) that pick the same row
 * only one gets it, on SQLite and on Postgres alike. A lease held by a process that died runs out and
 * the transfer is claimed again. Claims are counted from the last clean give-back, so a transfer whose
 * runs keep dying with their process can be told apart from one that pauses and goes on.
 */
import type { TransferQueue } from '../ports.ts';
import type { Db } from './open.ts';

export function createTableTransferQueue(db: Db): TransferQueue {
  return {
    async enqueue(exportId, runAfter) {
      await db
        .insertInto('transfer_queue')
        .values({ export_id: exportId, run_after: runAfter })
        .onConflict((conflict) => conflict.column('export_id').doUpdateSet({ run_after: runAfter }))
        .execute();
    },
    async claim(owner, now, leaseMs, limit) {
      if (limit <= 0) return [];
      const candidates = await db
        .selectFrom('transfer_queue')
        .select('export_id')
        .where('run_after', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .orderBy('run_after')
        .limit(limit)
        .execute();
      const claimed: { exportId: string; attempt: number }[] = [];
      for (const { export_id: exportId } of candidates) {
        const result = await db
          .updateTable('transfer_queue')
          .set((eb) => ({ lease_owner: owner, lease_until: now + leaseMs, claims: eb('claims', '+', 1) }))
          .where('export_id', '=', exportId)
          .where('run_after', '<=', now)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
          .returning('claims')
          .executeTakeFirst();
        if (result) claimed.push({ exportId, attempt: result.claims });
      }
      return claimed;
    },
    async extend(exportId, owner, now, leaseMs) {
      const result = await db
        .updateTable('transfer_queue')
        .set({ lease_until: now + leaseMs })
        .where('export_id', '=', exportId)
        .where('lease_owner', '=', owner)
        .where('lease_until', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async release(exportId, owner, runAfter) {
      await db
        .updateTable('transfer_queue')
        .set({ lease_owner: null, lease_until: null, run_after: runAfter, claims: 0 })
        .where('export_id', '=', exportId)
        .where('lease_owner', '=', owner)
        .execute();
    },
    async remove(exportId) {
      await db.deleteFrom('transfer_queue').where('export_id', '=', exportId).execute();
    },
    async depth() {
      const row = await db
        .selectFrom('transfer_queue')
        .select((eb) => eb.fn.countAll<number>().as('waiting'))
        .where('lease_owner', 'is', null)
        .executeTakeFirst();
      return Number(row?.waiting ?? 0);
    },
  };
}
