/**
 * The worker loop on the run's database with the transfer engine in front of it, over the sample
 * mailboxes and the development store: a destination's daily limit puts the transfer to sleep until
 * its recorded time (the status says so) and the worker takes it up again then, not before; no more
 * transfers run at once than its concurrency; a transfer whose runs keep dying is given up.
 * The destination's daily-limit answer is the one Gmail gives; no local server can be made to say it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundGuard } from '../../../server/checks/outbound-guard.ts';
import { createVault } from '../../../server/crypto/vault.ts';
import { createDevMail, type DevMail } from '../../../server/development/mail/index.ts';
import { createJobsStore } from '../../../server/db/jobs-store.ts';
import { createLifecycle } from '../../../server/jobs/lifecycle.ts';
import type { Db } from '../../../server/db/open.ts';
import { createTableTransferQueue } from '../../../server/db/transfer-queue.ts';
import { createTransferReportStore } from '../../../server/db/transfer-report-store.ts';
import { createTransferStateStore } from '../../../server/db/transfer-state-store.ts';
import { createTransfersStore } from '../../../server/db/transfers-store.ts';
import { createLogger } from '../../../server/http/logger.ts';
import { systemClock, type MailDestination } from '../../../server/engine/index.ts';
import { readConfig } from '../../../server/config.ts';
import type { DestinationGrants, TransferEngine, ExportJob } from '../../../server/ports.ts';
import { createTransferEngine } from '../../../server/transfers/transfer-engine.ts';
import { createTransferEnvironment, type TransferEnvironment } from '../../../server/transfers/environment.ts';
import { createTransferWorker, type TransferWorker } from '../../../server/transfers/worker.ts';
import { createFollowUps } from '../../../server/transfers/follow-ups.ts';
import { openTestDatabase } from '../../support/test-database.ts';

const OWNER = 'active@example.com';
const NOW = Date.UTC(2026, 10, 22, 9);
const dir = mkdtempSync(path.join(tmpdir(), 'portal-worker-'));
let devMail: DevMail;

beforeAll(async () => {
  devMail = createDevMail({ dir: path.join(dir, 'dev-mail') });
  await devMail.prepare([OWNER]);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The development store, except that appends `refuse` picks answer Gmail's daily limit. */
function withDailyLimit(environment: TransferEnvironment, refuse: () => boolean): TransferEnvironment {
  const limited = (destination: MailDestination): MailDestination => ({
    ...destination,
    async connect() {
      const session = await destination.connect();
      return {
        ...session,
        append: async (target, message) =>
          refuse()
            ? {
                ok: false,
                refusal: {
                  kind: 'daily-limit',
                  resumeAfterMs: 60 * 60_000,
                  detail: '[OVERQUOTA] Account exceeded command or bandwidth limits',
                },
              }
            : session.append(target, message),
      };
    },
  });
  return { ...environment, mailDestination: async (input) => limited(await environment.mailDestination(input)) };
}

type Setup = { engine: TransferEngine; worker: TransferWorker; clock: { now: number }; ended: string[] };

/** These transfers go to the development store: no destination consent is ever asked for. */
const NO_GRANTS: DestinationGrants = { forExport: async () => ({ kind: 'none' }), delete: async () => undefined };
const DEVELOPMENT_PLAN = {
  developmentStore: () => true,
  gmailMailPath: 'api',
  imap: {},
  providerImap: {},
  limits: readConfig({}).destinations,
} as const;
const developmentEnvironment = () =>
  createTransferEnvironment({
    sourceImap: null,
    sourceCardDav: null,
    devMail,
    guard: createOutboundGuard({ allowList: [], ports: [993], dnsServers: null }),
    destinationCa: null,
    grants: NO_GRANTS,
    destinations: readConfig({}).destinations,
    clock: systemClock,
  });

