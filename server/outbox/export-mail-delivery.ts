/**
 * Delivers a queued export notification: the recipient and the export ID are read from the job at
 * delivery time (the message holds only the outcome), so a job withdrawn after its mail was queued
 * (the vendor refused it) sends nothing.
 */
import type { JobsStore } from '../db/jobs-store.ts';
import type { ExportNotification, Notifier } from '../ports.ts';
import type { Delivery } from './outbox-runner.ts';

const OUTCOMES: readonly ExportNotification['outcome'][] = ['started', 'completed', 'error'];
const isOutcome = (value: string | undefined): value is ExportNotification['outcome'] =>
  OUTCOMES.some((outcome) => outcome === value);

/** The message of an export's mail, to queue with the change it reports. */
export const exportMail = (exportId: string, outcome: ExportNotification['outcome']) =>
  ({ kind: 'export-mail', ref: exportId, payload: { outcome } }) as const;

export function createExportMailDelivery(deps: { jobs: JobsStore; notifier: Notifier; portalUrl: string }): Delivery {
  return async (message) => {
    const outcome = message.payload.outcome;
    if (!isOutcome(outcome)) throw new Error(`unknown outcome ${String(outcome)}`);
    const job = await deps.jobs.find(message.ref);
    if (!job) return 'gone';
    await deps.notifier.send({ to: job.notificationEmail, exportId: job.exportId, portalUrl: deps.portalUrl, outcome });
    return 'delivered';
  };
}
