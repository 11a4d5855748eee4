/**
 * The transfers the service's engine runs, kept on the rows they belong to (decision 0035): an
 * export's plan as data, the destination's secret sealed by the vault (never in plain text; opened
 * only by the worker that runs the transfer), and the owner's cancel request and pause are columns of
 * its job; a pass of Copy new mail keeps its plan and secret on its `copy_passes` row. The secret is
 * deleted in the same statement that ends or cancels the transfer, so it lives exactly as long as the
 * transfer may still need it. An export's end is its status (`completed` or `error`, from how its
 * operations ended); the job service then records the rest of the end once (`finished_at`, the mail).
 */
import { ENDED, type ExportStatus } from '../jobs/export-status.ts';
import { isPass } from '../transfers/passes.ts';
import { createFollowUpsStore } from './follow-ups-store.ts';
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
  /** The transfer is over: it runs no more, and its secret is gone. */
  ended: boolean;
};

export type TransfersStore = ReturnType<typeof createTransfersStore>;

/** How the export's operations ended: `error` when any failed or was cancelled. */
async function outcomeOf(db: Db, exportId: string): Promise<ExportStatus> {
  const failed = await db
    .selectFrom('transfer_operations')
    .select('operation')
    .where('transfer_id', '=', exportId)
    .where('state', 'in', ['failed', 'cancelled'])
    .executeTakeFirst();
  return failed ? 'error' : 'completed';
}

export function createTransfersStore(db: Db) {
  /** An export whose engine holds a plan and that has not ended. */
  const running = (exportId: string) =>
    db.updateTable('jobs').where('export_id', '=', exportId).where('plan', 'is not', null).where('status', 'not in', ENDED);

  async function findPass(transferId: string): Promise<StoredTransfer | null> {
    const row = await db.selectFrom('copy_passes').selectAll().where('transfer_id', '=', transferId).executeTakeFirst();
    if (!row || row.plan === null) return null;
    return {
      exportId: row.transfer_id,
      plan: row.plan,
      sealedSecret: row.sealed_secret,
      cancelRequestedAt: null,
      pausedAt: null,
      createdAt: row.started_at,
      ended: row.ended_at !== null,
    };
  }

  return {
    /** Gives the export's row (or the pass's, written just before in the same transaction) its plan and secret. */
    async create(transfer: { exportId: string; plan: string; sealedSecret: string | null }): Promise<void> {
      const values = { plan: transfer.plan, sealed_secret: transfer.sealedSecret };
      const result = isPass(transfer.exportId)
        ? await db.updateTable('copy_passes').set(values).where('transfer_id', '=', transfer.exportId).executeTakeFirst()
        : await db.updateTable('jobs').set(values).where('export_id', '=', transfer.exportId).executeTakeFirst();
      if (result.numUpdatedRows !== 1n) throw new Error(`no export or pass ${transfer.exportId} to give a transfer to`);
    },
    async find(exportId: string): Promise<StoredTransfer | null> {
      if (isPass(exportId)) return findPass(exportId);
      const row = await db
        .selectFrom('jobs')
        .select(['export_id', 'plan', 'sealed_secret', 'cancel_requested_at', 'paused_at', 'created_at', 'status'])
        .where('export_id', '=', exportId)
        .executeTakeFirst();
      if (!row || row.plan === null) return null;
      return {
        exportId: row.export_id,
        plan: row.plan,
        sealedSecret: row.sealed_secret,
        cancelRequestedAt: row.cancel_requested_at,
        pausedAt: row.paused_at,
        createdAt: row.created_at,
        ended: (ENDED as readonly string[]).includes(row.status),
      };
    },
    /** Records the owner's cancel and deletes the secret; false when the transfer had already ended (or is unknown). */
    async requestCancel(exportId: string, now: number): Promise<boolean> {
      const result = await running(exportId)
        .set((eb) => ({ cancel_requested_at: eb.fn.coalesce('cancel_requested_at', eb.val(now)), sealed_secret: null }))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /**
     * Records the owner's pause: `paused` for the one call that paused it (of two at once, one), then
     * `was-paused` (the first pause's time kept); false when the transfer has ended, is being
     * cancelled, or is unknown.
     */
    async requestPause(exportId: string, now: number): Promise<'paused' | 'was-paused' | false> {
      const result = await running(exportId)
        .set({ paused_at: now })
        .where('cancel_requested_at', 'is', null)
        .where('paused_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 1n) return 'paused';
      const held = await db
        .selectFrom('jobs')
        .select('export_id')
        .where('export_id', '=', exportId)
        .where('plan', 'is not', null)
        .where('status', 'not in', ENDED)
        .where('cancel_requested_at', 'is', null)
        .where('paused_at', 'is not', null)
        .executeTakeFirst();
      return held ? 'was-paused' : false;
    },
    /** Lifts the owner's pause (one that was not paused stays as it was); false when the transfer has ended, is being cancelled, or is unknown. */
    async resume(exportId: string): Promise<boolean> {
      const result = await running(exportId).set({ paused_at: null }).where('cancel_requested_at', 'is', null).executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** Of these transfers, the ones whose owner asked to cancel, and the ones paused. */
    async stopRequested(exportIds: readonly string[]): Promise<{ cancelled: string[]; paused: string[] }> {
      if (exportIds.length === 0) return { cancelled: [], paused: [] };
      const rows = await db
        .selectFrom('jobs')
        .select(['export_id', 'cancel_requested_at', 'paused_at'])
        .where('export_id', 'in', [...exportIds])
        .where('status', 'not in', ENDED)
        .where((eb) => eb.or([eb('cancel_requested_at', 'is not', null), eb('paused_at', 'is not', null)]))
        .execute();
      return {
        cancelled: rows.filter((row) => row.cancel_requested_at !== null).map((row) => row.export_id),
        paused: rows.filter((row) => row.cancel_requested_at === null).map((row) => row.export_id),
      };
    },
    /** The transfer is over: its secret goes; an export's status becomes its outcome, a pass lets go of its export. */
    async end(exportId: string, now: number): Promise<void> {
      if (isPass(exportId)) return createFollowUpsStore(db).passEnded(exportId, now);
      await running(exportId)
        .set({ status: await outcomeOf(db, exportId), sealed_secret: null })
        .execute();
    },
  };
}
