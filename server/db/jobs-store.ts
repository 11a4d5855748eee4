/**
 * Jobs: the VendorJob the vendor sees, plus what the service needs around it (who to notify, the
 * final statuses, whether the end was notified, the download link). The lookup by export ID is the
 * status poll's only query: compiled once, one read of the primary key.
 */
import type { ContactsFormat, DestinationProvider, EmailFormat, Operation } from '../../contract/index.ts';
import type { OperationProgress, VendorJob } from '../ports.ts';
import { compileOnce } from './compiled.ts';
import type { Db } from './open.ts';
import type { JobRow } from './schema.ts';
import { inTransaction } from './transaction.ts';

export type OperationStatus = OperationProgress['status'];

export type StoredJob = VendorJob & {
  emailHash: string;
  notificationEmail: string;
  emailStatus: OperationStatus | null;
  contactsStatus: OperationStatus | null;
  finishedAt: number | null;
  endNotified: boolean;
  downloadExpiresAt: number | null;
};

/** A job to store, with the idempotency key of the load that made it. */
export type NewJob = VendorJob & { emailHash: string; notificationEmail: string; idempotencyKey: string };

// The database only ever holds values this module wrote, so the casts narrow, they do not guess.
const fromRow = (row: JobRow): StoredJob => ({
  exportId: row.export_id,
  sourceEmail: row.source_email,
  emailHash: row.email_hash,
  destinationProvider: row.destination_provider as DestinationProvider,
  destinationEmail: row.destination_email,
  operations: row.operations.split(',').filter(Boolean) as Operation[],
  emailFormat: row.email_format as EmailFormat | null,
  contactsFormat: row.contacts_format as ContactsFormat | null,
  notificationEmail: row.notification_email,
  createdAt: row.created_at,
  emailStatus: row.email_status as OperationStatus | null,
  contactsStatus: row.contacts_status as OperationStatus | null,
  finishedAt: row.finished_at,
  endNotified: row.end_notified === 1,
  downloadExpiresAt: row.download_expires_at,
});

export type JobsStore = ReturnType<typeof createJobsStore>;

/** Over the database, or over a transaction (`db.transaction().execute((trx) => createJobsStore(trx)…)`) to join it. */
export function createJobsStore(db: Db) {
  const byId = compileOnce(db, (exportId: string) => db.selectFrom('jobs').selectAll().where('export_id', '=', exportId));

  return {
    /**
     * Stores the job unless a load with the same idempotency key was claimed since `duplicateSince`;
     * answers the export ID that holds the key (the new job's, or the earlier one's). Two concurrent
     * loads of one body get one job, on any number of nodes: the key is a primary key.
     */
    insertUnlessDuplicate: (job: NewJob, duplicateSince: number): Promise<string> =>
      inTransaction(db, async (trx) => {
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
        await trx
          .insertInto('jobs')
          .values({
            export_id: job.exportId,
            source_email: job.sourceEmail,
            email_hash: job.emailHash,
            destination_provider: job.destinationProvider,
            destination_email: job.destinationEmail,
            operations: job.operations.join(','),
            email_format: job.emailFormat,
            contacts_format: job.contactsFormat,
            notification_email: job.notificationEmail,
            created_at: job.createdAt,
          })
          .execute();
        return job.exportId;
      }),
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
    /** Records the final statuses once; false when the job was already finished. */
    async finish(update: {
      exportId: string;
      emailStatus: OperationStatus | null;
      contactsStatus: OperationStatus | null;
      finishedAt: number;
      downloadTokenHash: string | null;
      downloadExpiresAt: number | null;
    }): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({
          email_status: update.emailStatus,
          contacts_status: update.contactsStatus,
          finished_at: update.finishedAt,
          download_token_hash: update.downloadTokenHash,
          download_expires_at: update.downloadExpiresAt,
        })
        .where('export_id', '=', update.exportId)
        .where('finished_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** True exactly once per job: whoever gets true sends the 'ended' notification. */
    async claimEndNotification(exportId: string): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ end_notified: 1 })
        .where('export_id', '=', exportId)
        .where('end_notified', '=', 0)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async findByDownloadTokenHash(tokenHash: string): Promise<StoredJob | null> {
      const row = await db.selectFrom('jobs').selectAll().where('download_token_hash', '=', tokenHash).executeTakeFirst();
      return row ? fromRow(row) : null;
    },
    /** Forgets a job the vendor refused, and its claim, so the same load can be tried again. */
    remove: (exportId: string): Promise<void> =>
      inTransaction(db, async (trx) => {
        await trx.deleteFrom('load_claims').where('export_id', '=', exportId).execute();
        await trx.deleteFrom('jobs').where('export_id', '=', exportId).execute();
      }),
  };
}
