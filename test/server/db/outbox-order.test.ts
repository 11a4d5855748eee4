/**
 * The outbox on the run's dialect delivers the messages about one subject in the order they were
 * queued (docs/transfer.md, "The mails of an export arrive in order"): an export's 'ended' mail is
 * not sent while its 'started' mail is still owed — postponed, retrying, or held by another runner —
 * and its Date is at least a second after the time the 'started' mail was recorded sent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobsStore } from '../../../server/db/jobs-store.ts';
import { createLifecycle } from '../../../server/jobs/lifecycle.ts';
import type { Db } from '../../../server/db/open.ts';
import { createOutboxStore, queueMessage } from '../../../server/db/outbox-store.ts';
import { createLogger } from '../../../server/http/logger.ts';
import { createExportMailDelivery, exportMail } from '../../../server/outbox/export-mail-delivery.ts';
import { createOutboxRunner, type Delivery } from '../../../server/outbox/outbox-runner.ts';
import type { ExportNotification } from '../../../server/ports.ts';
import { openTestDatabase } from '../../support/test-database.ts';
import { NOW, newJob } from './new-job.ts';

const A = 'A'.repeat(32);
const B = 'B'.repeat(32);
const settings = { retry: { firstDelayMs: 1000, maxDelayMs: 60_000, maxAttempts: 3 }, deliveryTimeoutMs: 5000, batchSize: 20 };

describe('the outbox, one subject at a time', () => {
  let db: Db;
  let close: () => Promise<void>;
  const clock = { now: NOW };

  beforeEach(async () => {
    ({ db, close } = await openTestDatabase());
    clock.now = NOW;
  });
  afterEach(() => close());

  /** A runner whose export mails go through the real delivery, export A's started mail held back `holdStarted` times. */
  function runner(options: { holdStarted?: number; support?: Delivery } = {}) {
    const sent: ExportNotification[] = [];
    const events: string[] = [];
    let held = options.holdStarted ?? 0;
    const real = createExportMailDelivery({
      jobs: createJobsStore(db),
      notifier: {
        async send(notification) {
          events.push(`begin ${notification.exportId[0]} ${notification.outcome}`);
          // Another subject's message may overtake meanwhile; this one's own successor may not.
          await new Promise((resolve) => setTimeout(resolve, 5));
          sent.push(notification);
          events.push(`end ${notification.exportId[0]} ${notification.outcome}`);
        },
      },
      portalUrl: 'https://export.example.com',
    });
    const exportMailDelivery: Delivery = async (message, context) => {
      if (message.ref === A && message.payload.outcome === 'started' && held > 0) {
        held -= 1;
        return { notBefore: clock.now + 1000 };
      }
      return real(message, context);
    };
    const outbox = createOutboxRunner({
      store: createOutboxStore(db),
      deliveries: { 'export-mail': exportMailDelivery, 'support-request': options.support ?? (async () => 'delivered') },
      settings,
      logger: createLogger('silent'),
      now: () => clock.now,
    });
    return { outbox, sent, events };
  }

  async function startAndEnd(exportId: string, endAt = NOW) {
    const jobs = createJobsStore(db);
    // The mails the export service gives the store with the start and the end (server/jobs/job-service.ts).
    await jobs.insertUnlessDuplicate(newJob(exportId, exportId), NOW - 1, { mail: exportMail(exportId, 'started') });
    return () =>
      createLifecycle(db).end({
        exportId,
        emailStatus: 'completed',
        contactsStatus: null,
        finishedAt: endAt,
        downloadExpiresAt: null,
        mail: exportMail(exportId, 'completed'),
      });
  }

  const statuses = async (ref: string) =>
    (await db.selectFrom('outbox').select(['payload', 'status']).where('ref', '=', ref).orderBy('id').execute()).map(
      (row) => `${(JSON.parse(row.payload) as { outcome: string }).outcome} ${row.status}`,
    );

  it('holds the ended mail while the started mail waits, then sends both in turn in one pass', async () => {
    const { outbox, sent, events } = runner({ holdStarted: 1 });
    const end = await startAndEnd(A, NOW + 10);
    clock.now = NOW + 5;
    await outbox.runOnce(); // the started mail waits (for its time to finish)
    clock.now = NOW + 10;
    await end();
    // Due now, but its export's started mail is not: not even claimed.
    expect(await outbox.runOnce()).toBe(0);
    expect(await statuses(A)).toEqual(['started pending', 'completed pending']);
    clock.now = NOW + 1005;
    expect(await outbox.runOnce()).toBe(2);
    expect(events).toEqual(['begin A started', 'end A started', 'begin A completed', 'end A completed']);
    expect(await statuses(A)).toEqual(['started sent', 'completed sent']);
    // Recorded sent at NOW + 1005 (the clock stood still): the ended mail is dated a second later.
    expect(sent.map((mail) => [mail.outcome, mail.date])).toEqual([
      ['started', NOW + 1005],
      ['completed', NOW + 2005],
    ]);
  });

  it('holds the ended mail while the started mail is retried, and lets it go once the started one failed for good', async () => {
    let attempts = 0;
    const { outbox, sent } = runner();
    const failing = createOutboxRunner({
      store: createOutboxStore(db),
      deliveries: {
        'export-mail': async (message, context) => {
          if (message.payload.outcome === 'started') {
            attempts += 1;
            throw new Error('smtp down');
          }
          return { notBefore: context.now };
        },
        'support-request': async () => 'delivered',
      },
      settings: { ...settings, retry: { ...settings.retry, maxAttempts: 2 } },
      logger: createLogger('silent'),
      now: () => clock.now,
    });
    const end = await startAndEnd(A);
    await end();
    await failing.runOnce(); // started: attempt 1 fails; the ended mail is given back untried
    expect(attempts).toBe(1);
    expect(await statuses(A)).toEqual(['started pending', 'completed pending']);
    expect(await outbox.runOnce()).toBe(0);
    clock.now += 1000;
    await failing.runOnce(); // started: attempt 2 fails, the last
    expect(await statuses(A)).toEqual(['started failed', 'completed pending']);
    await outbox.runOnce();
    expect(sent.map((mail) => [mail.outcome, mail.date])).toEqual([['completed', clock.now]]);
  });

  it('never lets two runners send an export’s mails at once, nor the ended one first', async () => {
    const first = runner();
    const second = runner();
    const ends = await Promise.all([A, B].map((id) => startAndEnd(id)));
    await Promise.all(ends.map((end) => end()));
    // Both mails of both exports due at once, four runners' passes at the same time.
    await Promise.all([first.outbox.runOnce(), second.outbox.runOnce(), first.outbox.runOnce(), second.outbox.runOnce()]);
    await Promise.all([first.outbox.runOnce(), second.outbox.runOnce()]);
    const events = [...first.events, ...second.events];
    expect(events).toHaveLength(8);
    for (const id of ['A', 'B']) {
      expect(await statuses(id.repeat(32))).toEqual(['started sent', 'completed sent']);
      const mine = (events: string[]) => events.filter((event) => event.includes(` ${id} `));
      // Each runner's log is in time order; a runner that sent both sent them in turn.
      for (const log of [first.events, second.events]) {
        const own = mine(log);
        if (own.length === 4)
          expect(own).toEqual([`begin ${id} started`, `end ${id} started`, `begin ${id} completed`, `end ${id} completed`]);
      }
    }
    const sent = [...first.sent, ...second.sent];
    for (const id of [A, B]) {
      const started = sent.find((mail) => mail.exportId === id && mail.outcome === 'started');
      const ended = sent.find((mail) => mail.exportId === id && mail.outcome === 'completed');
      expect(ended?.date).toBeGreaterThanOrEqual((started?.date ?? Infinity) + 1000);
    }
  });

  it('leaves other subjects alone: a support request and another export go while one export waits', async () => {
    const { outbox, sent } = runner({ holdStarted: 1 });
    const endA = await startAndEnd(A);
    await endA();
    const endB = await startAndEnd(B);
    await endB();
    await queueMessage(db, { kind: 'support-request', ref: '7', payload: {} }, NOW);
    await outbox.runOnce();
    expect(sent.map((mail) => `${mail.exportId[0]} ${mail.outcome}`)).toEqual(['B started', 'B completed']);
    expect(await db.selectFrom('outbox').select('status').where('kind', '=', 'support-request').execute()).toEqual([{ status: 'sent' }]);
    expect(await statuses(A)).toEqual(['started pending', 'completed pending']);
  });

  it('keeps the order the messages were queued in, whatever their due times', async () => {
    await queueMessage(db, exportMail(A, 'started'), NOW + 50);
    await queueMessage(db, exportMail(A, 'completed'), NOW);
    const store = createOutboxStore(db);
    const claimed = await store.claimDue(NOW + 50, 10_000, 1);
    expect(claimed.map((message) => message.payload.outcome)).toEqual(['started']);
    // The one claimed is held: the later one waits for it.
    expect(await store.claimDue(NOW + 50, 10_000, 10)).toEqual([]);
    expect(await store.earlier({ id: claimed[0]?.id ?? 0, kind: 'export-mail', ref: A })).toEqual({ pending: false, lastSentAt: null });
    const later = (await db.selectFrom('outbox').select('id').where('ref', '=', A).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    expect(await store.earlier({ id: later, kind: 'export-mail', ref: A })).toEqual({ pending: true, lastSentAt: null });
    await store.sent(claimed[0]?.id ?? 0, NOW + 60);
    expect(await store.earlier({ id: later, kind: 'export-mail', ref: A })).toEqual({ pending: false, lastSentAt: NOW + 60 });
    expect((await store.claimDue(NOW + 60, 10_000, 10)).map((message) => message.payload.outcome)).toEqual(['completed']);
  });
});
