/**
 * The plan of a mail transfer, as data: which folders, how many messages and bytes each holds now.
 * Planning again later (a delta pass until the account closes) yields the same folders with new totals,
 * and the checkpoints make the copy loop skip what is done.
 */
import * as v from 'valibot';
import { FOLDER_ROLES, isFolderFault, type FolderStatus, type MailSourceSession, type MessageRange, type SourceFolder } from './ports.ts';

/** What of the mailbox a transfer moves, stored with its job (job.ts); everything when absent. */
export const MailPlanOptionsSchema = v.object({
  /** Folders of these roles are left out (for example junk). */
  skipRoles: v.optional(v.array(v.picklist(FOLDER_ROLES))),
  /** Folders the customer chose not to move, by their path at the source. */
  skipFolders: v.optional(v.array(v.string())),
  /** Only messages whose internal date is on or after this day (YYYY-MM-DD, UTC). */
  since: v.optional(v.pipe(v.string(), v.isoDate())),
});
export type MailPlanOptions = v.InferOutput<typeof MailPlanOptionsSchema>;

export type PlannedFolder = { folder: SourceFolder } & FolderStatus;

export type MailPlan = { folders: PlannedFolder[]; total: number; bytesTotal: number | null; range: MessageRange };

/** The plan's day as the source's range: UTC midnight of that day, or everything. */
export const rangeOf = (options: MailPlanOptions): MessageRange => ({
  since: options.since ? new Date(`${options.since}T00:00:00Z`) : null,
});

/**
 * A folder the source lists but cannot count (gone, or refused) is still planned, as empty: copying
 * it then reports it as that folder's failure, and the other folders go on.
 */
async function statusOrNone(source: MailSourceSession, folder: SourceFolder, range: MessageRange): Promise<FolderStatus> {
  try {
    return await source.status(folder.path, range);
  } catch (error) {
    if (isFolderFault(error)) return { count: 0, bytes: 0 };
    throw error;
  }
}

/**
 * The folders to copy with what each holds in the range: a folder left out is never opened, and the
 * counts (so the estimate and the progress) are those of the chosen messages only.
 */
export async function planMail(source: MailSourceSession, options: MailPlanOptions = {}): Promise<MailPlan> {
  const skip = new Set(options.skipRoles ?? []);
  const skipFolders = new Set(options.skipFolders ?? []);
  const range = rangeOf(options);
  const folders: PlannedFolder[] = [];
  for (const folder of await source.listFolders()) {
    if ((folder.role && skip.has(folder.role)) || skipFolders.has(folder.path)) continue;
    folders.push({ folder, ...(await statusOrNone(source, folder, range)) });
  }
  // Largest first, so parallel folders finish close together.
  folders.sort((a, b) => b.count - a.count || a.folder.path.localeCompare(b.folder.path));
  const total = folders.reduce((sum, f) => sum + f.count, 0);
  const bytesTotal = folders.every((f) => f.bytes !== null) ? folders.reduce((sum, f) => sum + (f.bytes ?? 0), 0) : null;
  return { folders, total, bytesTotal, range };
}
