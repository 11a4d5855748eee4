/**
 * Folders become Gmail labels, Gmail's own model: a message in several folders is one message with
 * several labels. INBOX and the special-use folders go to Gmail's system labels (\Sent → SENT,
 * \Drafts → DRAFT, \Trash → TRASH, \Junk → SPAM); every other folder is a user label named by its
 * path with `/` between the parts, which Gmail shows nested (the parents are created too, as Gmail
 * nests a label only under an existing parent). A `/` inside one part would nest one level too deep
 * and becomes `_`, as for IMAP. A user label may not take a system label's name (Gmail refuses it),
 * so a folder whose top part is one (a "Sent" without the special-use flag) gets ` (imported)` added.
 */
import type { FolderRole, SourceFolder } from '../ports.ts';

export type LabelTarget = { kind: 'system'; id: string } | { kind: 'user'; name: string };

const SYSTEM_LABELS: Partial<Record<FolderRole, string>> = {
  '\\Inbox': 'INBOX',
  '\\Sent': 'SENT',
  '\\Drafts': 'DRAFT',
  '\\Trash': 'TRASH',
  '\\Junk': 'SPAM',
};

/** Gmail's system label names (developers.google.com/gmail/api/guides/labels), lower case; no user label may take one. */
const RESERVED = new Set(['inbox', 'spam', 'trash', 'unread', 'starred', 'important', 'sent', 'draft', 'chat']);

/** System labels Gmail applies itself and refuses on messages.modify; import accepts them. */
export const IMPORT_ONLY_LABELS: ReadonlySet<string> = new Set(['SENT', 'DRAFT']);

export const IMPORTED_SUFFIX = ' (imported)';

export function labelFor(folder: SourceFolder): LabelTarget {
  const system = folder.role ? SYSTEM_LABELS[folder.role] : undefined;
  if (system) return { kind: 'system', id: system };
  if (folder.segments.length === 1 && folder.segments[0]?.toUpperCase() === 'INBOX') return { kind: 'system', id: 'INBOX' };
  const parts = folder.segments.map((segment) => segment.split('/').join('_'));
  const top = parts[0] ?? folder.path;
  if (RESERVED.has(top.toLowerCase()) || top.toLowerCase().startsWith('category_')) parts[0] = `${top}${IMPORTED_SUFFIX}`;
  return { kind: 'user', name: parts.join('/') };
}

/** "A/B/C" → ["A", "A/B", "A/B/C"]: the labels to have, parents first. */
export function withParents(name: string): string[] {
  const parts = name.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}
