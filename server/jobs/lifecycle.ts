/**
 * The export's lifecycle (decision 0035): every change of `jobs.status`, each one conditional update
 * `WHERE status IN (…)` over the statuses it may leave from (export-status.ts; the end's: none is
 * recorded yet, `finished_at IS NULL`), so of several nodes,
 * workers or clicks at once exactly one makes it, and nothing moves an ended export. A load writes
 * `queued` with the job (jobs-store.ts); the worker reports `claimed`, `slept` and the end through
 * ExportEvents; the job service writes the owner's pause, resume and cancel, and the end with its
 * 'ended' mail in one transaction. The columns that go with a status move with it: the pause's time,
 * the cancel's time (the destination's secret goes at once), a wait's end, the outcome.
 */
import type { Db } from '../db/open.ts';
import { queueMessage, type NewOutboxMessage } from '../db/outbox-store.ts';
import { inTransaction } from '../db/transaction.ts';
import type { OperationStatus } from '../db/jobs-store.ts';
import { LEAVES_FROM, type ExportStatus } from './export-status.ts';

export type ExportEnd = {
  exportId: string;
  emailStatus: OperationStatus | null;
  contactsStatus: OperationStatus | null;
  finishedAt: number;
  downloadExpiresAt: number | null;
  /** The 'ended' mail the job service decided on, queued with the end. */
  mail?: NewOutboxMessage;
};

export type Lifecycle = ReturnType<typeof createLifecycle>;

export function createLifecycle(db: Db) {
  /** The export's row, while it stands in one of `from`. */
  const leaving = (over: Db, exportId: string, from: readonly ExportStatus[]) =>
    over.updateTable('jobs').where('export_id', '=', exportId).where('status', 'in', from);
  /** Of an export the engine runs (it holds a plan): pause, resume and cancel are the engine's to carry out. */
  const engineRun = (exportId: string, from: readonly ExportStatus[]) => leaving(db, exportId, from).where('plan', 'is not', null);
  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows === 1n;

  /** The status of an export the engine runs; null for one it does not (or none). */
  async function statusOf(over: Db, exportId: string): Promise<string | null> {
    const row = await over
      .selectFrom('jobs')
      .select('status')
      .where('export_id', '=', exportId)
      .where('plan', 'is not', null)
      .executeTakeFirst();
    return row?.status ?? null;
  }

  return {
    /** A worker took it: it runs (a wait it came back from is over). */
    claimed: async (exportId: string): Promise<boolean> =>
      changed(await leaving(db, exportId, LEAVES_FROM.claimed).set({ status: 'running', resume_at: null }).executeTakeFirst()),

    /** A destination made it wait until `resumeAt`. */
    slept: async (exportId: string, resumeAt: number): Promise<boolean> =>
      changed(await leaving(db, exportId, LEAVES_FROM.slept).set({ status: 'sleeping', resume_at: resumeAt }).executeTakeFirst()),

    /**
     * The owner's pause, with its mail in the same transaction: `paused` for the one call that paused
     * it, `was-paused` for a paused one (its first pause's time and mail kept); false when it has
     * ended, is being cancelled, is a file export (its archive is written anew by a run that starts
     * again, docs/transfer.md), or is not the engine's.
     */
    pause: (exportId: string, at: number, mail: NewOutboxMessage): Promise<'paused' | 'was-paused' | false> =>
      inTransaction(db, async (trx) => {
        const result = await leaving(trx, exportId, LEAVES_FROM.paused)
          .where('plan', 'is not', null)
          .where('destination_provider', '<>', 'file')
          .set({ status: 'paused', paused_at: at })
          .executeTakeFirst();
        if (changed(result)) {
          await queueMessage(trx, mail, at);
          return 'paused';
        }
        return (await statusOf(trx, exportId)) === 'paused' ? 'was-paused' : false;
      }),

    /**
     * The owner lets it go on: `resumed` when it was paused (queued again), `not-paused` when it runs
     * or waits already (twice is once); false when it has ended, is being cancelled, or is not the engine's.
     */
    async resume(exportId: string): Promise<'resumed' | 'not-paused' | false> {
      const result = await engineRun(exportId, LEAVES_FROM.resumed).set({ status: 'queued', paused_at: null }).executeTakeFirst();
      if (changed(result)) return 'resumed';
      const status = await statusOf(db, exportId);
      return status === 'queued' || status === 'running' || status === 'sleeping' ? 'not-paused' : false;
    },

    /** The owner's cancel: its time (the first one's) and the secret deleted at once; false when it has ended or is not the engine's. */
    cancel: async (exportId: string, at: number): Promise<boolean> =>
      changed(
        await engineRun(exportId, LEAVES_FROM.cancelling)
          .set((eb) => ({
            status: 'cancelling',
            cancel_requested_at: eb.fn.coalesce('cancel_requested_at', eb.val(at)),
            sealed_secret: null,
          }))
          .executeTakeFirst(),
      ),

    /**
     * The end, once: the outcome, the operations' statuses, the time, the download's expiry, and the
     * 'ended' mail, in one transaction; the secret goes with it. Of several callers (the engine's
     * report, a settle on another node) only the one whose update finds it unended does; false for the rest.
     */
    end: (end: ExportEnd): Promise<boolean> =>
      inTransaction(db, async (trx) => {
        const failed = end.emailStatus === 'error' || end.contactsStatus === 'error';
        const result = await trx
          .updateTable('jobs')
          .where('export_id', '=', end.exportId)
          .where('finished_at', 'is', null)
          .set({
            status: failed ? 'error' : 'completed',
            email_status: end.emailStatus,
            contacts_status: end.contactsStatus,
            finished_at: end.finishedAt,
            download_expires_at: end.downloadExpiresAt,
            sealed_secret: null,
            resume_at: null,
          })
          .executeTakeFirst();
        if (!changed(result)) return false;
        if (end.mail) await queueMessage(trx, end.mail, end.finishedAt);
        return true;
      }),
  };
}
