/**
 * Copy new mail in the transfer service (decision 0032). When an export to a mailbox completes, its
 * follow-up opens (`keepAfter`): the destination's sealed password is kept with it (a consent's tokens
 * stay in destination_grants) until `openUntil`. A pass (`startPass`) is a transfer of its own
 * (passes.ts) that begins from the checkpoints the last transfer of the export left (UIDVALIDITY and
 * last UID per folder), so the engine fetches only what arrived since, and its duplicate check keeps
 * anything already at the destination from being copied twice; its counts are its own rows. The pass
 * is queued like any transfer, so the worker of any node runs it, and a restart resumes it.
 */
import type { Vault } from '../crypto/vault.ts';
import type { Db } from '../db/open.ts';
import { createFollowUpsStore, type PassTrigger } from '../db/follow-ups-store.ts';
import type { TransferReportStore } from '../db/transfer-report-store.ts';
import { createTransfersStore, type StoredTransfer } from '../db/transfers-store.ts';
import { inTransaction } from '../db/transaction.ts';
import type { CopyPass, TransferQueue } from '../ports.ts';
import { isPass, passTransferId } from './passes.ts';
import { readPlan, type TransferPlan } from './plan.ts';
import { secretPurpose } from './worker.ts';

export type FollowUpDeps = {
  db: Db;
  queueOver: (db: Db) => TransferQueue;
  reports: TransferReportStore;
  vault: Vault;
  now: () => number;
  /** How long after the end new mail may be copied (COPY_NEW_MAIL_DAYS). */
  windowMs: number;
};

export type PassStart = 'started' | 'running' | 'closed';

export type FollowUps = ReturnType<typeof createFollowUps>;

/** Only mail a mailbox keeps can be followed: a file is written once. */
const followable = (plan: TransferPlan) => plan.provider !== 'file' && plan.mail !== null;

export function createFollowUps(deps: FollowUpDeps) {
  const { db, reports, now } = deps;
  const store = createFollowUpsStore(db);

  /** Before the transfer's end takes its secret: a completed mailbox export keeps it for its follow-up. */
  async function keepAfter(ending: StoredTransfer, plan: TransferPlan): Promise<void> {
    if (isPass(ending.exportId) || !followable(plan)) return;
    // Read again: a cancel may have come (and taken the secret) while it ran.
    const transfer = await createTransfersStore(db).find(ending.exportId);
    if (!transfer || transfer.cancelRequestedAt !== null) return;
    const mail = (await reports.operations(transfer.exportId)).find((state) => state.operation === 'emailmigration');
    if (mail?.status?.state !== 'completed') return;
    await store.keep({
      exportId: transfer.exportId,
      sealedSecret: transfer.sealedSecret,
      openUntil: now() + deps.windowMs,
      forwardingUntil: null,
      nextPassAt: null,
    });
  }

  /** Queues the next pass of the export, unless one runs or its follow-up is closed. */
  async function startPass(exportId: string, trigger: PassTrigger, at: number): Promise<PassStart> {
    const followUp = await store.find(exportId);
    if (!followUp || followUp.openUntil <= at) return 'closed';
    if (followUp.runningPass !== null) return 'running';
    const main = await createTransfersStore(db).find(exportId);
    if (!main) return 'closed';
    const number = followUp.passes + 1;
    const transferId = passTransferId(exportId, number);
    const previous = followUp.passes === 0 ? exportId : passTransferId(exportId, followUp.passes);
    const plan = readPlan(main.plan);
    const passPlan: TransferPlan = { ...plan, mail: plan.mail && { ...plan.mail, transferId } };
    const secret = followUp.sealedSecret === null ? null : deps.vault.open(followUp.sealedSecret, secretPurpose(exportId));
    if (followUp.sealedSecret !== null && secret === null) return 'closed';
    const started = await inTransaction(db, async (trx) => {
      const within = createFollowUpsStore(trx);
      if (!(await within.claimPass(exportId, number, transferId, at))) return false;
      await within.addPass({ transferId, exportId, number, trigger, startedAt: at });
      // The pass begins where the last transfer of the export stopped: only what arrived since is fetched.
      const checkpoints = await trx.selectFrom('transfer_checkpoints').selectAll().where('transfer_id', '=', previous).execute();
      if (checkpoints.length > 0)
        await trx
          .insertInto('transfer_checkpoints')
          .values(checkpoints.map((checkpoint) => ({ ...checkpoint, transfer_id: transferId })))
          .execute();
      await createTransfersStore(trx).create({
        exportId: transferId,
        plan: JSON.stringify(passPlan),
        sealedSecret: secret === null ? null : deps.vault.seal(secret, secretPurpose(transferId)),
      });
      await deps.queueOver(trx).enqueue(transferId, at);
      return true;
    });
    return started ? 'started' : 'running';
  }

  /** The passes of an export with their own counts, oldest first. */
  async function passesOf(exportId: string): Promise<CopyPass[]> {
    const passes = await store.passes(exportId);
    return Promise.all(
      passes.map(async (pass): Promise<CopyPass> => {
        const states = await reports.operations(pass.transferId);
        const of = (operation: 'emailmigration' | 'contactsmigration') => states.find((state) => state.operation === operation);
        const mail = of('emailmigration');
        const contacts = of('contactsmigration');
        const failedState = [mail, contacts].find((state) => state?.status?.state === 'failed' || state?.status?.state === 'cancelled');
        const status = pass.endedAt === null ? 'started' : failedState ? 'error' : 'completed';
        return {
          number: pass.number,
          trigger: pass.trigger,
          startedAt: pass.startedAt,
          status,
          messages: mail?.progress?.done ?? 0,
          contacts: contacts?.progress?.done ?? 0,
          failed: (mail?.progress?.failed ?? 0) + (contacts?.progress?.failed ?? 0),
        };
      }),
    );
  }

  /** Forwarding chosen: daily passes from `firstPassAt` until `until`, never past the follow-up's own time. */
  async function forward(exportId: string, until: number, firstPassAt: number): Promise<boolean> {
    const followUp = await store.find(exportId);
    if (!followUp) return false;
    return store.forward(exportId, Math.min(until, followUp.openUntil), firstPassAt);
  }

  return {
    keepAfter,
    forward,
    claimDue: (at: number, intervalMs: number) => store.claimDue(at, intervalMs),
    endForwarding: (exportId: string, at: number) => store.endForwarding(exportId, at),
    startPass,
    passesOf,
    find: (exportId: string) => store.find(exportId),
    passEnded: (transferId: string) => store.passEnded(transferId, now()),
    /** The export's destination grant is still needed by its follow-up. */
    holdsGrant: (exportId: string) => store.isOpen(exportId, now()),
  };
}
