/**
 * The transfer queue on Postgres with pg-boss 10 (TransferQueue, server/ports.ts; why pg-boss:
 * docs/decisions/0015-transfer-queue-pg-boss.md). One pg-boss job stands for one queued transfer,
 * its singleton key the export ID, on a queue of the `stately` policy: Postgres itself refuses a
 * second active job for one export, so one export never runs twice at once.
 *
 * - A lease is the job's expiry: a claim (`fetch`) makes the job active for `leaseMs`, a renewal
 *   moves its expiry on. pg-boss 10 has no call for that, so the renewal is one guarded UPDATE of
 *   the job's `expire_in` (the row pg-boss fetched for this claim and no other: its id and start time).
 * - A worker that dies stops renewing; pg-boss's maintenance fails the expired job into `retry`
 *   with exponential backoff, and the next claim (any worker's) resumes the transfer from its
 *   checkpoints. pg-boss counts those retries: the claim's `attempt` is that count plus one.
 * - A clean give-back completes the job and queues a fresh one due at the given time, in one
 *   transaction, so the attempts count from there; removal completes or cancels what is left.
 * Every statement runs on the Kysely handle the queue is made over (the service's pool, or the
 * transaction a load stores its transfer in); the PgBoss instance's own small pool only keeps
 * pg-boss's schema and runs its maintenance.
 */
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '../db/open.ts';
import { inTransaction } from '../db/transaction.ts';
import type { TransferQueue } from '../ports.ts';

export const TRANSFER_QUEUE = 'transfers';

/** The first retry after a run died waits 2–4 s, each further one twice as long (pg-boss's backoff). */
const RETRY_DELAY_S = 2;
/**
 * pg-boss's own last resort. The worker gives a transfer up itself (failed, with a reason the owner
 * reads) after its runs died a few times in a row; this only has to be above that.
 */
const RETRY_LIMIT = 50;

export type PgBossOptions = { url: string; leaseMs: number; onError: (error: Error) => void };

/** pg-boss's statements on a Kysely handle: the pool, or a transaction under way. */
const executor = (db: Db) => ({
  executeSql: async (text: string, values: unknown[] = []) => db.executeQuery(CompiledQuery.raw(text, values)),
});

/** Starts pg-boss (its schema is created or brought up to date on the first start) and the transfers queue. */
export async function startPgBoss(options: PgBossOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: options.url,
    max: 2,
    // Expired leases are found at least twice per lease.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(options.leaseMs / 2000))),
    // No cron, no state events: the service uses neither.
    schedule: false,
  });
  boss.on('error', options.onError);
  await boss.start();
  await createTransfersQueue(boss, options.url);
  return boss;
}

/**
 * Creates the transfers queue, one process at a time. pg-boss 10's create_queue inserts the queue's
 * row, then adds a partition with a foreign key to that table: two processes doing it at once on one
 * database deadlock (40P01), and a deployment starts its nodes together. A transaction on a
 * connection of its own holds an advisory lock while this process creates the queue (a transaction's
 * lock, not a session's, so it holds through PgBouncer's transaction pooling too); the later ones
 * find the queue there and change nothing. Ending the connection ends the lock, whatever happened.
 */
async function createTransfersQueue(boss: PgBoss, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('export-portal:pg-boss create_queue'))");
    await boss.createQueue(TRANSFER_QUEUE, { name: TRANSFER_QUEUE, policy: 'stately' });
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

type JobRow = { id: string; state: string };

