/**
 * The outbox loop: every interval it claims the messages that are due, delivers each with the
 * delivery of its kind (in parallel, each bounded by a timeout, so one hung server holds nothing
 * else), and records the outcome: sent; cancelled when its subject is gone; postponed when it is not
 * ready yet (the 'started' mail waiting for its time to finish); tried again later with backoff; or,
 * after the last attempt, failed — logged as an error for operations, kept in the table.
 * Messages about one subject (an export's 'started' and 'ended' mails) go out one after another, in
 * the order they were queued: a pass delivers them in turn, and none while an earlier one about its
 * subject is still owed (postponed, retrying, or being sent by another runner), so its sending
 * always begins after the earlier one's has ended. The delivery learns when that was.
 * No request waits on any of this: requests only queue messages.
 */
import type { Logger } from 'pino';
import type { OutboxKind, OutboxMessage, OutboxStore } from '../db/outbox-store.ts';
import { runPeriodically } from '../background/periodic.ts';
import { retryDelayMs, type RetryPolicy } from './retry.ts';

/** What a delivery is told besides its message. */
export type DeliveryContext = {
  /** The runner's time as the delivery begins. */
  now: number;
  /** When the last earlier message about the same subject was recorded sent; null when none was. */
  previousSentAt: number | null;
};

/**
 * Delivers one message; 'gone' when there is nothing to deliver any more; `{ notBefore }` when the
 * message is not ready to be sent yet (it is due again then, and no attempt is counted). Throws to be
 * tried again.
 */
export type Delivery = (message: OutboxMessage, context: DeliveryContext) => Promise<'delivered' | 'gone' | { notBefore: number }>;

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

  async function deliver(message: OutboxMessage, previousSentAt: number | null): Promise<void> {
    const about = { outbox: message.id, kind: message.kind, ref: message.ref };
    try {
      const outcome = await withTimeout(deps.deliveries[message.kind](message, { now: now(), previousSentAt }), settings.deliveryTimeoutMs);
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

  /**
   * Delivers the claimed messages about one subject in turn, oldest first. Each goes only when nothing
   * earlier about its subject is still pending (read from the table, so a message another runner holds
   * counts too), and only while its lease leaves a whole attempt's time; else it is given back untried.
   */
  async function deliverInTurn(messages: OutboxMessage[], claimedAt: number): Promise<void> {
    for (const message of messages) {
      try {
        const earlier = await store.earlier(message);
        if (earlier.pending || now() - claimedAt > settings.deliveryTimeoutMs) {
          await store.release(message.id);
          continue;
        }
        await deliver(message, earlier.lastSentAt);
      } catch (error) {
        logger.error({ err: error, outbox: message.id }, 'outbox: could not record an outcome');
      }
    }
  }

  /** One pass: claims what is due and delivers it; resolves when every claimed message is recorded. */
  async function runOnce(): Promise<number> {
    const claimedAt = now();
    const messages = await store.claimDue(claimedAt, settings.deliveryTimeoutMs * 2, settings.batchSize);
    // Subjects in parallel, each subject's messages in queue order.
    const bySubject = new Map<string, OutboxMessage[]>();
    for (const message of [...messages].sort((a, b) => a.id - b.id)) {
      const subject = `${message.kind}:${message.ref}`;
      bySubject.set(subject, [...(bySubject.get(subject) ?? []), message]);
    }
    await Promise.all([...bySubject.values()].map((inTurn) => deliverInTurn(inTurn, claimedAt)));
    return messages.length;
  }

  /** Runs runOnce every intervalMs; a failed pass (the database away) is logged and the next one tries again. */
  const start = (intervalMs: number): (() => Promise<void>) =>
    runPeriodically(intervalMs, () => runOnce().catch((error: unknown) => logger.error({ err: error }, 'outbox: a pass failed')));

  return { runOnce, start };
}