describe('transfer worker', () => {
  let db: Db;
  let close: () => Promise<void>;
  const workers: TransferWorker[] = [];
  beforeEach(async () => {
    ({ db, close } = await openTestDatabase());
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    await close();
  });

  function setup(options: { concurrency?: number; refuse?: () => boolean; maxAttempts?: number; started?: boolean } = {}): Setup {
    const clock = { now: NOW };
    const now = () => clock.now;
    const base = developmentEnvironment();
    const environment = options.refuse ? withDailyLimit(base, options.refuse) : base;
    const vault = createVault('worker-test-secret-0123456789abcdef');
    const reports = createTransferReportStore(db);
    const ended: string[] = [];
    const lifecycle = createLifecycle(db);
    const worker = createTransferWorker({
      store: createTransferStateStore(db),
      reports,
      environment,
      clock: { now, sleep: async () => undefined },
      filesDir: path.join(dir, 'files'),
      queue: createTableTransferQueue(db),
      transfers: createTransfersStore(db),
      vault,
      logger: createLogger('silent'),
      now,
      settings: {
        concurrency: options.concurrency ?? 2,
        pollMs: 3_600_000,
        leaseMs: 60_000,
        maxAttempts: options.maxAttempts ?? 10,
        retryMs: 1000,
      },
      // What the export service's lifecycle records of the worker's reports; the end is only collected here.
      events: {
        claimed: async (exportId) => void (await lifecycle.claimed(exportId)),
        slept: async (exportId, resumeAt) => void (await lifecycle.slept(exportId, resumeAt)),
        ended: async (exportId) => void ended.push(exportId),
      },
    });
    workers.push(worker);
    // Started as a worker process starts it (its interval is an hour: the tests pass it by hand).
    if (options.started ?? true) worker.start();
    const engine = createTransferEngine({
      db,
      queueOver: createTableTransferQueue,
      reports,
      vault,
      environment,
      worker,
      followUps: createFollowUps({ db, queueOver: createTableTransferQueue, reports, vault, now, windowMs: 0 }),
      filesDir: path.join(dir, 'files'),
      planOptions: DEVELOPMENT_PLAN,
      caps: readConfig({}).destinations,
      now,
    });
    return { engine, worker, clock, ended };
  }

  const job = (n: number, provider: ExportJob['destinationProvider'] = 'gmail'): ExportJob => ({
    exportId: `W${String(n).padStart(31, '0')}`,
    sourceEmail: OWNER,
    destinationProvider: provider,
    destinationEmail: `dest${n}@gmail.com`,
    destinationImap: null,
    operations: ['emailmigration'],
    emailFormat: null,
    contactsFormat: null,
    createdAt: NOW,
  });

  /** Starts the export as a load does: its job, and the engine's transfer on the job's row, in one transaction. */
  const begin = (engine: Pick<TransferEngine, 'start'>, exportJob: ExportJob) =>
    createJobsStore(db).insertUnlessDuplicate(
      {
        ...exportJob,
        emailHash: `hash-${exportJob.exportId}`,
        notificationEmail: OWNER,
        language: 'en',
        idempotencyKey: exportJob.exportId,
      },
      NOW - 1,
      { then: (trx) => engine.start(exportJob, null, trx) },
    );

  const statusOf = (exportId: string) =>
    db.selectFrom('jobs').select(['status', 'resume_at']).where('export_id', '=', exportId).executeTakeFirstOrThrow();

  /** Passes until the worker runs nothing (each pass claims what is due and waits for nothing). */
  async function settle(worker: TransferWorker, onPass: () => void = () => undefined): Promise<void> {
    for (let pass = 0; pass < 200; pass++) {
      await worker.wake();
      onPass();
      if (worker.runningIds().length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the worker did not come to rest');
  }

  it('sleeps through a daily limit until the time it was given, says so, and finishes after it', { timeout: 60_000 }, async () => {
    let appends = 0;
    const { engine, worker, clock, ended } = setup({ refuse: () => ++appends === 30 });
    const paused = job(1);
    await begin(engine, paused);
    await settle(worker);
    const progress = await engine.progress(paused, new Date(clock.now));
    const resumeAt = NOW + 60 * 60_000;
    expect(progress.emailmigration).toMatchObject({
      status: 'started',
      waiting: { reason: 'daily-limit', until: new Date(resumeAt).toISOString(), provider: 'gmail' },
    });
    expect(progress.emailmigration?.progress?.done).toBeGreaterThan(0);
    expect(ended).toEqual([]);
    expect(await statusOf(paused.exportId)).toMatchObject({ status: 'sleeping', resume_at: resumeAt });

    clock.now = resumeAt - 1;
    await settle(worker);
    expect(ended).toEqual([]);
    clock.now = resumeAt;
    await settle(worker);
    expect(ended).toEqual([paused.exportId]);
    // Claimed again once the wait was over; the end is the export service's to record, on this report.
    expect(await statusOf(paused.exportId)).toMatchObject({ status: 'running', resume_at: null });
    const finished = await engine.progress(paused, new Date(clock.now), { reported: true });
    expect(finished.emailmigration).toMatchObject({
      status: 'completed',
      progress: { done: finished.emailmigration?.progress?.total, failed: 0 },
    });
    expect(finished.emailmigration?.waiting).toBeUndefined();
  });

  it(
    'claims nothing when woken before it is started (a web node queues and leaves the runs to the workers)',
    { timeout: 60_000 },
    async () => {
      const { engine, worker, ended } = setup({ started: false });
      const queued = job(7);
      await begin(engine, queued);
      await worker.wake();
      expect(worker.runningIds()).toEqual([]);
      expect((await engine.progress(queued, new Date(NOW))).emailmigration?.progress?.done ?? 0).toBe(0);
      worker.start();
      await settle(worker);
      expect(ended).toEqual([queued.exportId]);
    },
  );

  it('runs no more transfers at once than its concurrency, and all of them in the end', { timeout: 60_000 }, async () => {
    const { engine, worker, ended } = setup({ concurrency: 2 });
    const jobs = [2, 3, 4, 5].map((n) => job(n));
    for (const j of jobs) await begin(engine, j);
    let most = 0;
    await settle(worker, () => {
      most = Math.max(most, worker.runningIds().length);
    });
    expect(most).toBe(2);
    expect(ended.sort()).toEqual(jobs.map((j) => j.exportId).sort());
  });

  it('gives up a transfer whose runs keep dying, as failed', { timeout: 60_000 }, async () => {
    const { engine, worker, clock, ended } = setup({ maxAttempts: 2 });
    const doomed = job(6);
    // Queued without waking this worker; then two claims whose processes "died" (leases that ran out).
    const otherEngine = createTransferEngine({
      db,
      queueOver: createTableTransferQueue,
      reports: createTransferReportStore(db),
      vault: createVault('x'.repeat(32)),
      environment: developmentEnvironment(),
      worker: { wake: async () => undefined, cancel: () => undefined, pause: () => undefined },
      followUps: createFollowUps({
        db,
        queueOver: createTableTransferQueue,
        reports: createTransferReportStore(db),
        vault: createVault('x'.repeat(32)),
        now: () => NOW,
        windowMs: 0,
      }),
      filesDir: dir,
      planOptions: DEVELOPMENT_PLAN,
      caps: readConfig({}).destinations,
      now: () => NOW,
    });
    await begin(otherEngine, doomed);
    const queue = createTableTransferQueue(db);
    for (let claim = 0; claim < 2; claim++) expect(await queue.claim(`dead-${claim}`, NOW + claim * 120_000, 60_000, 1)).toHaveLength(1);
    clock.now = NOW + 10 * 60_000;
    await settle(worker);
    expect(ended).toEqual([doomed.exportId]);
    expect((await engine.progress(doomed, new Date(clock.now), { reported: true })).emailmigration).toMatchObject({
      status: 'error',
      reason: 'internal',
    });
    expect(await createTransferStateStore(db).load(doomed.exportId, 'emailmigration')).toMatchObject({
      status: { state: 'failed', reason: 'internal', detail: 'the transfer stopped unexpectedly 2 times in a row' },
    });
  });
});