/** The transfer queue over a Kysely handle; `boss` is the started instance (startPgBoss). */
export function createPgBossQueue(boss: PgBoss, db: Db, leaseMs: number): TransferQueue {
  const onDb = { db: executor(db) };
  const leaseInterval = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;
  // The export's jobs that are not over (at most one each of created, retry, active: the stately policy).
  const openJobs = async (exportId: string): Promise<JobRow[]> =>
    (
      await sql<JobRow>`SELECT id, state::text AS state FROM pgboss.job
        WHERE name = ${TRANSFER_QUEUE} AND COALESCE(singleton_key, '') = ${exportId} AND state < 'completed'`.execute(db)
    ).rows;

  async function enqueue(exportId: string, runAfter: number): Promise<void> {
    const at = sql`to_timestamp(${runAfter / 1000})`;
    const moveQueued = async () =>
      (
        await sql`UPDATE pgboss.job SET start_after = ${at}
          WHERE name = ${TRANSFER_QUEUE} AND COALESCE(singleton_key, '') = ${exportId} AND state < 'active'`.execute(db)
      ).numAffectedRows ?? 0n;
    if ((await moveQueued()) > 0n) return;
    // Leased: the holder gives it back with its own time; should it die, pg-boss retries it.
    if ((await openJobs(exportId)).some((job) => job.state === 'active')) return;
    const id = await boss.send(
      TRANSFER_QUEUE,
      { exportId },
      {
        ...onDb,
        singletonKey: exportId,
        startAfter: new Date(runAfter),
        expireInSeconds: Math.ceil(leaseMs / 1000),
        retryLimit: RETRY_LIMIT,
        retryDelay: RETRY_DELAY_S,
        retryBackoff: true,
      },
    );
    // Another enqueue of the same export got in first: move that one to this time.
    if (id === null) await moveQueued();
  }

  return {
    enqueue,
    async claim(owner, _now, claimLeaseMs, limit) {
      if (limit <= 0) return [];
      const jobs = await boss.fetch<{ exportId: string }>(TRANSFER_QUEUE, { ...onDb, batchSize: limit, includeMetadata: true });
      if (jobs.length === 0) return [];
      // The claim's owner and lease, kept on the job itself: only that owner renews or gives it back.
      await sql`UPDATE pgboss.job SET output = jsonb_build_object('owner', ${owner}::text), expire_in = ${leaseInterval(claimLeaseMs)}
        WHERE name = ${TRANSFER_QUEUE} AND id = ANY(${jobs.map((job) => job.id)}::uuid[]) AND state = 'active'`.execute(db);
      return jobs.map((job) => ({ exportId: job.data.exportId, attempt: job.retryCount + 1 }));
    },
    async extend(exportId, owner, _now, extendLeaseMs) {
      // The lease runs `extendLeaseMs` from now: the expiry is the start time plus expire_in.
      const result = await sql`UPDATE pgboss.job SET expire_in = (now() - started_on) + ${leaseInterval(extendLeaseMs)}
        WHERE name = ${TRANSFER_QUEUE} AND COALESCE(singleton_key, '') = ${exportId} AND state = 'active'
          AND output ->> 'owner' = ${owner}`.execute(db);
      return result.numAffectedRows === 1n;
    },
    async release(exportId, owner, runAfter) {
      await inTransaction(db, async (trx) => {
        const held = await sql<{ id: string }>`SELECT id FROM pgboss.job
          WHERE name = ${TRANSFER_QUEUE} AND COALESCE(singleton_key, '') = ${exportId} AND state = 'active'
            AND output ->> 'owner' = ${owner} FOR UPDATE`.execute(trx);
        const job = held.rows[0];
        if (!job) return;
        await boss.complete(TRANSFER_QUEUE, job.id, {}, { db: executor(trx) });
        await createPgBossQueue(boss, trx, leaseMs).enqueue(exportId, runAfter);
      });
    },
    async remove(exportId) {
      const jobs = await openJobs(exportId);
      const active = jobs.filter((job) => job.state === 'active').map((job) => job.id);
      const queued = jobs.filter((job) => job.state !== 'active').map((job) => job.id);
      // (complete's data comes before the options at run time, whatever its overloads say)
      for (const id of active) await boss.complete(TRANSFER_QUEUE, id, {}, onDb);
      if (queued.length > 0) await boss.cancel(TRANSFER_QUEUE, queued, onDb);
    },
    // Waiting (due or not), not running: pg-boss's own count.
    depth: () => boss.getQueueSize(TRANSFER_QUEUE),
  };
}
