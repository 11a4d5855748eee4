/**
 * The rows the purge deletes once their time is up (decision 0026): an ended export with everything
 * written about it — its passes, checkpoints, item report, count receipt, queue entry, grant,
 * load claim and mail — and a support request with its forwarding message.
 *
 * Every pass may run on several nodes at once. Each statement stands alone (no transaction held
 * across tables, so two passes never wait on each other's locks in a different order), the rows
 * about an export go before the export's own row, and a pass that dies half way leaves the export
 * selected by the next. Two passes deleting the same rows delete them once: the second finds them
 * gone. Counts are what this pass deleted.
 */
import type { Db } from './open.ts';

/** Rows read per statement: bounded, so one pass never holds a long lock or a long list. */
const BATCH = 200;

export type ArchiveState = { finishedAt: number | null; downloadExpiresAt: number | null };

export type RetentionStore = ReturnType<typeof createRetentionStore>;

export function createRetentionStore(db: Db) {
  /** Deletes everything about these exports, the export's own row last; answers how many exports went. */
  async function deleteExports(exportIds: string[]): Promise<number> {
    // Copy new mail's passes are transfers of their own (server/transfers/passes.ts): they go with their export.
    const passes = await db.selectFrom('copy_passes').select('transfer_id').where('export_id', 'in', exportIds).execute();
    const ids = [...exportIds, ...passes.map((pass) => pass.transfer_id)];
    await db.deleteFrom('copy_passes').where('export_id', 'in', exportIds).execute();
    await db.deleteFrom('mail_followups').where('export_id', 'in', exportIds).execute();
    await db.deleteFrom('transfer_items').where('transfer_id', 'in', ids).execute();
    await db.deleteFrom('transfer_receipts').where('transfer_id', 'in', ids).execute();
    await db.deleteFrom('transfer_checkpoints').where('transfer_id', 'in', ids).execute();
    await db.deleteFrom('transfer_operations').where('transfer_id', 'in', ids).execute();
    await db.deleteFrom('transfer_queue').where('export_id', 'in', ids).execute();
    await db.deleteFrom('destination_grants').where('export_id', 'in', ids).execute();
    await db.deleteFrom('load_claims').where('export_id', 'in', ids).execute();
    await db.deleteFrom('outbox').where('kind', '=', 'export-mail').where('ref', 'in', ids).execute();
    const jobs = await db.deleteFrom('jobs').where('export_id', 'in', ids).executeTakeFirst();
    return Number(jobs.numDeletedRows);
  }

  async function deleteSupportRequests(ids: number[]): Promise<number> {
    await db
      .deleteFrom('outbox')
      .where('kind', '=', 'support-request')
      .where(
        'ref',
        'in',
        ids.map((id) => String(id)),
      )
      .execute();
    const requests = await db.deleteFrom('support_requests').where('id', 'in', ids).executeTakeFirst();
    return Number(requests.numDeletedRows);
  }

  /** Runs `select` and `remove` over batches until a batch comes back short; answers the sum `remove` counted. */
  async function inBatches<Id>(select: () => Promise<Id[]>, remove: (ids: Id[]) => Promise<number>): Promise<number> {
    let removed = 0;
    for (;;) {
      const ids = await select();
      if (ids.length > 0) removed += await remove(ids);
      if (ids.length < BATCH) return removed;
    }
  }

  return {
    /**
     * Exports that ended before `endedBefore` and whose file, if they had one, is no longer offered
     * at `now`: a history shorter than the download's lifetime never takes a file away early.
     */
    exportsEndedBefore: (endedBefore: number, now: number): Promise<number> =>
      inBatches(
        async () =>
          (
            await db
              .selectFrom('jobs')
              .select('export_id')
              .where('finished_at', '<', endedBefore)
              .where((eb) => eb.or([eb('download_expires_at', 'is', null), eb('download_expires_at', '<=', now)]))
              .orderBy('export_id')
              .limit(BATCH)
              .execute()
          ).map((row) => row.export_id),
        deleteExports,
      ),

    /** Support requests received before `receivedBefore`, with their forwarding messages. */
    supportRequestsBefore: (receivedBefore: number): Promise<number> =>
      inBatches(
        async () =>
          (
            await db
              .selectFrom('support_requests')
              .select('id')
              .where('received_at', '<', receivedBefore)
              .orderBy('id')
              .limit(BATCH)
              .execute()
          ).map((row) => row.id),
        deleteSupportRequests,
      ),

    /**
     * The lock rows of accounts that started no export since `startedBefore` (a keyed hash and a time:
     * server/db/jobs-store.ts). A load that comes later makes its account's row again.
     */
    async accountStartsBefore(startedBefore: number): Promise<number> {
      const result = await db.deleteFrom('account_starts').where('started_at', '<', startedBefore).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Where the exports of these archive files stand; an export with no row is not in the map. */
    async archiveStates(exportIds: readonly string[]): Promise<Map<string, ArchiveState>> {
      const states = new Map<string, ArchiveState>();
      for (let start = 0; start < exportIds.length; start += BATCH) {
        const rows = await db
          .selectFrom('jobs')
          .select(['export_id', 'finished_at', 'download_expires_at'])
          .where('export_id', 'in', exportIds.slice(start, start + BATCH))
          .execute();
        for (const row of rows) states.set(row.export_id, { finishedAt: row.finished_at, downloadExpiresAt: row.download_expires_at });
      }
      return states;
    },
  };
}
