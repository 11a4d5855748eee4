/** The transfers store: the sealed secret lives until the transfer ends or is cancelled, and no longer. */
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
    expect(await store.cancelRequested(['A', 'B', 'C'])).toEqual(['B']);
    expect(await store.cancelRequested([])).toEqual([]);
    expect((await store.find('A'))?.sealedSecret).toBe('v1.A');
    expect(await store.requestCancel('unknown', NOW)).toBe(false);
  });
});
