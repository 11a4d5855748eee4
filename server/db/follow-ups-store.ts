/**
 * Copy new mail's rows (decision 0032): the follow-up of a completed mailbox export (what a pass needs
 * to reach the destination again, until when, and the forwarding schedule) and its passes. Starting a
 * pass is one conditional update (`running_pass` is null and the count is the one read), so of two
 * clicks, or two nodes, exactly one starts it.
 */
import type { Db } from './open.ts';

export type FollowUp = {
  exportId: string;
  sealedSecret: string | null;
  openUntil: number;
  passes: number;
  runningPass: string | null;
  runningSince: number | null;
  forwardingUntil: number | null;
  nextPassAt: number | null;
  forwardingEndedAt: number | null;
};

export type StoredPass = {
  transferId: string;
  exportId: string;
  number: number;
  trigger: PassTrigger;
  startedAt: number;
  endedAt: number | null;
};
export type PassTrigger = 'customer' | 'schedule';

export type FollowUpsStore = ReturnType<typeof createFollowUpsStore>;

export function createFollowUpsStore(db: Db) {
  return {
    /** Opens the follow-up of an export that completed; a second call changes nothing. */
    async keep(followUp: {
      exportId: string;
      sealedSecret: string | null;
      openUntil: number;
      forwardingUntil: number | null;
      nextPassAt: number | null;
    }) {
      await db
        .insertInto('mail_followups')
        .values({
          export_id: followUp.exportId,
          sealed_secret: followUp.sealedSecret,
          open_until: followUp.openUntil,
          forwarding_until: followUp.forwardingUntil,
          next_pass_at: followUp.nextPassAt,
        })
        .onConflict((conflict) => conflict.column('export_id').doNothing())
        .execute();
    },
    async find(exportId: string): Promise<FollowUp | null> {
      const row = await db.selectFrom('mail_followups').selectAll().where('export_id', '=', exportId).executeTakeFirst();
      if (!row) return null;
      return {
        exportId: row.export_id,
        sealedSecret: row.sealed_secret,
        openUntil: row.open_until,
        passes: row.passes,
        runningPass: row.running_pass,
        runningSince: row.running_since,
        forwardingUntil: row.forwarding_until,
        nextPassAt: row.next_pass_at,
        forwardingEndedAt: row.forwarding_ended_at,
      };
    },
    /** Marks pass `number` (after `number - 1` passes) running; false when one runs or another start won. */
    async claimPass(exportId: string, number: number, transferId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('mail_followups')
        .set({ passes: number, running_pass: transferId, running_since: now })
        .where('export_id', '=', exportId)
        .where('passes', '=', number - 1)
        .where('running_pass', 'is', null)
        .where('open_until', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async addPass(pass: Omit<StoredPass, 'endedAt'>): Promise<void> {
      await db
        .insertInto('copy_passes')
        .values({
          transfer_id: pass.transferId,
          export_id: pass.exportId,
          number: pass.number,
          trigger: pass.trigger,
          started_at: pass.startedAt,
        })
        .execute();
    },
    /** The pass has ended: its export may start another. */
    async passEnded(transferId: string, now: number): Promise<void> {
      await db
        .updateTable('copy_passes')
        .set({ ended_at: now })
        .where('transfer_id', '=', transferId)
        .where('ended_at', 'is', null)
        .execute();
      await db
        .updateTable('mail_followups')
        .set({ running_pass: null, running_since: null })
        .where('running_pass', '=', transferId)
        .execute();
    },
    async passes(exportId: string): Promise<StoredPass[]> {
      const rows = await db.selectFrom('copy_passes').selectAll().where('export_id', '=', exportId).orderBy('number').execute();
      return rows.map((row) => ({
        transferId: row.transfer_id,
        exportId: row.export_id,
        number: row.number,
        trigger: row.trigger as PassTrigger,
        startedAt: row.started_at,
        endedAt: row.ended_at,
      }));
    },
    /** Whether the export's follow-up is open at `now` (its destination grant is then kept). */
    async isOpen(exportId: string, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('mail_followups')
        .select('export_id')
        .where('export_id', '=', exportId)
        .where('open_until', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Deletes follow-ups past their time (their sealed secrets with them) with no pass running; how many. */
    async closeExpired(now: number): Promise<number> {
      const result = await db
        .deleteFrom('mail_followups')
        .where('open_until', '<=', now)
        .where('running_pass', 'is', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
