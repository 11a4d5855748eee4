/**
 * Migration 0015 (decision 0035, one export, one record) over a database a service of the previous
 * version left: one export in each state the old tables could tell apart, and two passes of Copy new
 * mail. Read back through today's stores: no export, transfer or pass lost, each export's status as
 * the old rows said, each sealed secret still opening for its export, and `transfers` gone.
 * Runs on SQLite and on Postgres (vitest.config.ts).
 */
import { Kysely, Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConfig, type DatabaseConfig } from '../../../server/config.ts';
import { createVault } from '../../../server/crypto/vault.ts';
import { createFollowUpsStore } from '../../../server/db/follow-ups-store.ts';
import { createJobsStore } from '../../../server/db/jobs-store.ts';
import { MIGRATIONS } from '../../../server/db/migrations/index.ts';
import { openDatabase, type Db } from '../../../server/db/open.ts';
import { createPostgresDialect } from '../../../server/db/postgres.ts';
import { createSqliteDialect, openSqliteFile } from '../../../server/db/sqlite.ts';
import { createTransfersStore } from '../../../server/db/transfers-store.ts';
import { createLogger } from '../../../server/http/logger.ts';
import type { ExportJob } from '../../../server/ports.ts';
import { planFor, readPlan } from '../../../server/transfers/plan.ts';
import { secretPurpose } from '../../../server/transfers/worker.ts';
import { freshDatabaseConfig, testDialect } from '../../support/test-database.ts';
import { NOW } from './new-job.ts';

const LAST_BEFORE = '0014-copy-new-mail';
const vault = createVault('migration-test-secret-0123456789abcdef');
const MINUTE = 60_000;

/** A database handle with no migration run on open: the test brings it to the previous version itself. */
function openUnmigrated(config: DatabaseConfig): Kysely<unknown> {
  if (config.url) return new Kysely({ dialect: createPostgresDialect({ url: config.url, poolSize: 2, onError: () => undefined }) });
  return new Kysely({ dialect: createSqliteDialect(openSqliteFile(config.sqlitePath)) });
}

async function migrateToPrevious(db: Kysely<unknown>): Promise<void> {
  const names = Object.keys(MIGRATIONS);
  const previous = names.slice(0, names.indexOf(LAST_BEFORE) + 1);
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(previous.map((name) => [name, { up: (schema: Kysely<unknown>) => MIGRATIONS[name]!.up(schema, testDialect) }])),
    },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

const exportJob = (exportId: string): ExportJob => ({
  exportId,
  sourceEmail: 'active@example.com',
  destinationProvider: 'other',
  destinationEmail: 'friend@example.com',
  destinationImap: null,
  operations: ['emailmigration'],
  emailFormat: null,
  contactsFormat: null,
  createdAt: NOW,
});
const PLAN_OPTIONS = {
  developmentStore: () => true,
  gmailMailPath: 'api',
  imap: {},
  providerImap: {},
  limits: readConfig({}).destinations,
} as const;
const planOf = (transferId: string) => JSON.stringify(planFor(exportJob(transferId), PLAN_OPTIONS));

type Old = {
  /** The job's outcome, when it was settled. */
  finished?: { email: 'completed' | 'error' };
  /** The transfers row: absent for an export whose load died before its transfer was written. */
  transfer?: { endedAt?: number; cancelAt?: number; pausedAt?: number; secret?: string };
  /** The mail operation's state row. */
  operation?: { state: string; resumeAt?: number };
  queue?: { leaseUntil: number | null };
};

