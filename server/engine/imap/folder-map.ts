/**
 * Where a source folder lands at an IMAP destination. INBOX is INBOX; a folder with a special use
 * (\Sent, \Drafts, \Trash, \Junk, \Archive) goes into the destination's folder of that use — Gmail's
 * `[Gmail]/Sent Mail`, Outlook's `Sent Items` — instead of a second folder beside it; everything else
 * keeps its tree, rebuilt with the destination's delimiter.
 */
import type { ListResponse } from 'imapflow';
import type { SourceFolder } from '../ports.ts';

export type DestinationFolders = { delimiter: string; byRole: Map<string, string>; paths: Set<string> };

export function destinationFolders(list: ListResponse[]): DestinationFolders {
  const byRole = new Map<string, string>();
  // Servers that announce SPECIAL-USE are believed first; imapflow's guesses from names come after.
  const ranked = [...list].sort((a, b) => Number(a.specialUseSource !== 'extension') - Number(b.specialUseSource !== 'extension'));
  for (const entry of ranked) {
    if (entry.specialUse && !byRole.has(entry.specialUse) && !entry.flags.has('\\Noselect')) byRole.set(entry.specialUse, entry.path);
  }
  const delimiter = list.find((entry) => entry.path.toUpperCase() === 'INBOX')?.delimiter ?? list[0]?.delimiter ?? '/';
  return { delimiter, byRole, paths: new Set(list.map((entry) => entry.path)) };
}

/** The destination path for a source folder, and whether it has to be created. */
export function targetOf(folder: SourceFolder, folders: DestinationFolders): { path: string; exists: boolean } {
  if (folder.role === '\\Inbox') return { path: 'INBOX', exists: true };
  const mapped = folder.role ? folders.byRole.get(folder.role) : undefined;
  if (mapped) return { path: mapped, exists: true };
  // A part holding the destination's delimiter would split into two levels there.
  const path = folder.segments.map((segment) => segment.split(folders.delimiter).join('_')).join(folders.delimiter);
  return { path, exists: folders.paths.has(path) };
}
