/**
 * The pg-boss transfer queue on a throwaway Postgres (project `postgres` only): one owner per
 * transfer, never two runs of one export, leases that run out into a retry with backoff, due times,
 * a clean give-back, and queuing inside the transaction that stores the transfer. pg-boss keeps the
 * database's clock, so these wait real (short) times.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import PgBoss from 'pg-boss';
import { openDatabase, type Db } from '../../../server/db/open.ts';
import { inTransaction } from '../../../server/db/transaction.ts';
import { createLogger } from '../../../server/http/logger.ts';
import type { TransferQueue } from '../../../server/ports.ts';
import { createPgBossQueue, startPgBoss } from '../../../server/queue/pg-boss.ts';
import { freshDatabaseConfig } from '../../support/test-database.ts';

const LEASE = 1_000;

let db: Db;
let boss: PgBoss;
let queue: TransferQueue;
let remove: () => Promise<void>;
let reported: Error[];

beforeEach(async () => {
  const fresh = await freshDatabaseConfig();
  remove = fresh.remove;
  db = await openDatabase(fresh.config, createLogger('silent'));
  reported = [];
  boss = await startPgBoss({ url: fresh.config.url ?? '', leaseMs: LEASE, onError: (error) => reported.push(error) });
  queue = createPgBossQueue(boss, db, LEASE);
});

afterEach(async () => {
  // What pg-boss reported while the test ran; not its pool's last connection cut as the database is dropped.
  const during = reported.splice(0);
  await boss.stop({ graceful: false, wait: true });
  await db.destroy();
  await remove();
  expect(during).toEqual([]);
});

const ids = (claims: { exportId: string }[]) => claims.map((claim) => claim.exportId).sort();

describe('transfer queue (pg-boss)', () => {
  it('gives each due transfer to exactly one of several workers claiming at once', async () => {
    const exports = Array.from({ length: 12 }, (_, n) => `T${String(n).padStart(2, '0')}`);
    for (const id of exports) await queue.enqueue(id, Date.now() - 1000);
    const claims = await Promise.all(['w1', 'w2', 'w3', 'w4'].map((owner) => queue.claim(owner, Date.now(), LEASE * 30, 12)));
    expect(ids(claims.flat())).toEqual(exports);
    expect(claims.flat().every((claim) => claim.attempt === 1)).toBe(true);
    expect(await queue.claim('w5', Date.now(), LEASE, 12)).toEqual([]);
  });

  it('keeps one job per export: queued twice at once, claimed once', async () => {
    await Promise.all([queue.enqueue('T', Date.now() - 1000), queue.enqueue('T', Date.now() - 1000), queue.enqueue('T', Date.now() - 500)]);
    expect(ids(await queue.claim('w1', Date.now(), LEASE * 30, 5))).toEqual(['T']);
    // Queued again while it runs: the run keeps it, nobody else gets it.
    await queue.enqueue('T', Date.now() - 1000);
    expect(await queue.claim('w2', Date.now(), LEASE * 30, 5)).toEqual([]);
  });

  it('does not hand out a transfer before its time', async () => {
    await queue.enqueue('later', Date.now() + 1_500);
    expect(await queue.claim('w1', Date.now(), LEASE, 5)).toEqual([]);
    await expect
      .poll(async () => ids(await queue.claim('w1', Date.now(), LEASE * 30, 5)), { timeout: 5_000, interval: 200 })
      .toEqual(['later']);
  });

  it(
    'lets another worker take a transfer whose lease ran out, counting the attempt, and the old owner loses it',
    { timeout: 30_000 },
    async () => {
      await queue.enqueue('T', Date.now() - 1000);
      expect(await queue.claim('dead', Date.now(), LEASE, 1)).toEqual([{ exportId: 'T', attempt: 1 }]);
      expect(await queue.extend('T', 'dead', Date.now(), LEASE)).toBe(true);
      // Renewed by nobody now: pg-boss's maintenance fails it into a retry, due after the backoff.
      await expect
        .poll(() => queue.claim('w2', Date.now(), LEASE * 30, 1), { timeout: 20_000, interval: 250 })
        .toEqual([{ exportId: 'T', attempt: 2 }]);
      expect(await queue.extend('T', 'dead', Date.now(), LEASE)).toBe(false);
      expect(await queue.extend('T', 'w2', Date.now(), LEASE * 30)).toBe(true);
      // A give-back by the owner that lost it changes nothing.
      await queue.release('T', 'dead', Date.now() - 1000);
      expect(await queue.claim('w3', Date.now(), LEASE, 1)).toEqual([]);
    },
  );

  it('takes a transfer back at the time given, counting attempts from there, and forgets a removed one', async () => {
    await queue.enqueue('T', Date.now() - 1000);
    await queue.claim('w1', Date.now(), LEASE * 30, 1);
    await queue.release('T', 'w1', Date.now() + 1_000);
    expect(await queue.claim('w2', Date.now(), LEASE * 30, 1)).toEqual([]);
    await expect
      .poll(() => queue.claim('w2', Date.now(), LEASE * 30, 1), { timeout: 5_000, interval: 200 })
      .toEqual([{ exportId: 'T', attempt: 1 }]);
    await queue.remove('T');
    expect(await queue.extend('T', 'w2', Date.now(), LEASE)).toBe(false);
    await queue.enqueue('U', Date.now() - 1000);
    await queue.remove('U');
    expect(await queue.claim('w3', Date.now(), LEASE, 5)).toEqual([]);
  });

  it('queues inside the transaction that stores the transfer: rolled back, nothing is queued', async () => {
    await expect(
      inTransaction(db, async (trx) => {
        await createPgBossQueue(boss, trx, LEASE).enqueue('T', Date.now() - 1000);
        throw new Error('the load failed after queuing');
      }),
    ).rejects.toThrow('the load failed');
    expect(await queue.claim('w1', Date.now(), LEASE, 5)).toEqual([]);
    await inTransaction(db, (trx) => createPgBossQueue(boss, trx, LEASE).enqueue('T', Date.now() - 1000));
    expect(ids(await queue.claim('w1', Date.now(), LEASE, 5))).toEqual(['T']);
  });

  it('tells its depth: transfers waiting, not those running', async () => {
    await queue.enqueue('A', Date.now() - 1000);
    await queue.enqueue('B', Date.now() + 60_000);
    await queue.enqueue('C', Date.now() - 1000);
    await queue.claim('w1', Date.now(), LEASE * 30, 1);
    expect(await queue.depth()).toBe(2);
  });
});

describe('pg-boss start', () => {
  it('starts from several processes at once (a deployment starts its nodes together), each finding or making the queue', async () => {
    for (let round = 0; round < 2; round += 1) {
      const fresh = await freshDatabaseConfig();
      const url = fresh.config.url ?? '';
      // pg-boss's schema in place and no queue yet: the starts reach the queue's creation together,
      // where two creations deadlocked (without the schema, its install lock staggers them).
      const installer = new PgBoss({ connectionString: url, schedule: false, supervise: false });
      await installer.start();
      await installer.stop({ graceful: false, wait: true });
      const starts = await Promise.allSettled(
        Array.from({ length: 6 }, () => startPgBoss({ url, leaseMs: LEASE, onError: () => undefined })),
      );
      await Promise.all(
        starts.map((start) => (start.status === 'fulfilled' ? start.value.stop({ graceful: false, wait: true }) : undefined)),
      );
      await fresh.remove();
      expect(starts.filter((start) => start.status === 'rejected').map((start) => String(start.reason))).toEqual([]);
    }
  });
});
