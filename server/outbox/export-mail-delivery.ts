/**
 * Delivers a queued export notification: the recipient and the export ID are read from the job at
 * delivery time (the message holds only the outcome, and for the 'ended' mail the summary as it
 * stood when the export ended), so a job withdrawn after its mail was queued (the vendor refused it)
 * sends nothing.
 */
import * as v from 'valibot';
import { ReceiptLineSchema, TransferEndReasonSchema } from '../../contract/index.ts';
import type { JobsStore } from '../db/jobs-store.ts';
import type { ExportNotification, Notifier } from '../ports.ts';
import type { Delivery } from './outbox-runner.ts';

const OUTCOMES: readonly ExportNotification['outcome'][] = ['started', 'completed', 'error'];
const isOutcome = (value: string | undefined): value is ExportNotification['outcome'] =>
  OUTCOMES.some((outcome) => outcome === value);

/** What the 'ended' mail says besides the outcome: the count receipt, how many items failed, and why it stopped. */
export const EndSummarySchema = v.object({
  receipt: v.array(ReceiptLineSchema),
  failed: v.pipe(v.number(), v.integer(), v.minValue(0)),
  reason: v.nullable(TransferEndReasonSchema),
});
export type EndSummary = v.InferOutput<typeof EndSummarySchema>;

/** The message of an export's mail, to queue with the change it reports. */
export function exportMail(exportId: string, outcome: ExportNotification['outcome'], summary?: EndSummary) {
  const payload: Record<string, string> = summary ? { outcome, summary: JSON.stringify(summary) } : { outcome };
  return { kind: 'export-mail', ref: exportId, payload } as const;
}

function summaryOf(text: string | undefined): EndSummary | undefined {
  if (text === undefined) return undefined;
  const parsed = v.safeParse(EndSummarySchema, JSON.parse(text));
  if (!parsed.success) throw new Error('malformed summary in an export mail');
  return parsed.output;
}

export function createExportMailDelivery(deps: { jobs: JobsStore; notifier: Notifier; portalUrl: string }): Delivery {
  return async (message) => {
    const outcome = message.payload.outcome;
    if (!isOutcome(outcome)) throw new Error(`unknown outcome ${String(outcome)}`);
    const job = await deps.jobs.find(message.ref);
    if (!job) return 'gone';
    const summary = summaryOf(message.payload.summary);
    await deps.notifier.send({ to: job.notificationEmail, exportId: job.exportId, portalUrl: deps.portalUrl, outcome, ...(summary ? { summary } : {}) });
    return 'delivered';
  };
}
