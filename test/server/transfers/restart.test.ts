/**
 * The worker runs in the service's own process (`npm start`): stopped gracefully mid-transfer it gives
 * the transfer back at its last checkpoint, killed it leaves the lease to run out, and either way the
 * next start finishes the transfer with every message exactly once at the destination (0 lost, 0
 * duplicated), from where it was.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { readConfig } from '../../../server/config.ts';
import { openDatabase, type Db } from '../../../server/db/open.ts';
import { createLogger } from '../../../server/http/logger.ts';
import { TRANSFER_QUEUE } from '../../../server/queue/pg-boss.ts';
import { expectedMailbox, readMailbox } from '../../engine/support/imap-mailbox.ts';
import { fixtureMailbox } from '../../engine/support/mail-fixture.ts';
import { freePort } from '../../support/free-port.ts';
import { NO_LIMITS } from '../../support/no-limits.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../support/test-database.ts';
import { devSignIn } from '../helpers/dev-sign-in.ts';
import { ended, pollStatus, startMailServers, type MailServers } from './support.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'portal-restart-'));
const customer = { email: 'alice@example.com', password: 'alice-source-pw' };
const recipient = { email: 'dave@example.net', password: 'dave-destination-pw' };
const messages = fixtureMailbox(11, 900);
let servers: MailServers;
let database: TestDatabase;

beforeAll(async () => {
  servers = await startMailServers(dir, customer, messages, [recipient]);
  database = await createTestDatabase();
  mkdirSync(path.join(dir, 'dist'));
  writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>restart test</title>');
}, 60_000);
afterAll(async () => {
  await servers?.dovecot.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Whether the transfer is leased, and its claims since the last clean give-back (the runs that died):
 * the table lease's row on SQLite, the export's open pg-boss job on Postgres (a claim there is the
 * active job, each earlier death one retry).
 */
async function queueEntry(db: Db, exportId: string): Promise<{ leased: boolean; claims: number }> {
  if (testDialect === 'sqlite') {
    const row = await db
      .selectFrom('transfer_queue')
      .select(['lease_owner', 'claims'])
      .where('export_id', '=', exportId)
      .executeTakeFirstOrThrow();
    return { leased: row.lease_owner !== null, claims: row.claims };
  }
  const { rows } = await sql<{ state: string; retry_count: number }>`SELECT state::text AS state, retry_count FROM pgboss.job
    WHERE name = ${TRANSFER_QUEUE} AND singleton_key = ${exportId} AND state < 'completed'`.execute(db);
  const [job, ...more] = rows;
  if (!job || more.length > 0) throw new Error(`expected one open job for ${exportId}, found ${rows.length}`);
  const leased = job.state === 'active';
  return { leased, claims: job.retry_count + (leased ? 1 : 0) };
}

type Service = { child: ChildProcess; exited: Promise<number | null> };

async function startService(env: Record<string, string>, base: string): Promise<Service> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: 'ignore' });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await expect
    .poll(
      () =>
        fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 60_000, interval: 200 },
    )
    .toBe(true);
  return { child, exited };
}

describe('a transfer across a stop and a kill of the service', () => {
  it('resumes from its checkpoints and leaves every message exactly once', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      ...NO_LIMITS,
      ...database.env,
      ...servers.env,
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      DIST_DIR: path.join(dir, 'dist'),
      HASH_SECRET: 'restart-test-secret-0123456789abcdef0123',
      LOG_LEVEL: 'silent',
      TRANSFER_LEASE_MS: '2000',
      TRANSFER_POLL_MS: '100',
    };
    /** The transfer's queue entry and operation row, read while no service runs. */
    const stored = async (exportId: string) => {
      const db = await openDatabase(readConfig(env).database, createLogger('silent'));
      try {
        return {
          queue: await queueEntry(db, exportId),
          operation: await db
            .selectFrom('transfer_operations')
            .select(['state', 'done'])
            .where('transfer_id', '=', exportId)
            .executeTakeFirstOrThrow(),
        };
      } finally {
        await db.destroy();
      }
    };
    const doneNow = async (exportId: string, token: string) =>
      (await pollStatus(base, exportId, () => true, { token })).at(-1)?.emailmigration?.progress?.done ?? 0;

    let service = await startService(env, base);
    const { token, xsrf } = await devSignIn(base, customer.email);
    const load = await fetch(`${base}/api/load/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({
        source_account: { email: customer.email, provider: 'northwave' },
        destination_account: {
          provider: 'other',
          email: recipient.email,
          password: recipient.password,
          imap: `127.0.0.1:${servers.dovecot.port}`,
        },
        operations: ['emailmigration'],
        parameters: { notificationEmail: 'notify@example.com' },
      }),
    });
    expect(load.status).toBe(200);
    const { jobid: exportId } = (await load.json()) as { jobid: string };

    // A graceful stop part-way: the transfer is given back, still running, at its checkpoint.
    await pollStatus(base, exportId, (answer) => (answer.emailmigration?.progress?.done ?? 0) > 0, { token });
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    const stopped = await stored(exportId);
    expect(stopped.queue).toEqual({ leased: false, claims: 0 });
    expect(stopped.operation.state).toBe('running');
    expect(stopped.operation.done).toBeLessThan(messages.length);

    // Started again, it goes on; killed part-way, it leaves its lease to run out.
    service = await startService(env, base);
    const afterStop = await doneNow(exportId, token);
    await pollStatus(base, exportId, (answer) => (answer.emailmigration?.progress?.done ?? 0) > afterStop, { token });
    service.child.kill('SIGKILL');
    await service.exited;
    const killed = await stored(exportId);
    expect(killed.queue).toEqual({ leased: true, claims: 1 });
    expect(killed.operation).toMatchObject({ state: 'running' });
    expect(killed.operation.done).toBeLessThan(messages.length);

    service = await startService(env, base);
    const last = (await pollStatus(base, exportId, ended, { token, timeoutMs: 120_000 })).at(-1);
    service.child.kill('SIGTERM');
    await service.exited;
    expect(last?.emailmigration).toMatchObject({
      status: 'completed',
      progress: { total: messages.length, done: messages.length, failed: 0 },
    });

    const actual = await readMailbox(servers.dovecot, recipient.email, recipient.password);
    const expected = expectedMailbox(messages, servers.dovecot.separator);
    expected.set('Trash', []);
    expect(new Map([...actual].sort())).toEqual(new Map([...expected].sort()));
  });
});
