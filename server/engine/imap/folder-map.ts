/**
 * Folder trees between servers of different shapes.
 *
 * Names are compared and rebuilt relative to each server's personal namespace: Courier, Cyrus by
 * default and Dovecot with Maildir++ put every folder under `INBOX.` with `.` between levels, others
 * list `Archive/2019` at the top. So a source's `INBOX.Archive.2019` is the parts `Archive`, `2019`,
 * which a `/` destination writes `Archive/2019` and a prefixed one `INBOX.Archive.2019` — never
 * `INBOX.INBOX…`, never flattened. A part holding the destination's delimiter would split into two
 * levels there, so that one character becomes `_`; any other character (a `.` where the destination
 * uses `/`) stays as it is.
 *
 * INBOX is INBOX; a folder with a special use (\Sent, \Drafts, \Trash, \Junk, \Archive) goes into the
 * destination's folder of that use — Gmail's `[Gmail]/Sent Mail`, Outlook's `Sent Items` — instead
 * of a second folder beside it. Servers without SPECIAL-USE get theirs found by name (imapflow knows
 * the names in many languages: `Sent Items`, `Gesendet`, `Enviados`, …), but only at the top of the
 * namespace: `Clients/Sent` is a customer's own folder.
 *
 * Only folders that can hold mail count as existing: a parent a server lists only because a child
 * exists (`\Noselect`, `\NonExistent`) is created like any other folder when the source has one.
 */
import type { ListResponse } from 'imapflow';
import type { SourceFolder } from '../ports.ts';

/** The personal namespace's prefix as imapflow read it (NAMESPACE), '' when there is none. */
export type Namespace = { prefix: string; delimiter: string };

export function namespaceOf(
  namespace: { prefix: string; delimiter: string | null | undefined } | undefined,
  list: ListResponse[],
): Namespace {
  const delimiter =
    namespace?.delimiter ?? list.find((entry) => entry.path.toUpperCase() === 'INBOX')?.delimiter ?? list[0]?.delimiter ?? '/';
  return { prefix: namespace?.prefix ?? '', delimiter };
}

/** The folder's name parts below the personal namespace's prefix. */
export function relativeSegments(entry: Pick<ListResponse, 'path' | 'delimiter'>, namespace: Namespace): string[] {
  const { prefix } = namespace;
  const path =
    prefix !== '' && entry.path.startsWith(prefix) && entry.path.toUpperCase() !== 'INBOX' ? entry.path.slice(prefix.length) : entry.path;
  return entry.delimiter ? path.split(entry.delimiter) : [path];
}

/** A special use the server announced, or one found by name at the top of the namespace. */
export function roleOfEntry(entry: ListResponse, namespace: Namespace): string | null {
  if (!entry.specialUse) return null;
  if (entry.specialUseSource === 'extension' || entry.specialUse === '\\Inbox') return entry.specialUse;
  return relativeSegments(entry, namespace).length === 1 ? entry.specialUse : null;
}

export type DestinationFolders = Namespace & { byRole: Map<string, string>; selectable: Set<string> };

export function destinationFolders(list: ListResponse[], namespace: Namespace): DestinationFolders {
  const byRole = new Map<string, string>();
  const canHoldMail = list.filter((entry) => !entry.flags.has('\\Noselect') && !entry.flags.has('\\NonExistent'));
  // Servers that announce SPECIAL-USE are believed first; names come after.
  const ranked = [...canHoldMail].sort((a, b) => Number(a.specialUseSource !== 'extension') - Number(b.specialUseSource !== 'extension'));
  for (const entry of ranked) {
    const role = roleOfEntry(entry, namespace);
    if (role && !byRole.has(role)) byRole.set(role, entry.path);
  }
  return { ...namespace, byRole, selectable: new Set(canHoldMail.map((entry) => entry.path)) };
}

/** Characters some servers refuse in a folder's name: Dovecot's Maildir++ layout keeps `.` for its levels on disk. */
const REFUSED_BY_SOME = /[./\\]/g;

export type Target = { path: string; exists: boolean; fallback: { path: string; exists: boolean } | null };

/**
 * The destination path for a source folder and whether it has to be created; and, for a name holding
 * a `.`, `/` or `\` that the server may refuse to create, the same name with `_` in their place.
 */
export function targetOf(folder: SourceFolder, folders: DestinationFolders): Target {
  if (folder.role === '\\Inbox') return { path: 'INBOX', exists: true, fallback: null };
  const mapped = folder.role ? folders.byRole.get(folder.role) : undefined;
  if (mapped) return { path: mapped, exists: true, fallback: null };
  const at = (parts: string[]) => {
    const path = `${folders.prefix}${parts.join(folders.delimiter)}`;
    return { path, exists: folders.selectable.has(path) };
  };
  const target = at(folder.segments.map((segment) => segment.split(folders.delimiter).join('_')));
  const plain = at(folder.segments.map((segment) => segment.replace(REFUSED_BY_SOME, '_')));
  return { ...target, fallback: plain.path === target.path ? null : plain };
}
