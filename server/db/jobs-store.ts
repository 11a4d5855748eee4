/**
 * Jobs: the ExportJob the engine sees, plus what the service needs around it (who to notify, the
 * final statuses, how long the file stays downloadable). The insert queues the mail the export
 * service gives it (server/jobs/job-service.ts decides which) in the same transaction, as the end
 * does (server/jobs/lifecycle.ts),
 * so a process killed at any point leaves both or neither. The lookup by export ID is the status poll's
 * only query: compiled once, one read of the primary key.
 */
import * as v from 'valibot';
import {
  ImapAddressSchema,
  type ContactsFormat,
  type DestinationProvider,
  type EmailFormat,
  isLanguage,
  type ImapAddress,
  type Language,
  type Operation,
} from '../../contract/index.ts';
import type { OperationProgress, ExportJob } from '../ports.ts';
import { queueMessage, type NewOutboxMessage } from './outbox-store.ts';
import { compileOnce } from './compiled.ts';
import type { Db } from './open.ts';
import type { JobRow } from './schema.ts';
import { inTransaction } from './transaction.ts';

export type OperationStatus = OperationProgress['status'];

export type StoredJob = ExportJob & {
  emailHash: string;
  notificationEmail: string;
  /** Its mails are written in it. */
  language: Language;
  emailStatus: OperationStatus | null;
  contactsStatus: OperationStatus | null;
  finishedAt: number | null;
  downloadExpiresAt: number | null;
};

/** A job to store, with the idempotency key of the load that made it. */
export type NewJob = ExportJob & { emailHash: string; notificationEmail: string; language: Language; idempotencyKey: string };

function imapOf(text: string | null): ImapAddress | null {
  if (text === null) return null;
  const parsed = v.safeParse(ImapAddressSchema, JSON.parse(text));
  return parsed.success ? parsed.output : null;
}

// The database only ever holds values this module wrote, so the casts narrow, they do not guess.
const fromRow = (row: JobRow): StoredJob => ({
  exportId: row.export_id,
  sourceEmail: row.source_email,
  emailHash: row.email_hash,
  destinationProvider: row.destination_provider as DestinationProvider,
  destinationEmail: row.destination_email,
  destinationImap: imapOf(row.destination_imap),
  operations: row.operations.split(',').filter(Boolean) as Operation[],
  emailFormat: row.email_format as EmailFormat | null,
  contactsFormat: row.contacts_format as ContactsFormat | null,
  notificationEmail: row.notification_email,
  language: isLanguage(row.language) ? row.language : 'en',
  createdAt: row.created_at,
  emailStatus: row.email_status as OperationStatus | null,
  contactsStatus: row.contacts_status as OperationStatus | null,
  finishedAt: row.finished_at,
  downloadExpiresAt: row.download_expires_at,
});

export type JobsStore = ReturnType<typeof createJobsStore>;

/** A load refused because its account already runs the most exports allowed at once. */
export class TooManyRunning extends Error {
  constructor(readonly running: number) {
    super(`the account already runs ${running} exports`);
  }
}

/** How many exports of this account have not ended yet. */
async function countRunning(db: Db, sourceEmail: string): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('running'))
    .where('finished_at', 'is', null)
    .where('source_email', '=', sourceEmail)
    .executeTakeFirstOrThrow();
  return Number(row.running);
}

