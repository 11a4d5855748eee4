/**
 * Delivers a queued export notification: the recipient and the export ID are read from the job at
 * delivery time (the message holds only the outcome, and for the 'ended' mail the summary as it
 * stood when the export ended), so a job withdrawn after its mail was queued (the vendor refused it)
 * sends nothing.
 * The 'started' mail says how long the export should take, as the status page does. A transfer can
 * tell that only once it has counted the source and seen some pace, a few seconds in, so the mail
 * waits for that estimate (asking again every `recheckMs`) up to `waitMs` after the export started,
 * then goes with what is known; an export whose vendor reports no counts has none to wait for.
 *
 * The two mails of an export arrive in order. The outbox runner sends the 'ended' mail only once the
 * 'started' one has gone (server/outbox/outbox-runner.ts), and here its Date is set at least a second
 * after the time the 'started' mail was recorded sent: a Date header counts whole seconds, and a mail
 * client lists two mails of the same second in either order.
 */
import * as v from 'valibot';
import { ReceiptLineSchema, TransferEndReasonSchema, type StatusResponse, type TransferEstimate } from '../../contract/index.ts';
import type { JobsStore } from '../db/jobs-store.ts';
import type { ExportNotification, Notifier } from '../ports.ts';
import type { Delivery, DeliveryContext } from './outbox-runner.ts';

const OUTCOMES: readonly ExportNotification['outcome'][] = ['started', 'paused', 'completed', 'error', 'forwarding-ended'];
const isOutcome = (value: string | undefined): value is ExportNotification['outcome'] => OUTCOMES.some((outcome) => outcome === value);

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

/**
 * The time to finish a status answer tells: the longest of its running operations' estimates; 'pending'
 * while a running operation has counts but no estimate yet (one will come); null when none will (a
 * paused one has none).
 */
export function startedEstimate(answer: StatusResponse | null): TransferEstimate | 'pending' | null {
  const running = [answer?.emailmigration, answer?.contactsmigration].filter((op) => op?.status === 'started');
  const estimates = running.flatMap((op) => (op?.estimate ? [op.estimate] : []));
  if (estimates.length > 0) return estimates.reduce((longest, estimate) => (estimate.seconds > longest.seconds ? estimate : longest));
  // A paused operation has none to give until it is resumed: the mail does not wait for it.
  return running.some((op) => op?.progress && !op.paused) ? 'pending' : null;
}

/** How the 'started' mail learns the time to finish. */
export type StartedMailEstimates = {
  /** The export's anonymous status answer (the one /status shows). */
  status: (exportId: string) => Promise<StatusResponse | null>;
  now: () => number;
  /** How long after the export started the mail may wait for an estimate. */
  waitMs: number;
  /** How often it asks again meanwhile. */
  recheckMs: number;
};

/** Later than a Date header's second of the mail sent before. */
const AFTER_PREVIOUS_MS = 1000;

/** The Date of a mail sent now: now, or a second after the export's mail sent before it, if that is later. */
export const mailDate = ({ now, previousSentAt }: DeliveryContext): number =>
  previousSentAt === null ? now : Math.max(now, previousSentAt + AFTER_PREVIOUS_MS);

export function createExportMailDelivery(deps: {
  jobs: Pick<JobsStore, 'find'>;
  notifier: Notifier;
  portalUrl: string;
  estimates?: StartedMailEstimates;
}): Delivery {
  return async (message, context) => {
    const outcome = message.payload.outcome;
    if (!isOutcome(outcome)) throw new Error(`unknown outcome ${String(outcome)}`);
    const job = await deps.jobs.find(message.ref);
    if (!job) return 'gone';
    let estimate: TransferEstimate | null = null;
    // An export that has ended has no time to finish to tell.
    if (outcome === 'started' && deps.estimates && job.finishedAt === null) {
      const { status, now, waitMs, recheckMs } = deps.estimates;
      const found = startedEstimate(await status(job.exportId));
      if (found === 'pending' && now() - job.createdAt < waitMs) return { notBefore: now() + recheckMs };
      if (found !== 'pending') estimate = found;
    }
    const summary = summaryOf(message.payload.summary);
    await deps.notifier.send({
      to: job.notificationEmail,
      exportId: job.exportId,
      portalUrl: deps.portalUrl,
      outcome,
      destination: { provider: job.destinationProvider, email: job.destinationEmail },
      operations: job.operations,
      language: job.language,
      date: mailDate(context),
      ...(summary ? { summary } : {}),
      ...(estimate ? { estimate } : {}),
    });
    return 'delivered';
  };
}
