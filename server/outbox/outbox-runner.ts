/**
 * The outbox loop: every interval it claims the messages that are due, delivers each with the
 * delivery of its kind (in parallel, each bounded by a timeout, so one hung server holds nothing
 * else), and records the outcome: sent; cancelled when its subject is gone; postponed when it is not
 * ready yet (the 'started' mail waiting for its time to finish); tried again later with backoff; or,
 * after the last attempt, failed — logged as an error for operations, kept in the table.
 * No request waits on any of this: requests only queue messages.
 */
import type { Logger } from 'pino';
import type { OutboxKind, OutboxMessage, OutboxStore } from '../db/outbox-store.ts';
import { runPeriodically } from '../background/periodic.ts';
import { retryDelayMs, type RetryPolicy } from './retry.ts';

/**
 * Delivers one message; 'gone' when there is nothing to deliver any more; `{ notBefore }` when the
 * message is not ready to be sent yet (it is due again then, and no attempt is counted). Throws to be
 * tried again.
 */
export type Delivery = (message: OutboxMessage) => Promise<'delivered' | 'gone' | { notBefore: number }>;

export type OutboxSettings = {
  retry: RetryPolicy;
  /** One attempt's limit; a lease is twice this, so a live runner never loses its message. */
  deliveryTimeoutMs: number;
  /** Messages claimed per pass. */
  batchSize: number;
};

export type OutboxRunnerDeps = {
  store: OutboxStore;
  deliveries: Record<OutboxKind, Delivery>;
  settings: OutboxSettings;
  logger: Logger;
  now: () => number;
};

export type OutboxRunner = ReturnType<typeof createOutboxRunner>;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createOutboxRunner(deps: OutboxRunnerDeps) {
  const { store, settings, logger, now } = deps;

  async function deliver(message: OutboxMessage): Promise<void> {
    const about = { outbox: message.id, kind: message.kind, ref: message.ref };
    try {
      const outcome = await withTimeout(deps.deliveries[message.kind](message), settings.deliveryTimeoutMs);
      if (outcome === 'gone') await store.cancelled(message.id, now());
      else if (outcome === 'delivered') await store.sent(message.id, now());
      else await store.postpone(message.id, outcome.notBefore);
      return;
    } catch (error) {
      const attempts = message.attempts + 1;
      const delay = retryDelayMs(settings.retry, attempts);
      if (delay === null) {
        await store.failed(message.id, attempts, describe(error), now());
        logger.error({ ...about, attempts, err: error }, 'outbox: gave up on a message after its last attempt');
      } else {
        await store.retryAt(message.id, attempts, now() + delay, describe(error));
        logger.warn({ ...about, attempts, retryInMs: delay, err: error }, 'outbox: delivery failed, will try again');
      }
    }
  }

  /** One pass: claims what is due and delivers it; resolves when every claimed message is recorded. */
  async function runOnce(): Promise<number> {
    const messages = await store.claimDue(now(), settings.deliveryTimeoutMs * 2, settings.batchSize);
    await Promise.all(
      messages.map((message) =>
        deliver(message).catch((error: unknown) => logger.error({ err: error, outbox: message.id }, 'outbox: could not record an outcome')),
      ),
    );
    return messages.length;
  }

  /** Runs runOnce every intervalMs; a failed pass (the database away) is logged and the next one tries again. */
  const start = (intervalMs: number): (() => Promise<void>) =>
    runPeriodically(intervalMs, () => runOnce().catch((error: unknown) => logger.error({ err: error }, 'outbox: a pass failed')));

  return { runOnce, start };
}
