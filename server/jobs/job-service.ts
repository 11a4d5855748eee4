/**
 * A job's life after load: asks the vendor where it stands, records the final statuses once (which
 * queues the 'ended' mail in the same transaction), and answers the status calls. The status routes
 * and the background sweep both go through settle(), so whichever sees the end first records it.
 * A completed file export's archive is offered only to its owner: the status answer carries a
 * download grant when, and only when, the one asking is the signed-in account the export is of.
 * An ended job never changes again, so its anonymous answer is kept (ended-answers.ts) and a poll
 * of it costs no database read.
 */
import type { Logger } from 'pino';
import type { MigrationVendor } from '../ports.ts';
import type { JobsStore, OperationStatus, StoredJob } from '../db/jobs-store.ts';
import { runPeriodically } from '../background/periodic.ts';
import { sameAddress } from '../rules/capabilities.ts';
import type { DownloadGrants } from './download-grant.ts';
import { createEndedAnswers } from './ended-answers.ts';

export type JobServiceDeps = {
  jobs: JobsStore;
  vendor: MigrationVendor;
  grants: DownloadGrants;
  logger: Logger;
  now: () => number;
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
  const endedAnswers = createEndedAnswers<StatusAnswer>();

  async function currentStatuses(job: StoredJob): Promise<Statuses> {
    if (job.finishedAt !== null) return { emailStatus: job.emailStatus, contactsStatus: job.contactsStatus };
    const progress = await vendor.progress(job, new Date(now()));
    // A vendor that has nothing yet for an operation of the job is still working on it.
    return {
      emailStatus: movesEmail(job) ? (progress.emailmigration?.status ?? 'started') : null,
      contactsStatus: movesContacts(job) ? (progress.contactsmigration?.status ?? 'started') : null,
    };
  }

  /** Brings a job up to date; records the end (and queues its mail) when the vendor reports it. */
  async function settle(job: StoredJob): Promise<StoredJob> {
    const statuses = await currentStatuses(job);
    if (job.finishedAt !== null) return job;
    const present = [statuses.emailStatus, statuses.contactsStatus].filter((s) => s !== null);
    if (present.some((s) => s === 'started')) return { ...job, ...statuses };
    const failed = present.some((s) => s === 'error');
    const finishedAt = now();
    const offersFile = job.destinationProvider === 'file' && !failed;
    const recorded = await jobs.finish({
      exportId: job.exportId,
      ...statuses,
      finishedAt,
      downloadExpiresAt: offersFile ? finishedAt + deps.downloadTtlMs : null,
    });
    if (recorded) logger.info({ exportId: job.exportId, outcome: failed ? 'error' : 'completed' }, 'export ended');
    return (await jobs.find(job.exportId)) ?? { ...job, ...statuses, finishedAt };
  }

  /** A fresh grant for the owner while the archive is kept; never for anyone else. */
  function downloadUrl(job: StoredJob, viewer: string | null): string | undefined {
    if (viewer === null || !sameAddress(viewer, job.sourceEmail)) return undefined;
    if (job.downloadExpiresAt === null || job.downloadExpiresAt <= now()) return undefined;
    return `${deps.publicUrl}/api/downloads/${deps.grants.issue(job.exportId, now())}`;
  }

  /**
   * The §7 status answer: one entry per operation of the job; on a completed file export, the link
   * when `viewer` (the signed-in address asking, or null) owns it.
   */
  async function status(exportId: string, viewer: string | null): Promise<StatusAnswer | null> {
    const kept = viewer === null ? endedAnswers.get(exportId) : undefined;
    if (kept) return kept;
    const stored = await jobs.find(exportId);
    if (!stored) return null;
    const job = await settle(stored);
    const url = downloadUrl(job, viewer);
    const entry = (status: OperationStatus | null): OperationAnswer | undefined =>
      status === null ? undefined : url && status === 'completed' ? { status, download_url: url } : { status };
    const answer: StatusAnswer = {};
    const email = entry(job.emailStatus);
    const contacts = entry(job.contactsStatus);
    if (email) answer.emailmigration = email;
    if (contacts) answer.contactsmigration = contacts;
    // An owner's answer carries a grant issued now; anyone else's answer to an ended job is final.
    if (job.finishedAt !== null && url === undefined) endedAnswers.set(exportId, answer);
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

  /** Runs sweepOnce every intervalMs. */
  const startSweep = (intervalMs: number): (() => Promise<void>) => runPeriodically(intervalMs, sweepOnce);

  return { settle, status, sweepOnce, startSweep };
}