/** Over the database, or over a transaction (`db.transaction().execute((trx) => createJobsStore(trx)…)`) to join it. */
export function createJobsStore(db: Db) {
  const byId = compileOnce(db, (exportId: string) => db.selectFrom('jobs').selectAll().where('export_id', '=', exportId));

  return {
    /**
     * Stores the job unless a load with the same idempotency key was claimed since `duplicateSince`;
     * answers the export ID that holds the key (the new job's, or the earlier one's). Two concurrent
     * loads of one body get one job, on any number of nodes: the key is a primary key. A new job's
     * `mail` is queued with it. With the account already running `maxRunning` exports it
     * throws `TooManyRunning` and stores nothing: the count and the insert are one step, because
     * the account's row in `account_starts` is locked first (on Postgres a second load of the account
     * waits for the first to commit, then counts its job; on SQLite a transaction has the database
     * to itself). `then` does the rest of a new job's start in the same transaction (its consent, its
     * transfer); what it throws undoes the job too.
     */
    insertUnlessDuplicate: (
      job: NewJob,
      duplicateSince: number,
      {
        maxRunning = Number.POSITIVE_INFINITY,
        mail,
        then,
      }: { maxRunning?: number; mail?: NewOutboxMessage; then?: (trx: Db) => Promise<void> } = {},
    ): Promise<string> =>
      inTransaction(db, async (trx) => {
        await trx
          .insertInto('account_starts')
          .values({ email_hash: job.emailHash, started_at: job.createdAt })
          .onConflict((conflict) => conflict.column('email_hash').doUpdateSet((eb) => ({ started_at: eb.ref('excluded.started_at') })))
          .execute();
        // Claims older than the window no longer hold their key; dropping them keeps the table small.
        await trx.deleteFrom('load_claims').where('claimed_at', '<', duplicateSince).execute();
        const claimed = await trx
          .insertInto('load_claims')
          .values({ idempotency_key: job.idempotencyKey, export_id: job.exportId, claimed_at: job.createdAt })
          .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
          .returning('export_id')
          .executeTakeFirst();
        if (!claimed) {
          const holder = await trx
            .selectFrom('load_claims')
            .select('export_id')
            .where('idempotency_key', '=', job.idempotencyKey)
            .executeTakeFirstOrThrow();
          return holder.export_id;
        }
        const running = await countRunning(trx, job.sourceEmail);
        // Thrown, so the transaction takes the claim back with it.
        if (running >= maxRunning) throw new TooManyRunning(running);
        await trx
          .insertInto('jobs')
          .values({
            export_id: job.exportId,
            source_email: job.sourceEmail,
            email_hash: job.emailHash,
            destination_provider: job.destinationProvider,
            destination_email: job.destinationEmail,
            destination_imap: job.destinationImap === null ? null : JSON.stringify(job.destinationImap),
            operations: job.operations.join(','),
            email_format: job.emailFormat,
            contacts_format: job.contactsFormat,
            notification_email: job.notificationEmail,
            language: job.language,
            created_at: job.createdAt,
            // Its lifecycle begins (server/jobs/lifecycle.ts makes every later change).
            status: 'queued',
          })
          .execute();
        if (mail) await queueMessage(trx, mail, job.createdAt);
        await then?.(trx);
        return job.exportId;
      }),
    /** The export that holds `key` when a load claimed it since `since`; null otherwise. */
    async claimHolder(key: string, since: number): Promise<string | null> {
      const row = await db
        .selectFrom('load_claims')
        .select('export_id')
        .where('idempotency_key', '=', key)
        .where('claimed_at', '>=', since)
        .executeTakeFirst();
      return row?.export_id ?? null;
    },
    async find(exportId: string): Promise<StoredJob | null> {
      const [row] = await byId(exportId);
      return row ? fromRow(row) : null;
    },
    /** Newest first; jobs of the same millisecond in export ID order, so the answer is stable. */
    async listByEmailHash(hash: string, limit: number): Promise<{ exportId: string; createdAt: number }[]> {
      const rows = await db
        .selectFrom('jobs')
        .select(['export_id', 'created_at'])
        .where('email_hash', '=', hash)
        .orderBy('created_at', 'desc')
        .orderBy('export_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ exportId: row.export_id, createdAt: row.created_at }));
    },
    async listUnfinished(): Promise<StoredJob[]> {
      const rows = await db.selectFrom('jobs').selectAll().where('finished_at', 'is', null).orderBy('created_at').limit(500).execute();
      return rows.map(fromRow);
    },
    /** Queues a mail the export service decided on between the start and the end (the 'paused' mail), after those queued before it. */
    queueMail: (mail: NewOutboxMessage, at: number): Promise<void> => queueMessage(db, mail, at),
  };
}
