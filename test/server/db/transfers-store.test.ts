/**
 * The transfers store over the export's own row (decision 0035): an export's plan and sealed secret
 * on its job, a pass's on its copy_passes row; the runs its owner stopped or paused are read from the
 * export's status (the lifecycle's: lifecycle.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobsStore } from '../../../server/db/jobs-store.ts';
import type { Db } from '../../../server/db/open.ts';
import { createTransfersStore } from '../../../server/db/transfers-store.ts';
import { createLifecycle } from '../../../server/jobs/lifecycle.ts';
import { exportMail } from '../../../server/outbox/export-mail-delivery.ts';
import { openTestDatabase } from '../../support/test-database.ts';
import { newJob, NOW } from './new-job.ts';

describe('transfers store', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ db, close } = await openTestDatabase());
  });
  afterEach(() => close());

  /** Mailbox exports, each with its transfer, as a load writes them. */
  async function exportsWithTransfers(...ids: string[]) {
    for (const id of ids)
      await createJobsStore(db).insertUnlessDuplicate({ ...newJob(id, id), destinationProvider: 'other' }, NOW - 1, {
        then: (trx) => createTransfersStore(trx).create({ exportId: id, plan: '{}', sealedSecret: `v1.${id}` }),
      });
    return createTransfersStore(db);
  }

  it('keeps the plan and the secret on the export, queued until the lifecycle moves it', async () => {
    const store = await exportsWithTransfers('A');
    expect(await store.find('A')).toEqual({
      exportId: 'A',
      plan: '{}',
      sealedSecret: 'v1.A',
      cancelRequestedAt: null,
      pausedAt: null,
      createdAt: NOW,
      status: 'queued',
      ended: false,
    });
  });

  it('knows no transfer for an export the engine never took, nor for an unknown one', async () => {
    await createJobsStore(db).insertUnlessDuplicate(newJob('A', 'A'), NOW - 1);
    const store = createTransfersStore(db);
    expect(await store.find('A')).toBeNull();
    expect(await store.find('unknown')).toBeNull();
    await expect(store.create({ exportId: 'unknown', plan: '{}', sealedSecret: null })).rejects.toThrow(/no export or pass/);
  });

  it('names, among running transfers, the ones being cancelled and the ones paused', async () => {
    const store = await exportsWithTransfers('A', 'B', 'C');
    const lifecycle = createLifecycle(db);
    expect(await store.stopRequested(['A', 'B', 'C'])).toEqual({ cancelled: [], paused: [] });
    await lifecycle.pause('A', NOW + 1, exportMail('A', 'paused'));
    await lifecycle.pause('B', NOW + 1, exportMail('B', 'paused'));
    await lifecycle.cancel('B', NOW + 2);
    expect(await store.stopRequested(['A', 'B', 'C'])).toEqual({ cancelled: ['B'], paused: ['A'] });
    expect(await store.stopRequested([])).toEqual({ cancelled: [], paused: [] });
    expect(await store.find('B')).toMatchObject({ status: 'cancelling', sealedSecret: null, cancelRequestedAt: NOW + 2 });
  });

  it("keeps a pass's plan and secret on its own row, and ends it with its export let go", async () => {
    const store = await exportsWithTransfers('A');
    await db
      .insertInto('copy_passes')
      .values({ transfer_id: 'A.1', export_id: 'A', number: 1, trigger: 'customer', started_at: NOW + 10 })
      .execute();
    await store.create({ exportId: 'A.1', plan: '{"pass":1}', sealedSecret: 'v1.pass' });
    expect(await store.find('A.1')).toMatchObject({
      exportId: 'A.1',
      plan: '{"pass":1}',
      sealedSecret: 'v1.pass',
      createdAt: NOW + 10,
      ended: false,
    });
  });
});
