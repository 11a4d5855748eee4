/**
 * The transfers store: the sealed secret lives until the transfer ends or is cancelled, and no longer;
 * the owner's pause is recorded once, lifted by a resume, and refused once the transfer ends or is cancelled.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/open.ts';
import { createTransfersStore } from '../../../server/db/transfers-store.ts';
import { openTestDatabase } from '../../support/test-database.ts';

const NOW = Date.UTC(2026, 10, 22, 9);

describe('transfers store', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ db, close } = await openTestDatabase());
  });
  afterEach(() => close());

  it('deletes the secret when the transfer ends, and a cancel after the end is refused', async () => {
    const store = createTransfersStore(db);
    await store.create({ exportId: 'A', plan: '{}', sealedSecret: 'v1.sealed', createdAt: NOW });
    expect(await store.find('A')).toMatchObject({ sealedSecret: 'v1.sealed', endedAt: null, cancelRequestedAt: null });
    await store.end('A', NOW + 1);
    expect(await store.find('A')).toMatchObject({ sealedSecret: null, endedAt: NOW + 1 });
    expect(await store.requestCancel('A', NOW + 2)).toBe(false);
    expect((await store.find('A'))?.cancelRequestedAt).toBeNull();
  });

  it('records a cancel once, deletes the secret with it, and names the cancelled among running transfers', async () => {
    const store = createTransfersStore(db);
    for (const id of ['A', 'B', 'C']) await store.create({ exportId: id, plan: '{}', sealedSecret: `v1.${id}`, createdAt: NOW });
    expect(await store.requestCancel('B', NOW + 5)).toBe(true);
    expect(await store.requestCancel('B', NOW + 9)).toBe(true);
    expect(await store.find('B')).toMatchObject({ sealedSecret: null, cancelRequestedAt: NOW + 5 });
    expect(await store.stopRequested(['A', 'B', 'C'])).toEqual({ cancelled: ['B'], paused: [] });
    expect(await store.stopRequested([])).toEqual({ cancelled: [], paused: [] });
    expect((await store.find('A'))?.sealedSecret).toBe('v1.A');
    expect(await store.requestCancel('unknown', NOW)).toBe(false);
  });

  it('records a pause once, keeps the secret, names the paused among running transfers, and lifts it on resume', async () => {
    const store = createTransfersStore(db);
    for (const id of ['A', 'B', 'C']) await store.create({ exportId: id, plan: '{}', sealedSecret: `v1.${id}`, createdAt: NOW });
    expect(await store.requestPause('A', NOW + 5)).toBe('paused');
    expect(await store.requestPause('A', NOW + 9)).toBe('was-paused');
    expect(await store.find('A')).toMatchObject({ sealedSecret: 'v1.A', pausedAt: NOW + 5 });
    expect(await store.stopRequested(['A', 'B', 'C'])).toEqual({ cancelled: [], paused: ['A'] });

    // A cancel of a paused transfer is a cancel; a paused one cannot be paused again once cancelled.
    await store.requestPause('B', NOW);
    await store.requestCancel('B', NOW + 1);
    expect(await store.stopRequested(['A', 'B'])).toEqual({ cancelled: ['B'], paused: ['A'] });
    expect(await store.requestPause('B', NOW + 2)).toBe(false);
    expect(await store.resume('B')).toBe(false);

    expect(await store.resume('A')).toBe(true);
    expect(await store.resume('A')).toBe(true);
    expect((await store.find('A'))?.pausedAt).toBeNull();
    await store.end('C', NOW + 3);
    expect(await store.requestPause('C', NOW + 4)).toBe(false);
    expect(await store.resume('unknown')).toBe(false);
  });
});
