/**
 * The transfers the service's engine runs, kept on the rows they belong to (decision 0035): an
 * export's plan as data and the destination's secret sealed by the vault (never in plain text; opened
 * only by the worker that runs the transfer) are columns of its job, beside the status its lifecycle
 * writes (server/jobs/lifecycle.ts: the owner's cancel, which deletes the secret, the pause, the end);
 * a pass of Copy new mail keeps its plan and secret on its `copy_passes` row, and its end deletes the
 * secret and lets go of its export (follow-ups-store.ts).
 */
import { isEnded, type ExportStatus } from '../jobs/export-status.ts';
import { isPass } from '../transfers/passes.ts';
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
  /** Where the export stands; a pass is `running` until it ends. */
  status: ExportStatus;
  /** The transfer is over: it runs no more, and its secret is gone. */
  ended: boolean;
};

export type TransfersStore = ReturnType<typeof createTransfersStore>;

export function createTransfersStore(db: Db) {
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
      status: row.ended_at === null ? 'running' : 'completed',
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
      // Only the lifecycle writes it (server/jobs/lifecycle.ts).
      const status = row.status as ExportStatus;
      return {
        exportId: row.export_id,
        plan: row.plan,
        sealedSecret: row.sealed_secret,
        cancelRequestedAt: row.cancel_requested_at,
        pausedAt: row.paused_at,
        createdAt: row.created_at,
        status,
        ended: isEnded(status),
      };
    },
    /** Of these transfers, the ones whose owner asked to cancel, and the ones paused. */
    async stopRequested(exportIds: readonly string[]): Promise<{ cancelled: string[]; paused: string[] }> {
      if (exportIds.length === 0) return { cancelled: [], paused: [] };
      const rows = await db
        .selectFrom('jobs')
        .select(['export_id', 'status'])
        .where('export_id', 'in', [...exportIds])
        .where('status', 'in', ['cancelling', 'paused'])
        .execute();
      return {
        cancelled: rows.filter((row) => row.status === 'cancelling').map((row) => row.export_id),
        paused: rows.filter((row) => row.status === 'paused').map((row) => row.export_id),
      };
    },
  };
}
