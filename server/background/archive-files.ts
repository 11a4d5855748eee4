/**
 * The archives of file exports whose time is up, deleted from FILES_DIR. The folder is read rather
 * than the database asked for expired exports: it holds only the archives not yet deleted, so a pass
 * costs what is on disk, and it also finds what no row points to any more — the leftovers of a run
 * that died while writing (`.partial`), of a failed export, or of an export whose rows went first.
 *
 * An archive is kept while its export runs (it may be being written) and while its download is
 * offered; every other file of an export goes. Files that are not archives are never touched. Several
 * nodes may share the folder and run this at once: a file another pass removed first is not counted.
 */
import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { ArchiveState, RetentionStore } from '../db/retention-store.ts';
import { exportOfArchiveFile } from '../jobs/archive-name.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

const offered = (state: ArchiveState | undefined, now: number) =>
  state !== undefined && (state.finishedAt === null || (state.downloadExpiresAt !== null && state.downloadExpiresAt > now));

/** Removes a file; false when it was already gone. */
async function remove(file: string): Promise<boolean> {
  try {
    await unlink(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** Deletes the files of every export whose archive is no longer offered at `now`; answers how many exports lost files. */
export async function purgeArchiveFiles(filesDir: string, store: Pick<RetentionStore, 'archiveStates'>, now: number): Promise<number> {
  const names = await readdir(filesDir).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  const byExport = new Map<string, string[]>();
  for (const name of names) {
    const exportId = exportOfArchiveFile(name);
    if (exportId !== null) byExport.set(exportId, [...(byExport.get(exportId) ?? []), name]);
  }
  const states = await store.archiveStates([...byExport.keys()]);
  let exports = 0;
  for (const [exportId, files] of byExport) {
    if (offered(states.get(exportId), now)) continue;
    const removed = await Promise.all(files.map((name) => remove(path.join(filesDir, name))));
    if (removed.some(Boolean)) exports += 1;
  }
  return exports;
}
