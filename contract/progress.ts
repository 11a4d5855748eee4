/**
 * What the status answers add while the transfer engine works (additive: every field is optional,
 * and no field or value of the original status answer changes). Counts are messages for email and
 * contacts for contacts; bytes only for email. The anonymous answer carries counts and timing; what
 * names the customer's folders or lets them act (the count receipt, the item report, cancel) is only
 * in the signed-in answer to the export's owner.
 */
import * as v from 'valibot';
import { LeftOutSchema } from './mail-choice.ts';
import { DestinationProviderSchema } from './vocabulary.ts';

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const OperationSchema = v.picklist(['emailmigration', 'contactsmigration']);

export const TransferProgressSchema = v.object({
  /** Items found at the source; null until the source has been counted. */
  total: v.nullable(Count),
  /** Items copied (or already at the destination). */
  done: Count,
  /** Items skipped and recorded in the item report. */
  failed: Count,
  bytes_total: v.optional(v.nullable(Count)),
  bytes_done: v.optional(Count),
});
export type TransferProgress = v.InferOutput<typeof TransferProgressSchema>;

/** A transfer paused by the destination: its daily limit, or a request to slow down. */
export const TransferWaitSchema = v.object({
  reason: v.picklist(['daily-limit', 'throttled']),
  /** ISO 8601: when it goes on. */
  until: v.string(),
  /** The destination that asked to wait, so the page can name it. */
  provider: v.optional(DestinationProviderSchema),
});
export type TransferWait = v.InferOutput<typeof TransferWaitSchema>;

/**
 * A transfer its owner paused (ours, additive; decision 0031): it holds no connection and goes on from
 * its checkpoints when the owner resumes it. Not a wait of the destination's (`waiting`), which ends by itself.
 */
export const TransferPausedSchema = v.object({
  /** ISO 8601: when the owner paused it. */
  since: v.string(),
});
export type TransferPaused = v.InferOutput<typeof TransferPausedSchema>;

/**
 * A destination's cap that sets the pace of a transfer: so much a day (Gmail's 500 MB of IMAP uploads)
 * or a minute (Gmail's API: about 500 messages).
 */
export const TransferCapSchema = v.object({
  provider: DestinationProviderSchema,
  per: v.picklist(['day', 'minute']),
  bytes: v.optional(Count),
  messages: v.optional(Count),
});
export type TransferCap = v.InferOutput<typeof TransferCapSchema>;

/** While an operation runs: when it should finish, from the measured rate and the destination's caps. */
export const TransferEstimateSchema = v.object({
  /** ISO 8601. */
  finish: v.string(),
  /** Seconds from the answer to `finish`, so the page need not read a clock to say "about 4 days". */
  seconds: Count,
  /** The destination's cap, when it (and not the rate seen so far) sets the pace. */
  cap: v.optional(TransferCapSchema),
});
export type TransferEstimate = v.InferOutput<typeof TransferEstimateSchema>;

/** Why an operation ended in error: `cancelled` by its owner, or what stopped it. */
export const TransferEndReasonSchema = v.picklist([
  'cancelled',
  'source-unreachable',
  'source-login-refused',
  'destination-unreachable',
  'destination-login-refused',
  'all-items-failed',
  'internal',
]);
export type TransferEndReason = v.InferOutput<typeof TransferEndReasonSchema>;

/** One line of the count receipt: a folder (or address book) at the source and at the destination. */
export const ReceiptLineSchema = v.object({
  operation: OperationSchema,
  container: v.string(),
  source: Count,
  destination: Count,
  /** Where the container's items went: the destination's folder, or the file inside the ZIP (an addition to §7). */
  destination_container: v.optional(v.string()),
});
export type ReceiptLine = v.InferOutput<typeof ReceiptLineSchema>;

/** Added to each operation of the status answers. */
export const OperationProgressFields = {
  progress: v.optional(TransferProgressSchema),
  waiting: v.optional(TransferWaitSchema),
  /** Set while the operation is `started` and its owner has paused the export. */
  paused: v.optional(TransferPausedSchema),
  estimate: v.optional(TransferEstimateSchema),
  /** Set when the status is `error`. Read leniently: a value this build does not know is just an error. */
  reason: v.optional(v.string()),
};

