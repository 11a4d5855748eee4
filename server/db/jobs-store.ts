/**
 * Jobs in SQLite: the VendorJob the vendor sees, plus what the service needs around it (who to
 * notify, the idempotency key, the final statuses, whether the end was notified, the download link).
 * Statements are prepared once; status lookups are on the hot path.
 */
import type { ContactsFormat, DestinationProvider, EmailFormat, Operation } from '../../contract/index.ts';
import type { OperationProgress, VendorJob } from '../ports.ts';
import type { Db } from './open.ts';

export type OperationStatus = OperationProgress['status'];

export type StoredJob = VendorJob & {
  emailHash: string;
  notificationEmail: string;
  idempotencyKey: string;
  emailStatus: OperationStatus | null;
  contactsStatus: OperationStatus | null;
  finishedAt: number | null;
  endNotified: boolean;
  downloadExpiresAt: number | null;
};

export type NewJob = VendorJob & { emailHash: string; notificationEmail: string; idempotencyKey: string };

type Row = {
  export_id: string;
  source_email: string;
  email_hash: string;
  destination_provider: string;
  destination_email: string | null;
  operations: string;
  email_format: string | null;
  contacts_format: string | null;
  notification_email: string;
  created_at: number;
  idempotency_key: string;
  email_status: string | null;
  contacts_status: string | null;
  finished_at: number | null;
  end_notified: number;
  download_expires_at: number | null;
};

// The database only ever holds values this module wrote, so the casts narrow, they do not guess.
const fromRow = (row: Row): StoredJob => ({
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
  idempotencyKey: row.idempotency_key,
  emailStatus: row.email_status as OperationStatus | null,
  contactsStatus: row.contacts_status as OperationStatus | null,
  finishedAt: row.finished_at,
  endNotified: row.end_notified === 1,
  downloadExpiresAt: row.download_expires_at,
});

export type JobsStore = ReturnType<typeof createJobsStore>;

export function createJobsStore(db: Db) {
  const insert = db.prepare(`
    INSERT INTO jobs (export_id, source_email, email_hash, destination_provider, destination_email, operations,
      email_format, contacts_format, notification_email, created_at, idempotency_key)
    VALUES (@exportId, @sourceEmail, @emailHash, @destinationProvider, @destinationEmail, @operations,
      @emailFormat, @contactsFormat, @notificationEmail, @createdAt, @idempotencyKey)`);
  const byId = db.prepare<[string], Row>('SELECT * FROM jobs WHERE export_id = ?');
  const byKey = db.prepare<[string, number], Row>(
    'SELECT * FROM jobs WHERE idempotency_key = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 1',
  );
  const byHash = db.prepare<[string, number], Pick<Row, 'export_id' | 'created_at'>>(
    'SELECT export_id, created_at FROM jobs WHERE email_hash = ? ORDER BY created_at DESC, rowid DESC LIMIT ?',
  );
  const unfinished = db.prepare<[], Row>('SELECT * FROM jobs WHERE finished_at IS NULL ORDER BY created_at LIMIT 500');
  const finish = db.prepare(`
    UPDATE jobs SET email_status = @emailStatus, contacts_status = @contactsStatus, finished_at = @finishedAt,
      download_token_hash = @downloadTokenHash, download_expires_at = @downloadExpiresAt
    WHERE export_id = @exportId AND finished_at IS NULL`);
  const claimEnd = db.prepare('UPDATE jobs SET end_notified = 1 WHERE export_id = ? AND end_notified = 0');
  const byDownload = db.prepare<[string], Row>('SELECT * FROM jobs WHERE download_token_hash = ?');
  const remove = db.prepare('DELETE FROM jobs WHERE export_id = ?');

  return {
    insert(job: NewJob): void {
      insert.run({ ...job, operations: job.operations.join(',') });
    },
    find: (exportId: string): StoredJob | null => {
      const row = byId.get(exportId);
      return row ? fromRow(row) : null;
    },
    /** The newest job created with this key since `since`, for idempotent loads. */
    findByIdempotencyKey: (key: string, since: number): StoredJob | null => {
      const row = byKey.get(key, since);
      return row ? fromRow(row) : null;
    },
    listByEmailHash: (hash: string, limit: number): { exportId: string; createdAt: number }[] =>
      byHash.all(hash, limit).map((row) => ({ exportId: row.export_id, createdAt: row.created_at })),
    listUnfinished: (): StoredJob[] => unfinished.all().map(fromRow),
    /** Records the final statuses once; false when the job was already finished. */
    finish(update: {
      exportId: string;
      emailStatus: OperationStatus | null;
      contactsStatus: OperationStatus | null;
      finishedAt: number;
      downloadTokenHash: string | null;
      downloadExpiresAt: number | null;
    }): boolean {
      return finish.run(update).changes === 1;
    },
    /** True exactly once per job: whoever gets true sends the 'ended' notification. */
    claimEndNotification: (exportId: string): boolean => claimEnd.run(exportId).changes === 1,
    findByDownloadTokenHash: (tokenHash: string): StoredJob | null => {
      const row = byDownload.get(tokenHash);
      return row ? fromRow(row) : null;
    },
    remove: (exportId: string): void => {
      remove.run(exportId);
    },
  };
}
