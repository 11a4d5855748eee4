/**
 * What goes wrong in the field, against real Dovecots: a destination that refuses some messages (over
 * its size limit, over quota, a zero-byte message) records them in the item report and completes; one
 * that refuses every message ends in error; an unreachable source, a refused login and a connection
 * that keeps dropping each end in a clear recorded outcome; a connection dropped now and then is retried
 * and the mailbox still arrives whole, with nothing twice.
 */
import { chownSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStateStore, runMailTransfer } from '../../server/engine/index.ts';
import type { FailedItem } from '../../server/engine/ports.ts';
import { startDovecot, type Dovecot } from '../support/dovecot.ts';
import { startFaultProxy } from '../support/fault-proxy.ts';
import { freePort } from '../support/free-port.ts';
import { destinationOf, instantClock, sourceOf } from './support/engine-setup.ts';
import { expectedMailbox, readMailbox, seedMailbox } from './support/imap-mailbox.ts';
import { fixtureMailbox } from './support/mail-fixture.ts';

let source: Dovecot;
let target: Dovecot;
const customer = { email: 'frank@example.com', password: 'frank-source-pw' };
const limited = { email: 'dana@example.net', password: 'dana-pw', quotaStorage: '40K', maxMailSize: '6K' };
const healthy = { email: 'gus@example.net', password: 'gus-pw' };
const spare = { email: 'hal@example.net', password: 'hal-pw' };
const messages = fixtureMailbox(3, 30, { maxExtraBytes: 9000 });
const fastRetries = { backoffBaseMs: 1, backoffMaxMs: 2, connectionAttempts: 3 };

