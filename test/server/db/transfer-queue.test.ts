/** The table-lease transfer queue on the run's dialect: one owner per transfer, leases that run out, due times. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/open.ts';
import { createTableTransferQueue } from '../../../server/db/transfer-queue.ts';
import { openTestDatabase } from '../../support/test-database.ts';

const NOW = Date.UTC(2026, 10, 22, 9);
const LEASE = 30_000;

describe('transfer queue (table leases)', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ db, close } = await openTestDatabase());
  });
  afterEach(() => close());

  it('gives each due transfer to exactly one of several workers claiming at once', async () => {
    const queue = createTableTransferQueue(db);
    const ids = Array.from({ length: 12 }, (_, n) => `T${String(n).padStart(2, '0')}`);
    for (const id of ids) await queue.enqueue(id, NOW);
    const claims = await Promise.all(['w1', 'w2', 'w3', 'w4'].map((owner) => queue.claim(owner, NOW, LEASE, 12)));
    const all = claims.flat().map((c) => c.exportId);
    expect(all.sort()).toEqual(ids);
    expect(claims.flat().every((c) => c.attempt === 1)).toBe(true);
    expect(await queue.claim('w5', NOW + 1, LEASE, 12)).toEqual([]);
  });

  it('does not hand out a transfer before its time, and takes the earliest first within the limit', async () => {
    const queue = createTableTransferQueue(db);
    await queue.enqueue('later', NOW + 60_000);
    await queue.enqueue('second', NOW - 10);
    await queue.enqueue('first', NOW - 20);
    const long = 10 * 60_000;
    expect(await queue.claim('w1', NOW, long, 1)).toEqual([{ exportId: 'first', attempt: 1 }]);
    expect(await queue.claim('w1', NOW, long, 5)).toEqual([{ exportId: 'second', attempt: 1 }]);
    expect(await queue.claim('w1', NOW + 60_000, long, 5)).toEqual([{ exportId: 'later', attempt: 1 }]);
  });

  it('lets another worker take a transfer whose lease ran out, counting the attempt, and the old owner loses it', async () => {
    const queue = createTableTransferQueue(db);
    await queue.enqueue('T', NOW);
    await queue.claim('dead', NOW, LEASE, 1);
    expect(await queue.extend('T', 'dead', NOW + LEASE / 2, LEASE)).toBe(true);
    const expiry = NOW + LEASE / 2 + LEASE;
    expect(await queue.claim('w2', expiry - 1, LEASE, 1)).toEqual([]);
    expect(await queue.claim('w2', expiry, LEASE, 1)).toEqual([{ exportId: 'T', attempt: 2 }]);
    expect(await queue.extend('T', 'dead', expiry + 1, LEASE)).toBe(false);
    // A release by the owner that lost it changes nothing.
    await queue.release('T', 'dead', NOW);
    expect(await queue.claim('w3', expiry + 1, LEASE, 1)).toEqual([]);
  });

  it('takes a transfer back at the time given, counting attempts from there, and forgets a removed one', async () => {
    const queue = createTableTransferQueue(db);
    await queue.enqueue('T', NOW);
    await queue.claim('w1', NOW, LEASE, 1);
    await queue.release('T', 'w1', NOW + 5000);
    expect(await queue.claim('w1', NOW + 4999, LEASE, 1)).toEqual([]);
    expect(await queue.claim('w2', NOW + 5000, LEASE, 1)).toEqual([{ exportId: 'T', attempt: 1 }]);
    // Enqueued again while leased (a cancel of a sleeping transfer): due at once, the lease kept.
    await queue.enqueue('T', NOW);
    expect(await queue.claim('w3', NOW + 5001, LEASE, 1)).toEqual([]);
    await queue.remove('T');
    expect(await queue.extend('T', 'w2', NOW + 5002, LEASE)).toBe(false);
    expect(await queue.claim('w3', NOW + 10 * LEASE, LEASE, 1)).toEqual([]);
  });
});
