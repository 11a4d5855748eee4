/**
 * Copy new mail's rows (decision 0032): the follow-up of a completed mailbox export (what a pass needs
 * to reach the destination again, until when, and the forwarding schedule) and its passes. Starting a
 * pass is one conditional update (`running_pass` is null and the count is the one read), so of two
 * clicks, or two nodes, exactly one starts it. Forwarding's due passes are claimed the same way (the
 * due time is moved on only where it is still the one read), and its end is marked once.
 */
import type { Db } from './open.ts';
import { inTransaction } from './transaction.ts';

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
    /**
     * The pass has ended: its secret goes, and its export may start another. One transaction, so no
     * answer reads the pass ended while it still holds the export (Copy new mail would not be offered
     * after a completed pass).
     */
    passEnded: (transferId: string, now: number): Promise<void> =>
      inTransaction(db, async (trx) => {
        await trx
          .updateTable('copy_passes')
          .set({ ended_at: now, sealed_secret: null })
          .where('transfer_id', '=', transferId)
          .where('ended_at', 'is', null)
          .execute();
        await trx
          .updateTable('mail_followups')
          .set({ running_pass: null, running_since: null })
          .where('running_pass', '=', transferId)
          .execute();
      }),
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
    /** Forwarding chosen: its passes are due from `nextPassAt` until `until`; false when the export has no follow-up (or it is set already). */
    async forward(exportId: string, until: number, nextPassAt: number): Promise<boolean> {
      const result = await db
        .updateTable('mail_followups')
        .set({ forwarding_until: until, next_pass_at: nextPassAt })
        .where('export_id', '=', exportId)
        .where('forwarding_until', 'is', null)
        .where('forwarding_ended_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /**
     * Forwarding's follow-ups due at `now`, each claimed by moving its due time on to `now + intervalMs`
     * (never past its end, so the end is seen on time) where it is still the one read: of several nodes
     * asking at once, one gets each.
     */
    async claimDue(now: number, intervalMs: number): Promise<{ exportId: string; until: number }[]> {
      const due = await db
        .selectFrom('mail_followups')
        .select(['export_id', 'next_pass_at', 'forwarding_until'])
        .where('next_pass_at', '<=', now)
        .where('forwarding_ended_at', 'is', null)
        .execute();
      const claimed: { exportId: string; until: number }[] = [];
      for (const row of due) {
        if (row.next_pass_at === null || row.forwarding_until === null) continue;
        const result = await db
          .updateTable('mail_followups')
          .set({ next_pass_at: Math.min(now + intervalMs, row.forwarding_until) })
          .where('export_id', '=', row.export_id)
          .where('next_pass_at', '=', row.next_pass_at)
          .where('forwarding_ended_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows === 1n) claimed.push({ exportId: row.export_id, until: row.forwarding_until });
      }
      return claimed;
    },
    /** Forwarding ends (its time up, the source closed, its owner stopped it): true only the first time. */
    async endForwarding(exportId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('mail_followups')
        .set({ forwarding_ended_at: now, next_pass_at: null })
        .where('export_id', '=', exportId)
        .where('forwarding_until', 'is not', null)
        .where('forwarding_ended_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
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
    /**
     * Deletes follow-ups past their time (their sealed secrets with them) with no pass running, and no
     * forwarding whose end has yet to be told; how many.
     */
    async closeExpired(now: number): Promise<number> {
      const result = await db
        .deleteFrom('mail_followups')
        .where('open_until', '<=', now)
        .where('running_pass', 'is', null)
        .where((row) => row.or([row('forwarding_until', 'is', null), row('forwarding_ended_at', 'is not', null)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
