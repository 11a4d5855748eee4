/**
 * The transfers store over the export's own row (decision 0035): the sealed secret lives until the
 * transfer ends or is cancelled, and no longer; the owner's pause is recorded once, lifted by a
 * resume, and refused once the transfer ends or is cancelled; the end is the export's status, its
 * outcome read from how the operations ended.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobsStore } from '../../../server/db/jobs-store.ts';
import type { Db } from '../../../server/db/open.ts';
import { createTransferStateStore } from '../../../server/db/transfer-state-store.ts';
import { createTransfersStore } from '../../../server/db/transfers-store.ts';
import { openTestDatabase } from '../../support/test-database.ts';
import { newJob, NOW } from './new-job.ts';

describe('transfers store', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ db, close } = await openTestDatabase());
  });
  afterEach(() => close());

  /** The exports, each with its transfer, as a load writes them. */
  async function exportsWithTransfers(...ids: string[]) {
    const store = createTransfersStore(db);
    for (const id of ids)
      await createJobsStore(db).insertUnlessDuplicate(newJob(id, id), NOW - 1, {
        then: (trx) => createTransfersStore(trx).create({ exportId: id, plan: '{}', sealedSecret: `v1.${id}` }),
      });
    return store;
  }

  it('deletes the secret when the transfer ends, and a cancel after the end is refused', async () => {
    const store = await exportsWithTransfers('A');
    expect(await store.find('A')).toMatchObject({ sealedSecret: 'v1.A', ended: false, cancelRequestedAt: null, createdAt: NOW });
    await store.end('A', NOW + 1);
    expect(await store.find('A')).toMatchObject({ sealedSecret: null, ended: true });
    expect(await store.requestCancel('A', NOW + 2)).toBe(false);
    expect((await store.find('A'))?.cancelRequestedAt).toBeNull();
  });

  it('ends an export as its operations ended: error when one failed or was cancelled', async () => {
    const store = await exportsWithTransfers('A', 'B');
    const state = createTransferStateStore(db);
    await state.end('A', 'emailmigration', { state: 'completed' });
    await state.end('B', 'emailmigration', { state: 'cancelled' });
    await store.end('A', NOW + 1);
    await store.end('B', NOW + 1);
    const statuses = await db.selectFrom('jobs').select(['export_id', 'status']).orderBy('export_id').execute();
    expect(statuses).toEqual([
      { export_id: 'A', status: 'completed' },
      { export_id: 'B', status: 'error' },
    ]);
  });

  it('knows no transfer for an export the engine never took, nor for an unknown one', async () => {
    await createJobsStore(db).insertUnlessDuplicate(newJob('A', 'A'), NOW - 1);
    const store = createTransfersStore(db);
    expect(await store.find('A')).toBeNull();
    expect(await store.find('unknown')).toBeNull();
    expect(await store.requestCancel('A', NOW)).toBe(false);
    await expect(store.create({ exportId: 'unknown', plan: '{}', sealedSecret: null })).rejects.toThrow(/no export or pass/);
  });

  it('records a cancel once, deletes the secret with it, and names the cancelled among running transfers', async () => {
    const store = await exportsWithTransfers('A', 'B', 'C');
    expect(await store.requestCancel('B', NOW + 5)).toBe(true);
    expect(await store.requestCancel('B', NOW + 9)).toBe(true);
    expect(await store.find('B')).toMatchObject({ sealedSecret: null, cancelRequestedAt: NOW + 5 });
    expect(await store.stopRequested(['A', 'B', 'C'])).toEqual({ cancelled: ['B'], paused: [] });
    expect(await store.stopRequested([])).toEqual({ cancelled: [], paused: [] });
    expect((await store.find('A'))?.sealedSecret).toBe('v1.A');
    expect(await store.requestCancel('unknown', NOW)).toBe(false);
  });

  it('records a pause once, keeps the secret, names the paused among running transfers, and lifts it on resume', async () => {
    const store = await exportsWithTransfers('A', 'B', 'C');
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

  it("keeps a pass's plan and secret on its own row, and ends it with its export let go", async () => {
    const store = await exportsWithTransfers('A');
    await db
      .insertInto('copy_passes')
      .values({ transfer_id: 'A.1', export_id: 'A', number: 1, trigger: 'customer', started_at: NOW + 10 })
      .execute();
    await store.create({ exportId: 'A.1', plan: '{"pass":1}', sealedSecret: 'v1.pass' });
    expect(await store.find('A.1')).toEqual({
      exportId: 'A.1',
      plan: '{"pass":1}',
      sealedSecret: 'v1.pass',
      cancelRequestedAt: null,
      pausedAt: null,
      createdAt: NOW + 10,
      ended: false,
    });
    await store.end('A.1', NOW + 20);
    expect(await store.find('A.1')).toMatchObject({ sealedSecret: null, ended: true });
    // The export itself runs on: a pass's end is its own.
    expect(await store.find('A')).toMatchObject({ ended: false, sealedSecret: 'v1.A' });
  });
});
