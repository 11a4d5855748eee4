/** The jobs store on the run's dialect, where requests overlap: loads of one body (the end: lifecycle.test.ts). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobsStore, TooManyRunning } from '../../../server/db/jobs-store.ts';
import { exportMail } from '../../../server/outbox/export-mail-delivery.ts';
import type { Db } from '../../../server/db/open.ts';
import { openTestDatabase } from '../../support/test-database.ts';
import { NOW, newJob as job } from './new-job.ts';

const WINDOW_MS = 10 * 60 * 1000;

/** The rest of a start (the consent, the engine's transfer) failing in the same transaction. */
const refuse = (): Promise<void> => Promise.reject(new Error('the engine refused it'));

describe('jobs store', () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ db, close } = await openTestDatabase());
  });
  afterEach(() => close());

  it('makes one job of concurrent loads with the same key, and tells each load which', async () => {
    const store = createJobsStore(db);
    const ids = Array.from({ length: 8 }, (_, index) => String(index).repeat(32));
    const holders = await Promise.all(ids.map((exportId) => store.insertUnlessDuplicate(job(exportId, 'same-body'), NOW - WINDOW_MS)));
    expect(new Set(holders).size).toBe(1);
    expect(ids).toContain(holders[0]);
    expect(await db.selectFrom('jobs').select('export_id').execute()).toEqual([{ export_id: holders[0] }]);
  });

  it('lets the key go once the window has passed, and when the start was undone', async () => {
    const store = createJobsStore(db);
    expect(await store.insertUnlessDuplicate(job('A'.repeat(32), 'k'), NOW - WINDOW_MS)).toBe('A'.repeat(32));
    const later = NOW + WINDOW_MS + 1;
    const refused = store.insertUnlessDuplicate(job('B'.repeat(32), 'k', later), later - WINDOW_MS, { then: refuse });
    await expect(refused).rejects.toThrow('the engine refused it');
    expect(await store.find('B'.repeat(32))).toBeNull();
    expect(await store.insertUnlessDuplicate(job('C'.repeat(32), 'k', later), later - WINDOW_MS)).toBe('C'.repeat(32));
  });

  it('joins a transaction it is created over, so a caller can make several writes atomic', async () => {
    const abandoned = db.transaction().execute(async (trx) => {
      await createJobsStore(trx).insertUnlessDuplicate(job('A'.repeat(32), 'k'), NOW - WINDOW_MS);
      throw new Error('the second write of the caller failed');
    });
    await expect(abandoned).rejects.toThrow('the second write');
    const store = createJobsStore(db);
    expect(await store.find('A'.repeat(32))).toBeNull();
    expect(await store.insertUnlessDuplicate(job('B'.repeat(32), 'k'), NOW - WINDOW_MS)).toBe('B'.repeat(32));
  });

  it('leaves no job, claim or mail of a start that was undone, and stores nothing past the running limit', async () => {
    const store = createJobsStore(db);
    const started = (exportId: string) => ({ maxRunning: 2, mail: exportMail(exportId, 'started') });
    await store.insertUnlessDuplicate(job('A'.repeat(32), 'a'), NOW - WINDOW_MS, started('A'.repeat(32)));
    const undone = store.insertUnlessDuplicate(job('B'.repeat(32), 'b'), NOW - WINDOW_MS, { ...started('B'.repeat(32)), then: refuse });
    await expect(undone).rejects.toThrow('the engine refused it');
    await store.insertUnlessDuplicate(job('D'.repeat(32), 'd'), NOW - WINDOW_MS, started('D'.repeat(32)));
    await expect(store.insertUnlessDuplicate(job('C'.repeat(32), 'c'), NOW - WINDOW_MS, { maxRunning: 2 })).rejects.toEqual(
      new TooManyRunning(2),
    );
    // The refused loads left no claim, job or mail behind.
    expect(await store.claimHolder('c', NOW - WINDOW_MS)).toBeNull();
    expect(await store.find('B'.repeat(32))).toBeNull();
    expect(await db.selectFrom('outbox').select('ref').orderBy('id').execute()).toEqual([{ ref: 'A'.repeat(32) }, { ref: 'D'.repeat(32) }]);
    expect(await store.claimHolder('a', NOW - WINDOW_MS)).toBe('A'.repeat(32));
    expect(await store.claimHolder('b', NOW - WINDOW_MS)).toBeNull();
    expect(await store.claimHolder('a', NOW + 1)).toBeNull();
    expect(await store.insertUnlessDuplicate(job('C'.repeat(32), 'c'), NOW - WINDOW_MS, { maxRunning: 3 })).toBe('C'.repeat(32));
  });

  it('admits exactly N of 10 loads of one account stored at once', async () => {
    const store = createJobsStore(db);
    const ids = Array.from({ length: 10 }, (_, index) => String(index).repeat(32));
    const outcomes = await Promise.allSettled(
      ids.map((exportId) => store.insertUnlessDuplicate(job(exportId, exportId), NOW - WINDOW_MS, { maxRunning: 3 })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(TooManyRunning);
    expect(await db.selectFrom('jobs').select('export_id').execute()).toHaveLength(3);
  });
});
