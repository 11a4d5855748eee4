/**
 * The export's lifecycle on the run's dialect (decision 0035): each change of `jobs.status` is made
 * once, only from the statuses it may leave, with the columns that go with it; the end is recorded
 * once with its mail, however many ask at the same time, and nothing moves an ended export.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobsStore } from '../../../server/db/jobs-store.ts';
import type { Db } from '../../../server/db/open.ts';
import { createTransfersStore } from '../../../server/db/transfers-store.ts';
import { createLifecycle, type Lifecycle } from '../../../server/jobs/lifecycle.ts';
import { exportMail } from '../../../server/outbox/export-mail-delivery.ts';
import { openTestDatabase } from '../../support/test-database.ts';
import { newJob, NOW } from './new-job.ts';

describe('export lifecycle', () => {
  let db: Db;
  let close: () => Promise<void>;
  let lifecycle: Lifecycle;
  beforeEach(async () => {
    ({ db, close } = await openTestDatabase());
    lifecycle = createLifecycle(db);
  });
  afterEach(() => close());

  /** Exports as a load writes them: queued, the engine's plan and secret on the row (none for `withoutPlan`). */
  async function started(ids: string[], options: { provider?: 'other' | 'file'; withoutPlan?: boolean } = {}) {
    for (const id of ids)
      await createJobsStore(db).insertUnlessDuplicate({ ...newJob(id, id), destinationProvider: options.provider ?? 'other' }, NOW - 1, {
        mail: exportMail(id, 'started'),
        ...(options.withoutPlan
          ? {}
          : { then: (trx: Db) => createTransfersStore(trx).create({ exportId: id, plan: '{}', sealedSecret: `v1.${id}` }) }),
      });
  }
  const row = (id: string) =>
    db
      .selectFrom('jobs')
      .select(['status', 'resume_at', 'paused_at', 'cancel_requested_at', 'sealed_secret', 'finished_at'])
      .where('export_id', '=', id)
      .executeTakeFirstOrThrow();
  const mails = async (id: string) =>
    (await db.selectFrom('outbox').select('payload').where('ref', '=', id).orderBy('id').execute()).map(
      (mail) => (JSON.parse(mail.payload) as { outcome: string }).outcome,
    );
  const end = (id: string, emailStatus: 'completed' | 'error') => ({
    exportId: id,
    emailStatus,
    contactsStatus: null,
    finishedAt: NOW + 100,
    downloadExpiresAt: NOW + 200,
    mail: exportMail(id, emailStatus),
  });

  it('runs when claimed, sleeps until a destination lets it go on, and runs again when claimed again', async () => {
    await started(['A']);
    expect(await row('A')).toMatchObject({ status: 'queued' });
    expect(await lifecycle.claimed('A')).toBe(true);
    expect(await lifecycle.claimed('A')).toBe(false);
    expect(await lifecycle.slept('A', NOW + 60)).toBe(true);
    expect(await row('A')).toMatchObject({ status: 'sleeping', resume_at: NOW + 60 });
    expect(await lifecycle.claimed('A')).toBe(true);
    expect(await row('A')).toMatchObject({ status: 'running', resume_at: null });
  });

  it('pauses once with one mail, resumes to the queue, and pauses no file export nor one it does not run', async () => {
    await started(['A']);
    await started(['F'], { provider: 'file' });
    await started(['V'], { withoutPlan: true });
    const pauses = await Promise.all([1, 2, 3].map(() => lifecycle.pause('A', NOW + 5, exportMail('A', 'paused'))));
    expect(pauses.filter((outcome) => outcome === 'paused')).toHaveLength(1);
    expect(pauses.filter((outcome) => outcome === 'was-paused')).toHaveLength(2);
    expect(await row('A')).toMatchObject({ status: 'paused', paused_at: NOW + 5 });
    expect(await mails('A')).toEqual(['started', 'paused']);
    // A paused export is not claimed into running: the worker sees the pause and lets go of it.
    expect(await lifecycle.claimed('A')).toBe(false);
    expect(await lifecycle.resume('A')).toBe('resumed');
    expect(await lifecycle.resume('A')).toBe('not-paused');
    expect(await row('A')).toMatchObject({ status: 'queued', paused_at: null });

    expect(await lifecycle.pause('F', NOW, exportMail('F', 'paused'))).toBe(false);
    expect(await lifecycle.pause('V', NOW, exportMail('V', 'paused'))).toBe(false);
    expect(await lifecycle.resume('V')).toBe(false);
    expect(await mails('F')).toEqual(['started']);
  });

  it('cancels once (the first time kept, the secret gone), from a pause too; then nothing pauses or resumes it', async () => {
    await started(['A', 'B']);
    expect(await lifecycle.cancel('A', NOW + 5)).toBe(true);
    expect(await lifecycle.cancel('A', NOW + 9)).toBe(true);
    expect(await row('A')).toMatchObject({ status: 'cancelling', cancel_requested_at: NOW + 5, sealed_secret: null });
    expect(await lifecycle.pause('A', NOW + 10, exportMail('A', 'paused'))).toBe(false);
    expect(await lifecycle.resume('A')).toBe(false);
    expect(await lifecycle.claimed('A')).toBe(false);

    await lifecycle.pause('B', NOW, exportMail('B', 'paused'));
    expect(await lifecycle.cancel('B', NOW + 1)).toBe(true);
    expect(await row('B')).toMatchObject({ status: 'cancelling' });
    expect(await lifecycle.cancel('unknown', NOW)).toBe(false);
  });

  it('records the end once, with its mail queued once, however many ask at the same time; then nothing moves it', async () => {
    await started(['A', 'B']);
    await lifecycle.claimed('A');
    const ends = await Promise.all([1, 2, 3].map(() => lifecycle.end(end('A', 'completed'))));
    expect(ends.filter(Boolean)).toHaveLength(1);
    expect(await row('A')).toMatchObject({ status: 'completed', finished_at: NOW + 100, sealed_secret: null });
    expect(await createJobsStore(db).find('A')).toMatchObject({
      emailStatus: 'completed',
      finishedAt: NOW + 100,
      downloadExpiresAt: NOW + 200,
    });
    expect(await mails('A')).toEqual(['started', 'completed']);

    await lifecycle.cancel('B', NOW);
    expect(await lifecycle.end(end('B', 'error'))).toBe(true);
    expect(await row('B')).toMatchObject({ status: 'error' });

    for (const id of ['A', 'B']) {
      expect(await lifecycle.claimed(id)).toBe(false);
      expect(await lifecycle.slept(id, NOW)).toBe(false);
      expect(await lifecycle.pause(id, NOW, exportMail(id, 'paused'))).toBe(false);
      expect(await lifecycle.resume(id)).toBe(false);
      expect(await lifecycle.cancel(id, NOW)).toBe(false);
      expect(await lifecycle.end(end(id, 'completed'))).toBe(false);
    }
    expect(await row('B')).toMatchObject({ status: 'error' });
  });
});