beforeAll(async () => {
  [source, target] = await Promise.all([startDovecot({ users: [customer] }), startDovecot({ users: [limited, healthy, spare] })]);
  await seedMailbox(source, customer.email, customer.password, messages);
  // A zero-byte message, which no APPEND can create and Dovecot refuses to store.
  const file = path.join(source.maildir(customer.email), 'cur', '1700000000.zero.test:2,S');
  writeFileSync(file, '');
  chownSync(file, source.mailOwner.uid, source.mailOwner.gid);
}, 60_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

/**
 * Each failed message is named in the item report as a mail program shows it: the subject, sender and
 * date that a full MIME parser reads from the fixture, whichever way the engine read them (from the
 * fetched message, or from the header alone when it was too big to fetch). The zero-byte message has
 * no header: it is named by its date at the source only.
 */
async function expectNamed(failures: readonly FailedItem[]): Promise<void> {
  // The fixture's subjects are plain ASCII or raw Latin-1 bytes (an older mailer's), which the parser would garble.
  const subjectOf = (raw: Buffer) => /^Subject: (.*)$/m.exec(raw.toString('latin1'))?.[1];
  const parsed = await Promise.all(messages.map(async (m) => ({ ...(await PostalMime.parse(m.raw)), subject: subjectOf(m.raw) })));
  for (const failure of failures) {
    if (failure.size === 0) {
      expect(failure.about).toMatchObject({ subject: null, sender: null, date: expect.stringMatching(/^\d{4}-/) });
      continue;
    }
    const original = parsed.find((email) => email.subject === failure.about?.subject);
    expect(original, `a fixture message with the subject ${failure.about?.subject}`).toBeDefined();
    expect(failure.about?.sender).toContain(original?.from?.address);
    expect(failure.about?.sender).toContain(original?.from?.name);
    expect(failure.about?.date).toBe(new Date(original?.date ?? '').toISOString());
  }
}

describe('refused messages', () => {
  it('are skipped and reported (too big, over quota, zero bytes) while the rest arrives', async () => {
    const result = await runMailTransfer({
      transferId: 'q1',
      source: sourceOf(source, customer.email),
      destination: destinationOf(target, limited),
      store: createMemoryStateStore(),
      clock: instantClock(),
    });
    expect(result.status).toEqual({ state: 'completed' });
    const reasons = new Set(result.failures.map((f) => f.reason));
    expect(reasons).toEqual(new Set(['too-big', 'quota', 'refused']));
    for (const f of result.failures.filter((x) => x.reason === 'too-big')) expect(f.size).toBeGreaterThan(6 * 1024);
    expect(result.failures.filter((f) => f.reason === 'refused')).toEqual([
      expect.objectContaining({ container: 'INBOX', size: 0, itemId: null }),
    ]);
    expect(result.progress).toMatchObject({ total: messages.length + 1, failed: result.failures.length });
    expect((result.progress?.done ?? 0) + (result.progress?.failed ?? 0)).toBe(messages.length + 1);
    const arrived = [...(await readMailbox(target, limited.email, limited.password)).values()].flat();
    expect(arrived.length).toBe(result.progress?.done);
    const receiptFailures = result.receipts.reduce((sum, r) => sum + r.failed, 0);
    expect(receiptFailures).toBe(result.failures.length);
    await expectNamed(result.failures);
  }, 60_000);

  it('end the transfer in error when every message is refused', async () => {
    const result = await runMailTransfer({
      transferId: 'q2',
      source: sourceOf(source, customer.email),
      destination: destinationOf(target, spare, { maxMessageBytes: 1 }),
      store: createMemoryStateStore(),
      clock: instantClock(),
    });
    expect(result.status).toMatchObject({ state: 'failed', reason: 'all-items-failed' });
    expect(result.progress).toMatchObject({ done: 0, failed: messages.length + 1 });
    expect(result.failures.every((f) => f.reason === 'too-big' || f.size === 0)).toBe(true);
    await expectNamed(result.failures);
  }, 60_000);
});

describe('unreachable and refusing servers', () => {
  it('an unreachable source ends the transfer with source-unreachable after bounded retries', async () => {
    const clock = instantClock();
    const result = await runMailTransfer({
      transferId: 'u1',
      source: sourceOf(source, customer.email, { port: await freePort() }),
      destination: destinationOf(target, healthy),
      store: createMemoryStateStore(),
      clock,
      limits: fastRetries,
    });
    expect(result.status).toMatchObject({ state: 'failed', reason: 'source-unreachable' });
    expect(clock.slept).toHaveLength(fastRetries.connectionAttempts - 1);
  }, 60_000);

  it('a wrong destination password ends the transfer at once with destination-login-refused', async () => {
    const clock = instantClock();
    const result = await runMailTransfer({
      transferId: 'u2',
      source: sourceOf(source, customer.email),
      destination: destinationOf(target, { ...healthy, password: 'wrong' }),
      store: createMemoryStateStore(),
      clock,
    });
    expect(result.status).toMatchObject({ state: 'failed', reason: 'destination-login-refused' });
    expect(clock.slept).toEqual([]);
    expect(result.progress).toBeNull();
  }, 60_000);

  it('a master login the source refuses ends with source-login-refused', async () => {
    const wrongMaster = sourceOf({ ...source, master: { ...source.master, password: 'not-it' } }, customer.email);
    const result = await runMailTransfer({
      transferId: 'u3',
      source: wrongMaster,
      destination: destinationOf(target, healthy),
      store: createMemoryStateStore(),
      clock: instantClock(),
    });
    expect(result.status).toMatchObject({ state: 'failed', reason: 'source-login-refused' });
  }, 60_000);
});

describe('dropped connections', () => {
  it('are retried, and the mailbox arrives whole with nothing twice', async () => {
    const proxy = await startFaultProxy(target.port);
    try {
      proxy.cutAfter(60_000);
      const heal = setInterval(() => proxy.connections >= 6 && proxy.cutAfter(null), 5);
      const result = await runMailTransfer({
        transferId: 'd1',
        source: sourceOf(source, customer.email),
        destination: destinationOf(target, healthy, { port: proxy.port }),
        store: createMemoryStateStore(),
        clock: instantClock(),
        limits: { ...fastRetries, connectionAttempts: 6, batchMessages: 3 },
      });
      clearInterval(heal);
      expect(proxy.connections).toBeGreaterThan(3);
      expect(result.status).toEqual({ state: 'completed' });
      const expected = expectedMailbox(messages, '/');
      const actual = await readMailbox(target, healthy.email, healthy.password);
      for (const [folder, list] of expected) expect(actual.get(folder), folder).toEqual(list);
      // The zero-byte message is the only one Dovecot refuses.
      expect(result.failures.map((f) => f.reason)).toEqual(['refused']);
    } finally {
      await proxy.stop();
    }
  }, 90_000);

  it('that never hold end the transfer with destination-unreachable, its checkpoints kept', async () => {
    const proxy = await startFaultProxy(target.port);
    try {
      const store = createMemoryStateStore();
      const running = runMailTransfer({
        transferId: 'd2',
        source: sourceOf(source, customer.email),
        destination: destinationOf(target, spare, { port: proxy.port }),
        store,
        clock: instantClock(),
        limits: { ...fastRetries, batchMessages: 1 },
      });
      // Once some messages are in, the destination becomes unreachable for good.
      while (((await store.load('d2', 'emailmigration')).progress?.done ?? 0) < 3) await new Promise((r) => setTimeout(r, 2));
      proxy.cutAfter(0);
      proxy.dropAll();
      const result = await running;
      expect(result.status).toMatchObject({ state: 'failed', reason: 'destination-unreachable' });
      expect(result.checkpoints.length).toBeGreaterThan(0);
    } finally {
      await proxy.stop();
    }
  }, 90_000);
});