/** One export in each state the old rows could tell apart, and the status 0015 derives for it. */
const EXPORTS: Record<string, { old: Old; status: string }> = {
  ['C'.repeat(32)]: {
    old: { finished: { email: 'completed' }, transfer: { endedAt: NOW }, operation: { state: 'completed' } },
    status: 'completed',
  },
  ['E'.repeat(32)]: { old: { finished: { email: 'error' }, transfer: { endedAt: NOW }, operation: { state: 'failed' } }, status: 'error' },
  // The engine ended it and the service was stopped before any settle recorded the job's end.
  ['U'.repeat(32)]: { old: { transfer: { endedAt: NOW }, operation: { state: 'cancelled' } }, status: 'error' },
  ['X'.repeat(32)]: {
    old: { transfer: { cancelAt: NOW - MINUTE }, operation: { state: 'running' }, queue: { leaseUntil: null } },
    status: 'cancelling',
  },
  ['P'.repeat(32)]: {
    old: { transfer: { pausedAt: NOW - MINUTE, secret: 'paused-password' }, operation: { state: 'running' } },
    status: 'paused',
  },
  ['S'.repeat(32)]: {
    old: {
      transfer: { secret: 'sleeping-password' },
      operation: { state: 'sleeping', resumeAt: NOW + 60 * MINUTE },
      queue: { leaseUntil: null },
    },
    status: 'sleeping',
  },
  ['R'.repeat(32)]: {
    old: { transfer: { secret: 'running-password' }, operation: { state: 'running' }, queue: { leaseUntil: Date.now() + 60 * MINUTE } },
    status: 'running',
  },
  // A lease that ran out (its process died): queued again, the next claim makes it running.
  ['L'.repeat(32)]: { old: { transfer: {}, operation: { state: 'running' }, queue: { leaseUntil: NOW - MINUTE } }, status: 'queued' },
  ['Q'.repeat(32)]: { old: { transfer: { secret: 'queued-password' }, queue: { leaseUntil: null } }, status: 'queued' },
  // A load that died between its job and its transfer (before decision 0035's step 1).
  ['O'.repeat(32)]: { old: {}, status: 'queued' },
};
const WITH_PASSES = 'C'.repeat(32);
const PASSES = [
  { transferId: `${WITH_PASSES}.1`, number: 1, endedAt: NOW + 10 * MINUTE, secret: null },
  { transferId: `${WITH_PASSES}.2`, number: 2, endedAt: null, secret: 'pass-password' },
];

async function writeOldRows(db: Kysely<unknown>): Promise<void> {
  for (const [exportId, { old }] of Object.entries(EXPORTS)) {
    const finishedAt = old.finished ? NOW : null;
    await sql`
      INSERT INTO jobs (export_id, source_email, email_hash, destination_provider, destination_email, operations,
        notification_email, created_at, email_status, finished_at)
      VALUES (${exportId}, 'active@example.com', 'hash-of-active', 'other', 'friend@example.com', 'emailmigration',
        'notify@example.com', ${NOW - 2 * MINUTE}, ${old.finished?.email ?? null}, ${finishedAt})`.execute(db);
    const { transfer, operation, queue } = old;
    if (transfer) {
      const sealed = transfer.secret ? vault.seal(transfer.secret, secretPurpose(exportId)) : null;
      await sql`
        INSERT INTO transfers (export_id, plan, sealed_secret, cancel_requested_at, paused_at, created_at, ended_at)
        VALUES (${exportId}, ${planOf(exportId)}, ${sealed}, ${transfer.cancelAt ?? null}, ${transfer.pausedAt ?? null},
          ${NOW - 2 * MINUTE}, ${transfer.endedAt ?? null})`.execute(db);
    }
    if (operation)
      await sql`
        INSERT INTO transfer_operations (transfer_id, operation, state, resume_at, total, done)
        VALUES (${exportId}, 'emailmigration', ${operation.state}, ${operation.resumeAt ?? null}, 10, 4)`.execute(db);
    if (queue)
      await sql`
        INSERT INTO transfer_queue (export_id, run_after, lease_owner, lease_until)
        VALUES (${exportId}, ${NOW}, ${queue.leaseUntil === null ? null : 'a-node'}, ${queue.leaseUntil})`.execute(db);
  }
  await sql`
    INSERT INTO mail_followups (export_id, sealed_secret, open_until, passes, running_pass, running_since)
    VALUES (${WITH_PASSES}, ${vault.seal('followed-password', secretPurpose(WITH_PASSES))}, ${NOW + 7 * 24 * 60 * MINUTE}, 2,
      ${PASSES[1]!.transferId}, ${NOW + 20 * MINUTE})`.execute(db);
  for (const pass of PASSES) {
    const startedAt = NOW + pass.number * 5 * MINUTE;
    await sql`
      INSERT INTO copy_passes (transfer_id, export_id, number, trigger, started_at, ended_at)
      VALUES (${pass.transferId}, ${WITH_PASSES}, ${pass.number}, 'customer', ${startedAt}, ${pass.endedAt})`.execute(db);
    const sealed = pass.secret ? vault.seal(pass.secret, secretPurpose(pass.transferId)) : null;
    await sql`
      INSERT INTO transfers (export_id, plan, sealed_secret, created_at, ended_at)
      VALUES (${pass.transferId}, ${planOf(pass.transferId)}, ${sealed}, ${startedAt}, ${pass.endedAt})`.execute(db);
  }
}