/** One item that could not be moved, as the status page lists the first few: what a person finds it by. */
export const FailedItemLineSchema = v.object({
  operation: OperationSchema,
  /** Folder or address book. */
  container: v.string(),
  /** The engine's reason (too-big, quota, refused, …); read leniently, like an end reason. */
  reason: v.string(),
  subject: v.nullable(v.string()),
  sender: v.nullable(v.string()),
  /** ISO 8601. */
  date: v.nullable(v.string()),
  size: v.nullable(Count),
});
export type FailedItemLine = v.InferOutput<typeof FailedItemLineSchema>;

/** An ended export's failed items in short: how many for each reason, and the first few of them. */
export const FailureSummarySchema = v.object({
  reasons: v.array(v.object({ operation: OperationSchema, reason: v.string(), count: Count })),
  /** The first FAILED_ITEMS_SHOWN, in the order they failed; the item report (CSV) has them all. */
  items: v.array(FailedItemLineSchema),
  /** Where the items were going, so a reason can name it ("too big for Gmail"). */
  destination: v.optional(DestinationProviderSchema),
});
export type FailureSummary = v.InferOutput<typeof FailureSummarySchema>;

/** How many failed items the status page lists; the rest are in the item report. */
export const FAILED_ITEMS_SHOWN = 20;

/** One pass of Copy new mail (decision 0032): what it copied itself, not the export's totals. */
export const CopyPassSchema = v.object({
  /** 1 for the first pass after the export, 2 for the next, … */
  number: Count,
  /** `customer`: Copy new mail; `schedule`: a daily pass of forwarding. */
  trigger: v.string(),
  /** ISO 8601. */
  started_at: v.string(),
  /** started, completed or error, as an operation's. */
  status: v.string(),
  /** New messages copied (or found already at the destination). */
  messages: Count,
  contacts: Count,
  failed: Count,
});
export type CopyPass = v.InferOutput<typeof CopyPassSchema>;

/** An ended export to a mailbox that can copy what arrived since: whether a pass may start now, and its passes. */
export const CopyNewMailSchema = v.object({
  /** The owner may start a pass now: the export completed to a mailbox, its source is active, none runs. */
  offered: v.boolean(),
  /** Forwarding's passes while they go on (ISO 8601 times): until when, and when the next is due; null or absent otherwise. */
  forwarding: v.optional(v.nullable(v.object({ until: v.string(), next_pass_at: v.string() }))),
  /** Oldest first. */
  passes: v.array(CopyPassSchema),
});
export type CopyNewMail = v.InferOutput<typeof CopyNewMailSchema>;

/** Added to the signed-in status answer for the export's owner only. */
export const OwnerStatusFields = {
  /** The owner may cancel: the export is still running. */
  can_cancel: v.optional(v.boolean()),
  /** The owner may pause it: it runs, is not paused, and writes to a mailbox (decision 0031). */
  can_pause: v.optional(v.boolean()),
  /** The owner paused it and may let it go on. */
  can_resume: v.optional(v.boolean()),
  /** The item report (CSV) of an ended export with failed items: a short-lived link for the owner. */
  report_url: v.optional(v.nullable(v.string())),
  /** Source and destination counts per folder and address book, once the export has ended. */
  receipt: v.optional(v.array(ReceiptLineSchema)),
  /** Once an export with failed items has ended: the reasons counted, and the first items (an addition to §7). */
  failures: v.optional(FailureSummarySchema),
  /** What the customer chose not to move (mail-choice.ts), when they chose anything; absent for everything. */
  left_out: v.optional(LeftOutSchema),
  /** Copy new mail, once an export to a mailbox has completed (decision 0032). */
  copy_new_mail: v.optional(CopyNewMailSchema),
};

/**
 * The owner's actions on one export, each `POST` with this body: `/api/cancel/` stops it, `/api/pause/`
 * and `/api/resume/` hold it and let it go on (decision 0031), `/api/copy-new-mail/` copies what arrived
 * since it completed and `/api/stop-forwarding/` ends forwarding (decision 0032).
 */
export const ExportActionRequestSchema = v.object({ job_id: v.string() });
export type ExportActionRequest = v.InferOutput<typeof ExportActionRequestSchema>;

/** Ours, additive: the portal's tokens of this browser (sign-in, consent, status sign-in) to end at once. */
export const SignOutRequestSchema = v.object({ tokens: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(4)) });
export type SignOutRequest = v.InferOutput<typeof SignOutRequestSchema>;
