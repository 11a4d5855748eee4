/**
 * The transfers the service's engine runs: each job's plan as data, the destination's secret sealed
 * by the vault (never in plain text; opened only by the worker that runs the transfer), and the
 * owner's cancel request and pause (decision 0031). The secret is deleted in the same statement that ends or cancels the
 * transfer, so it lives exactly as long as the transfer may still need it.
 */
import type { Db } from './open.ts';

export type StoredTransfer = {
  exportId: string;
  /** JSON of the plan (server/transfers/plan.ts). */
  plan: string;
  sealedSecret: string | null;
  cancelRequestedAt: number | null;
  /** When its owner paused it; null while it may run. */
  pausedAt: number | null;
  createdAt: number;
  endedAt: number | null;
};

export type TransfersStore = ReturnType<typeof createTransfersStore>;

export function createTransfersStore(db: Db) {
  return {
    async create(transfer: { exportId: string; plan: string; sealedSecret: string | null; createdAt: number }): Promise<void> {
      await db
        .insertInto('transfers')
        .values({ export_id: transfer.exportId, plan: transfer.plan, sealed_secret: transfer.sealedSecret, created_at: transfer.createdAt })
        .execute();
    },
    async find(exportId: string): Promise<StoredTransfer | null> {
      const row = await db.selectFrom('transfers').selectAll().where('export_id', '=', exportId).executeTakeFirst();
      if (!row) return null;
      return {
        exportId: row.export_id,
        plan: row.plan,
        sealedSecret: row.sealed_secret,
        cancelRequestedAt: row.cancel_requested_at,
        pausedAt: row.paused_at,
        createdAt: row.created_at,
        endedAt: row.ended_at,
      };
    },
    /** Records the owner's cancel and deletes the secret; false when the transfer had already ended (or is unknown). */
    async requestCancel(exportId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('transfers')
        .set((eb) => ({ cancel_requested_at: eb.fn.coalesce('cancel_requested_at', eb.val(now)), sealed_secret: null }))
        .where('export_id', '=', exportId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /**
     * Records the owner's pause: `paused` for the one call that paused it (of two at once, one), then
     * `was-paused` (the first pause's time kept); false when the transfer has ended, is being
     * cancelled, or is unknown.
     */
    async requestPause(exportId: string, now: number): Promise<'paused' | 'was-paused' | false> {
      const result = await db
        .updateTable('transfers')
        .set({ paused_at: now })
        .where('export_id', '=', exportId)
        .where('ended_at', 'is', null)
        .where('cancel_requested_at', 'is', null)
        .where('paused_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 1n) return 'paused';
      const held = await db
        .selectFrom('transfers')
        .select('export_id')
        .where('export_id', '=', exportId)
        .where('ended_at', 'is', null)
        .where('cancel_requested_at', 'is', null)
        .where('paused_at', 'is not', null)
        .executeTakeFirst();
      return held ? 'was-paused' : false;
    },
    /** Lifts the owner's pause (one that was not paused stays as it was); false when the transfer has ended, is being cancelled, or is unknown. */
    async resume(exportId: string): Promise<boolean> {
      const result = await db
        .updateTable('transfers')
        .set({ paused_at: null })
        .where('export_id', '=', exportId)
        .where('ended_at', 'is', null)
        .where('cancel_requested_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** Of these transfers, the ones whose owner asked to cancel, and the ones paused. */
    async stopRequested(exportIds: readonly string[]): Promise<{ cancelled: string[]; paused: string[] }> {
      if (exportIds.length === 0) return { cancelled: [], paused: [] };
      const rows = await db
        .selectFrom('transfers')
        .select(['export_id', 'cancel_requested_at', 'paused_at'])
        .where('export_id', 'in', [...exportIds])
        .where((eb) => eb.or([eb('cancel_requested_at', 'is not', null), eb('paused_at', 'is not', null)]))
        .execute();
      return {
        cancelled: rows.filter((row) => row.cancel_requested_at !== null).map((row) => row.export_id),
        paused: rows.filter((row) => row.cancel_requested_at === null).map((row) => row.export_id),
      };
    },
    /** The transfer is over: its secret goes. */
    async end(exportId: string, now: number): Promise<void> {
      await db
        .updateTable('transfers')
        .set({ ended_at: now, sealed_secret: null })
        .where('export_id', '=', exportId)
        .where('ended_at', 'is', null)
        .execute();
    },
  };
}
