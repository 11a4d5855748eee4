/**
 * The plan of a mail transfer, as data: which folders, how many messages and bytes each holds now.
 * Planning again later (a delta pass until the account closes) yields the same folders with new totals,
 * and the checkpoints make the copy loop skip what is done.
 */
import { isFolderFault, type FolderRole, type FolderStatus, type MailSourceSession, type SourceFolder } from './ports.ts';

export type MailPlanOptions = {
  /** Folders of these roles are left out (for example junk). */
  skipRoles?: FolderRole[];
};

export type PlannedFolder = { folder: SourceFolder } & FolderStatus;

export type MailPlan = { folders: PlannedFolder[]; total: number; bytesTotal: number | null };

/**
 * A folder the source lists but cannot count (gone, or refused) is still planned, as empty: copying
 * it then reports it as that folder's failure, and the other folders go on.
 */
async function statusOrNone(source: MailSourceSession, folder: SourceFolder): Promise<FolderStatus> {
  try {
    return await source.status(folder.path);
  } catch (error) {
    if (isFolderFault(error)) return { count: 0, bytes: 0 };
    throw error;
  }
}

export async function planMail(source: MailSourceSession, options: MailPlanOptions = {}): Promise<MailPlan> {
  const skip = new Set(options.skipRoles ?? []);
  const folders: PlannedFolder[] = [];
  for (const folder of await source.listFolders()) {
    if (folder.role && skip.has(folder.role)) continue;
    folders.push({ folder, ...(await statusOrNone(source, folder)) });
  }
  // Largest first, so parallel folders finish close together.
  folders.sort((a, b) => b.count - a.count || a.folder.path.localeCompare(b.folder.path));
  const total = folders.reduce((sum, f) => sum + f.count, 0);
  const bytesTotal = folders.every((f) => f.bytes !== null) ? folders.reduce((sum, f) => sum + (f.bytes ?? 0), 0) : null;
  return { folders, total, bytesTotal };
}
