/**
 * What of the mailbox an export moves (ours, additive to §7): a date range and the folders left out,
 * chosen on the options page behind "Choose what to move"; the source's folder list that choice is
 * made from (`POST /api/source-folders/`); and what the owner's status answer says was left out.
 * A load without a choice moves everything, as before.
 */
import * as v from 'valibot';

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The ranges offered, longest first; `from-date` takes the day in `from_date`. */
export const DATE_RANGES = ['everything', 'last-12-months', 'last-3-months', 'last-month', 'from-date'] as const;
export const DateRangeSchema = v.picklist(DATE_RANGES);
export type DateRange = v.InferOutput<typeof DateRangeSchema>;

/** A day, YYYY-MM-DD. */
export const DaySchema = v.pipe(v.string(), v.isoDate('Please enter the date as year, month and day.'));

/** What the page says when the folder list cannot be read (the service's 503 says the same). */
export const FOLDERS_UNAVAILABLE = 'Your folders could not be listed just now, so every folder will be moved.';

/** How many folders the list names at most, and so how many a load may leave out. */
export const MAX_SOURCE_FOLDERS = 500;

/** Added to the load request: messages since a day, and folders left out by their path at the source. */
export const MailChoiceSchema = v.object({
  range: DateRangeSchema,
  /** Only with `from-date`: the first day to move. */
  from_date: v.optional(DaySchema),
  excluded_folders: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(1000))),
      v.maxLength(MAX_SOURCE_FOLDERS, `At most ${MAX_SOURCE_FOLDERS} folders can be left out.`),
    ),
  ),
});
export type MailChoice = v.InferOutput<typeof MailChoiceSchema>;

/** A folder's special use, as the page names it in plain words ("Junk", "Trash"). */
export const SpecialUseSchema = v.picklist(['inbox', 'sent', 'drafts', 'trash', 'junk', 'archive']);
export type SpecialUse = v.InferOutput<typeof SpecialUseSchema>;

export const SourceFoldersRequestSchema = v.object({});
export type SourceFoldersRequest = v.InferOutput<typeof SourceFoldersRequestSchema>;

export const SourceFolderLineSchema = v.object({
  /** What identifies it in a load's `excluded_folders`. */
  path: v.string(),
  /** The name as the customer's mail program shows it (parts joined with '/'). */
  name: v.string(),
  special_use: v.nullable(SpecialUseSchema),
  messages: Count,
  /** null when the server does not tell sizes. */
  bytes: v.nullable(Count),
});
export type SourceFolderLine = v.InferOutput<typeof SourceFolderLineSchema>;

export const SourceFoldersResponseSchema = v.object({
  folders: v.array(SourceFolderLineSchema),
  /** false: the mailbox has more folders than MAX_SOURCE_FOLDERS; those not listed are always moved. */
  complete: v.boolean(),
});
export type SourceFoldersResponse = v.InferOutput<typeof SourceFoldersResponseSchema>;

/** In the owner's status answer: what the customer chose not to move. */
export const LeftOutSchema = v.object({
  /** How many folders were left out. */
  folders: Count,
  /** Mail before this day was left out (YYYY-MM-DD); null when every date was moved. */
  before: v.nullable(v.string()),
});
export type LeftOut = v.InferOutput<typeof LeftOutSchema>;
