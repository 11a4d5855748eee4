/**
 * The 'started' mail waits for the export's time to finish (the status answer's estimate) and carries
 * it: postponed while a running transfer has counts but no estimate yet, sent with the longest
 * estimate once there is one, sent without after the wait or where no estimate will come.
 */
import { describe, expect, it } from 'vitest';
import type { StatusResponse, TransferEstimate } from '../../../contract/index.ts';
import type { StoredJob } from '../../../server/db/jobs-store.ts';
import { createExportMailDelivery, exportMail, startedEstimate } from '../../../server/outbox/export-mail-delivery.ts';
import type { ExportNotification } from '../../../server/ports.ts';

const CREATED = Date.UTC(2026, 10, 23, 9, 0, 0);
const job = {
  exportId: 'E'.repeat(32),
  notificationEmail: 'casey@example.com',
  destinationProvider: 'gmail',
  destinationEmail: 'casey.jones@gmail.com',
  operations: ['emailmigration', 'contactsmigration'],
  createdAt: CREATED,
  finishedAt: null,
} as StoredJob;
const days = (n: number): TransferEstimate => ({
  finish: new Date(CREATED + n * 86_400_000).toISOString(),
  seconds: n * 86_400,
  cap: { provider: 'gmail', per: 'day', bytes: 500e6 },
});
const counting = { total: null, done: 0, failed: 0 };

function delivery(answers: (StatusResponse | null)[], clock: { now: number }) {
  const sent: ExportNotification[] = [];
  const asked: string[] = [];
  const deliver = createExportMailDelivery({
    jobs: { find: async (id) => (id === job.exportId ? job : null) },
    notifier: { send: async (notification) => void sent.push(notification) },
    portalUrl: 'https://export.example.com',
    estimates: {
      status: async (id) => {
        asked.push(id);
        return answers.length > 1 ? (answers.shift() ?? null) : (answers[0] ?? null);
      },
      now: () => clock.now,
      waitMs: 60_000,
      recheckMs: 1000,
    },
  });
  const message = (outcome: 'started' | 'completed') => ({ id: 1, attempts: 0, ...exportMail(job.exportId, outcome) });
  return {
    sent,
    asked,
    send: (outcome: 'started' | 'completed' = 'started') => deliver(message(outcome), { now: clock.now, previousSentAt: null }),
  };
}

describe("the 'started' mail and the time to finish", () => {
  it('waits while the transfer counts, then goes with the estimate the status page shows', async () => {
    const clock = { now: CREATED + 500 };
    const { sent, send } = delivery(
      [
        { emailmigration: { status: 'started', progress: counting } },
        { emailmigration: { status: 'started', progress: { total: 900, done: 10, failed: 0 }, estimate: days(4) } },
      ],
      clock,
    );
    expect(await send()).toEqual({ notBefore: CREATED + 1500 });
    expect(sent).toEqual([]);
    clock.now += 1000;
    expect(await send()).toBe('delivered');
    expect(sent).toEqual([expect.objectContaining({ outcome: 'started', to: 'casey@example.com', estimate: days(4) })]);
  });

  it('tells the mail where the export goes and what it moves, as the job holds them, and dates it now', async () => {
    const { sent, send } = delivery([null], { now: CREATED + 10 });
    expect(await send('completed')).toBe('delivered');
    expect(sent).toEqual([
      {
        to: 'casey@example.com',
        exportId: job.exportId,
        portalUrl: 'https://export.example.com',
        outcome: 'completed',
        destination: { provider: 'gmail', email: 'casey.jones@gmail.com' },
        operations: ['emailmigration', 'contactsmigration'],
        date: CREATED + 10,
      },
    ]);
  });

  it('takes the longest estimate of the running operations, and one that runs is enough', () => {
    const answer: StatusResponse = {
      emailmigration: { status: 'started', progress: { total: 10, done: 1, failed: 0 }, estimate: days(2) },
      contactsmigration: { status: 'started', progress: counting, estimate: days(5) },
    };
    expect(startedEstimate(answer)).toEqual(days(5));
    // The contacts wait for the mail to end (no estimate yet): the mail's estimate is the one to say.
    expect(
      startedEstimate({ emailmigration: answer.emailmigration, contactsmigration: { status: 'started', progress: counting } }),
    ).toEqual(days(2));
    // A paused export has no estimate to wait for (decision 0031); a running one without an estimate yet has.
    const paused = { since: '2026-11-22T09:00:00Z' };
    expect(startedEstimate({ emailmigration: { status: 'started', progress: counting, paused } })).toBeNull();
    expect(startedEstimate({ emailmigration: { status: 'started', progress: counting } })).toBe('pending');
    // An ended operation's old figures say nothing.
    expect(
      startedEstimate({ emailmigration: { status: 'completed', progress: { total: 10, done: 10, failed: 0 }, estimate: days(1) } }),
    ).toBeNull();
  });

  it('goes without an estimate after the wait, when the export ended, or when the vendor reports no counts', async () => {
    const late = delivery([{ emailmigration: { status: 'started', progress: counting } }], { now: CREATED + 60_000 });
    expect(await late.send()).toBe('delivered');
    expect(late.sent[0]?.estimate).toBeUndefined();
    const ended = delivery([{ emailmigration: { status: 'completed', progress: { total: 3, done: 3, failed: 0 } } }], {
      now: CREATED + 10,
    });
    expect(await ended.send()).toBe('delivered');
    expect(ended.sent[0]?.estimate).toBeUndefined();
    const simulated = delivery([{ emailmigration: { status: 'started' } }], { now: CREATED + 10 });
    expect(await simulated.send()).toBe('delivered');
    expect(simulated.sent[0]?.estimate).toBeUndefined();
  });

  it('does not ask for an estimate for the ended mail, nor for an export that has ended', async () => {
    const { sent, asked, send } = delivery([{ emailmigration: { status: 'started', progress: counting } }], { now: CREATED + 10 });
    expect(await send('completed')).toBe('delivered');
    expect(asked).toEqual([]);
    expect(sent[0]?.estimate).toBeUndefined();
    job.finishedAt = CREATED + 5;
    try {
      expect(await send('started')).toBe('delivered');
      expect(asked).toEqual([]);
    } finally {
      job.finishedAt = null;
    }
  });
});
