/**
 * The outbox table: messages queued with the change they report (pass the transaction to
 * `queueMessage`), claimed by a runner with a lease so that two runners (two nodes, or a restart
 * while one was sending) never deliver one message at the same time, and finished as sent, failed
 * or cancelled. A runner that dies mid-delivery leaves its lease to expire, and the message is tried
 * again: delivery is at least once.
 *
 * Messages about one subject (kind and ref: an export's 'started' and 'ended' mails) go out in the
 * order they were queued: a message is not claimed while an earlier one about its subject waits (not
 * due yet, or held by a runner), and `earlier` tells a runner, just before it delivers, whether one is
 * still pending and when the last one was sent.
 */
import type { Kysely } from 'kysely';
import type { Db } from './open.ts';
import type { Database } from './schema.ts';

export const OUTBOX_KINDS = ['export-mail', 'support-request'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

export type NewOutboxMessage = { kind: OutboxKind; ref: string; payload: Record<string, string> };

export type OutboxMessage = { id: number; kind: OutboxKind; ref: string; payload: Record<string, string>; attempts: number };

export type OutboxRecord = { status: OutboxStatus; attempts: number; lastError: string | null };

/** What was queued before a message about the same subject: whether any of it is still owed, and when the last of it was sent. */
export type EarlierMessages = { pending: boolean; lastSentAt: number | null };

/** Queues a message, due at once, through `executor`: the caller's transaction, or the database. */
export async function queueMessage(executor: Kysely<Database>, message: NewOutboxMessage, now: number): Promise<void> {
  await executor
    .insertInto('outbox')
    .values({
      kind: message.kind,
      ref: message.ref,
      payload: JSON.stringify(message.payload),
      status: 'pending',
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
}

const isKind = (kind: string): kind is OutboxKind => (OUTBOX_KINDS as readonly string[]).includes(kind);

/** Long error texts (a server's whole answer) are cut: the record is for a person to read. */
const MAX_ERROR_LENGTH = 500;

export type OutboxStore = ReturnType<typeof createOutboxStore>;

export function createOutboxStore(db: Db) {
  const finish = async (
    id: number,
    status: Exclude<OutboxStatus, 'pending'>,
    now: number,
    error: string | null = null,
    attempts?: number,
  ) => {
    await db
      .updateTable('outbox')
      .set({
        status,
        finished_at: now,
        lease_until: null,
        last_error: error?.slice(0, MAX_ERROR_LENGTH) ?? null,
        ...(attempts === undefined ? {} : { attempts }),
      })
      .where('id', '=', id)
      .execute();
  };

  return {
    /**
     * Takes up to `limit` due messages for `leaseMs`, oldest first. The update repeats the conditions,
     * so of two runners that picked the same candidates only one gets each row. A message waits while
     * an earlier one about its subject is pending and not claimable now (not due, or leased); one that
     * is claimable has a lower id, so it is in the same batch whenever the later one is.
     */
    async claimDue(now: number, leaseMs: number, limit: number): Promise<OutboxMessage[]> {
      const candidates = await db
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('outbox as earlier')
                .select('earlier.id')
                .whereRef('earlier.kind', '=', 'outbox.kind')
                .whereRef('earlier.ref', '=', 'outbox.ref')
                .whereRef('earlier.id', '<', 'outbox.id')
                .where('earlier.status', '=', 'pending')
                .where((eb) => eb.or([eb('earlier.next_attempt_at', '>', now), eb('earlier.lease_until', '>', now)])),
            ),
          ),
        )
        .orderBy('id')
        .limit(limit)
        .execute();
      if (candidates.length === 0) return [];
      const rows = await db
        .updateTable('outbox')
        .set({ lease_until: now + leaseMs })
        .where(
          'id',
          'in',
          candidates.map((row) => row.id),
        )
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .returning(['id', 'kind', 'ref', 'payload', 'attempts'])
        .execute();
      // Only this module writes the table: kinds are ours and payloads are JSON objects of strings.
      return rows.flatMap((row) =>
        isKind(row.kind)
          ? [
              {
                id: row.id,
                kind: row.kind,
                ref: row.ref,
                payload: JSON.parse(row.payload) as Record<string, string>,
                attempts: row.attempts,
              },
            ]
          : [],
      );
    },
    /** The messages queued before `message` about its subject (read just before delivering it). */
    async earlier(message: Pick<OutboxMessage, 'id' | 'kind' | 'ref'>): Promise<EarlierMessages> {
      const rows = await db
        .selectFrom('outbox')
        .select(['status', 'finished_at'])
        .where('kind', '=', message.kind)
        .where('ref', '=', message.ref)
        .where('id', '<', message.id)
        .execute();
      const sentAt = rows.flatMap((row) => (row.status === 'sent' && row.finished_at !== null ? [row.finished_at] : []));
      return { pending: rows.some((row) => row.status === 'pending'), lastSentAt: sentAt.length > 0 ? Math.max(...sentAt) : null };
    },
    /** Gives a claimed message back untried (an earlier one about its subject is still owed). */
    async release(id: number): Promise<void> {
      await db.updateTable('outbox').set({ lease_until: null }).where('id', '=', id).execute();
    },
    sent: (id: number, now: number) => finish(id, 'sent', now),
    /** Its subject is gone (a withdrawn export, a deleted request): nothing to deliver. */
    cancelled: (id: number, now: number) => finish(id, 'cancelled', now),
    /** No attempt is left: recorded, with the last error, for operations to see. */
    failed: (id: number, attempts: number, error: string, now: number) => finish(id, 'failed', now, error, attempts),
    /** Not ready to be sent yet (not a failure): due again at `at`, its attempts untouched. */
    async postpone(id: number, at: number): Promise<void> {
      await db.updateTable('outbox').set({ next_attempt_at: at, lease_until: null }).where('id', '=', id).execute();
    },
    async retryAt(id: number, attempts: number, at: number, error: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ attempts, next_attempt_at: at, lease_until: null, last_error: error.slice(0, MAX_ERROR_LENGTH) })
        .where('id', '=', id)
        .execute();
    },
    /** Where the messages about these refs stand (the newest per ref). */
    async records(kind: OutboxKind, refs: readonly string[]): Promise<Map<string, OutboxRecord>> {
      if (refs.length === 0) return new Map();
      const rows = await db
        .selectFrom('outbox')
        .select(['ref', 'status', 'attempts', 'last_error'])
        .where('kind', '=', kind)
        .where('ref', 'in', [...refs])
        .orderBy('id')
        .execute();
      return new Map(
        rows.map((row) => [row.ref, { status: row.status as OutboxStatus, attempts: row.attempts, lastError: row.last_error }]),
      );
    },
  };
}
