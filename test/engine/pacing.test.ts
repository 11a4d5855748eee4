/**
 * Provider pacing against a real Dovecot destination whose answers are replaced, for some appends, by
 * the ones Gmail and others give (no local server can be made to say them): throttling is waited out
 * with backoff; a daily limit puts the transfer to sleep until a recorded time, and running it again
 * then finishes the mailbox with nothing lost or doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStateStore, runMailTransfer, type MailDestination, type Refusal } from '../../server/engine/index.ts';
import { DEFAULT_LIMITS } from '../../server/engine/pacing.ts';
import { startDovecot, type Dovecot } from '../support/dovecot.ts';
import { destinationOf, instantClock, sourceOf } from './support/engine-setup.ts';
import { expectedMailbox, readMailbox, seedMailbox } from './support/imap-mailbox.ts';
import { fixtureMailbox } from './support/mail-fixture.ts';

let source: Dovecot;
let target: Dovecot;
const customer = { email: 'ida@example.com', password: 'ida-source-pw' };
const first = { email: 'jo@example.net', password: 'jo-pw' };
const second = { email: 'kim@example.net', password: 'kim-pw' };
const messages = fixtureMailbox(4, 40);

beforeAll(async () => {
  [source, target] = await Promise.all([startDovecot({ users: [customer] }), startDovecot({ users: [first, second] })]);
  await seedMailbox(source, customer.email, customer.password, messages);
}, 60_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

/** The real destination, except that appends for which `answer` returns a refusal get that refusal. */
function answering(destination: MailDestination, answer: (appendNumber: number, uid: number) => Refusal | null): MailDestination {
  let appends = 0;
  return {
    ...destination,
    async connect() {
      const session = await destination.connect();
      return {
        ...session,
        async append(target, message) {
          const refusal = answer(++appends, message.uid);
          return refusal ? { ok: false, refusal } : session.append(target, message);
        },
      };
    },
  };
}

describe('pacing', () => {
  it('waits out throttling with backoff and completes', async () => {
    const clock = instantClock();
    // The first message is throttled three times in a row (the others of its batch, in flight beside it, are not).
    let tries = 0;
    const throttled = (_n: number, uid: number): Refusal | null =>
      uid === 1 && ++tries <= 3 ? { kind: 'throttled', retryAfterMs: null, detail: '[THROTTLED] slow down' } : null;
    const result = await runMailTransfer({
      transferId: 'p1',
      source: sourceOf(source, customer.email),
      destination: answering(destinationOf(target, first), throttled),
      store: createMemoryStateStore(),
      clock,
      limits: { parallelFolders: 1 },
    });
    expect(result.status).toEqual({ state: 'completed' });
    expect(clock.slept.length).toBe(3);
    // Growing waits: the third is drawn from a larger window than the first.
    expect(clock.slept[2]).toBeGreaterThanOrEqual(DEFAULT_LIMITS.backoffBaseMs * 2);
    expect(result.progress).toMatchObject({ done: messages.length, failed: 0 });
  }, 60_000);

  it('sleeps until a recorded time on a daily limit, then finishes with nothing lost or doubled', async () => {
    const clock = instantClock();
    const store = createMemoryStateStore();
    const daily = (n: number): Refusal | null =>
      n > 12 ? { kind: 'daily-limit', resumeAfterMs: null, detail: '[OVERQUOTA] Account exceeded command or bandwidth limits' } : null;
    const paused = await runMailTransfer({
      transferId: 'p2',
      source: sourceOf(source, customer.email),
      destination: answering(destinationOf(target, second), daily),
      store,
      clock,
    });
    expect(paused.status).toEqual({
      state: 'sleeping',
      reason: 'daily-limit',
      resumeAt: clock.now() + DEFAULT_LIMITS.dailyLimitPauseMs,
      detail: '[OVERQUOTA] Account exceeded command or bandwidth limits',
    });
    expect(paused.progress?.done).toBeGreaterThanOrEqual(1);
    expect(paused.progress?.done).toBeLessThan(messages.length);
    expect(paused.failures).toEqual([]);

    const resumed = await runMailTransfer({
      transferId: 'p2',
      source: sourceOf(source, customer.email),
      destination: destinationOf(target, second),
      store,
      clock,
    });
    expect(resumed.status).toEqual({ state: 'completed' });
    expect(resumed.progress).toMatchObject({ total: messages.length, done: messages.length, failed: 0 });
    const actual = await readMailbox(target, second.email, second.password);
    for (const [folder, list] of expectedMailbox(messages, '/')) expect(actual.get(folder), folder).toEqual(list);
  }, 60_000);
});