describe('migration 0015: one export, one record', () => {
  let config: DatabaseConfig;
  let remove: () => Promise<void>;
  let db: Db | null = null;
  beforeEach(async () => {
    ({ config, remove } = await freshDatabaseConfig());
  });
  afterEach(async () => {
    await db?.destroy();
    db = null;
    await remove();
  });

  it('moves every transfer onto its export or pass, derives each status, keeps every secret opening, and drops transfers', async () => {
    const old = openUnmigrated(config);
    try {
      await migrateToPrevious(old);
      await writeOldRows(old);
    } finally {
      await old.destroy();
    }

    db = await openDatabase(config, createLogger('silent'));
    const jobs = createJobsStore(db);
    const transfers = createTransfersStore(db);

    const statuses = await db.selectFrom('jobs').select(['export_id', 'status']).orderBy('export_id').execute();
    expect(Object.fromEntries(statuses.map((row) => [row.export_id, row.status]))).toEqual(
      Object.fromEntries(Object.entries(EXPORTS).map(([exportId, { status }]) => [exportId, status])),
    );

    for (const [exportId, { old: before }] of Object.entries(EXPORTS)) {
      expect(await jobs.find(exportId), exportId).toMatchObject({ exportId, finishedAt: before.finished ? NOW : null });
      const transfer = await transfers.find(exportId);
      if (!before.transfer) {
        expect(transfer, exportId).toBeNull();
        continue;
      }
      expect(transfer, exportId).toMatchObject({
        exportId,
        plan: planOf(exportId),
        cancelRequestedAt: before.transfer.cancelAt ?? null,
        pausedAt: before.transfer.pausedAt ?? null,
        createdAt: NOW - 2 * MINUTE,
        ended: before.transfer.endedAt !== undefined,
      });
      expect(readPlan(transfer?.plan ?? '').provider).toBe('other');
      const secret = transfer?.sealedSecret ? vault.open(transfer.sealedSecret, secretPurpose(exportId)) : null;
      expect(secret, exportId).toBe(before.transfer.secret ?? null);
    }
    // The destination's wait moved with its export.
    const sleeping = await db.selectFrom('jobs').select('resume_at').where('export_id', '=', 'S'.repeat(32)).executeTakeFirstOrThrow();
    expect(sleeping.resume_at).toBe(NOW + 60 * MINUTE);

    const followUps = createFollowUpsStore(db);
    expect((await followUps.passes(WITH_PASSES)).map(({ transferId, endedAt }) => ({ transferId, endedAt }))).toEqual(
      PASSES.map(({ transferId, endedAt }) => ({ transferId, endedAt })),
    );
    for (const pass of PASSES) {
      const transfer = await transfers.find(pass.transferId);
      expect(transfer, pass.transferId).toMatchObject({ plan: planOf(pass.transferId), ended: pass.endedAt !== null });
      const secret = transfer?.sealedSecret ? vault.open(transfer.sealedSecret, secretPurpose(pass.transferId)) : null;
      expect(secret, pass.transferId).toBe(pass.secret);
    }
    const followUp = await followUps.find(WITH_PASSES);
    expect(followUp?.sealedSecret && vault.open(followUp.sealedSecret, secretPurpose(WITH_PASSES))).toBe('followed-password');

    await expect(sql`SELECT count(*) FROM transfers`.execute(db)).rejects.toThrow(/transfers/);
  });
});
