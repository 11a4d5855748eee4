/**
 * A job's life after load: asks the vendor where it stands, records the final statuses once, hands
 * out the download link of a completed file export, and sends the 'ended' notification exactly once.
 * The status routes and the background sweep both go through settle(), so whichever sees the end
 * first records it.
 */
import type { Logger } from 'pino';
import type { ExportNotification, MigrationVendor, Notifier } from '../ports.ts';
import type { JobsStore, OperationStatus, StoredJob } from '../db/jobs-store.ts';
import type { NotificationsStore } from '../db/notifications-store.ts';
import { downloadToken, hashToken } from './download-token.ts';

export type JobServiceDeps = {
  jobs: JobsStore;
  notifications: NotificationsStore;
  vendor: MigrationVendor;
  notifier: Notifier;
  logger: Logger;
  now: () => number;
  secret: string;
  publicUrl: string;
  downloadTtlMs: number;
};

export type OperationAnswer = { status: OperationStatus; download_url?: string };
export type StatusAnswer = { emailmigration?: OperationAnswer; contactsmigration?: OperationAnswer };

type Statuses = { emailStatus: OperationStatus | null; contactsStatus: OperationStatus | null };

const movesEmail = (job: StoredJob) =>
  job.operations.includes('emailmigration') || job.operations.includes('emailforwarding');
const movesContacts = (job: StoredJob) => job.operations.includes('contactsmigration');

export type JobService = ReturnType<typeof createJobService>;

export function createJobService(deps: JobServiceDeps) {
  const { jobs, vendor, logger, now } = deps;

  async function notify(job: StoredJob, outcome: ExportNotification['outcome']): Promise<void> {
    let delivered = false;
    try {
      await deps.notifier.send({ to: job.notificationEmail, exportId: job.exportId, portalUrl: deps.publicUrl, outcome });
      delivered = true;
    } catch (error) {
      // The export goes on without its mail; the record says it was not delivered.
      logger.error({ err: error, exportId: job.exportId, outcome }, 'notification not delivered');
    }
    await deps.notifications.record(job.exportId, outcome, now(), delivered);
  }

  async function currentStatuses(job: StoredJob): Promise<Statuses> {
    if (job.finishedAt !== null) return { emailStatus: job.emailStatus, contactsStatus: job.contactsStatus };
    const progress = await vendor.progress(job, new Date(now()));
    // A vendor that has nothing yet for an operation of the job is still working on it.
    return {
      emailStatus: movesEmail(job) ? (progress.emailmigration?.status ?? 'started') : null,
      contactsStatus: movesContacts(job) ? (progress.contactsmigration?.status ?? 'started') : null,
    };
  }

  /** Brings a job up to date; records and notifies the end when the vendor reports it. */
  async function settle(job: StoredJob): Promise<StoredJob> {
    const statuses = await currentStatuses(job);
    if (job.finishedAt !== null) return job;
    const present = [statuses.emailStatus, statuses.contactsStatus].filter((s) => s !== null);
    if (present.some((s) => s === 'started')) return { ...job, ...statuses };
    const failed = present.some((s) => s === 'error');
    const finishedAt = now();
    const offersFile = job.destinationProvider === 'file' && !failed;
    const token = offersFile ? downloadToken(deps.secret, job.exportId) : null;
    await jobs.finish({
      exportId: job.exportId,
      ...statuses,
      finishedAt,
      downloadTokenHash: token ? hashToken(token) : null,
      downloadExpiresAt: token ? finishedAt + deps.downloadTtlMs : null,
    });
    const finished = (await jobs.find(job.exportId)) ?? { ...job, ...statuses, finishedAt };
    if (await jobs.claimEndNotification(job.exportId)) {
      logger.info({ exportId: job.exportId, outcome: failed ? 'error' : 'completed' }, 'export ended');
      await notify(finished, failed ? 'error' : 'completed');
    }
    return finished;
  }

  function downloadUrl(job: StoredJob): string | undefined {
    if (job.downloadExpiresAt === null || job.downloadExpiresAt <= now()) return undefined;
    return `${deps.publicUrl}/api/downloads/${downloadToken(deps.secret, job.exportId)}`;
  }

  /** The §7 status answer: one entry per operation of the job, the link on a completed file export. */
  async function status(exportId: string): Promise<StatusAnswer | null> {
    const stored = await jobs.find(exportId);
    if (!stored) return null;
    const job = await settle(stored);
    const url = downloadUrl(job);
    const entry = (status: OperationStatus | null): OperationAnswer | undefined =>
      status === null ? undefined : url && status === 'completed' ? { status, download_url: url } : { status };
    const answer: StatusAnswer = {};
    const email = entry(job.emailStatus);
    const contacts = entry(job.contactsStatus);
    if (email) answer.emailmigration = email;
    if (contacts) answer.contactsmigration = contacts;
    return answer;
  }

  /** One pass over unfinished jobs; a failing job is logged and retried on the next pass. */
  async function sweepOnce(): Promise<void> {
    for (const job of await jobs.listUnfinished()) {
      try {
        await settle(job);
      } catch (error) {
        logger.error({ err: error, exportId: job.exportId }, 'sweep could not settle a job');
      }
    }
  }

  /** Runs sweepOnce every intervalMs (never two at once); the timer never keeps the process alive. */
  function startSweep(intervalMs: number): () => Promise<void> {
    let running: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = sweepOnce().finally(() => {
        running = null;
      });
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }

  return { settle, status, sweepOnce, startSweep, notify };
}
