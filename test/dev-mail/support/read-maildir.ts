/**
 * Test-side reading of a Maildir++ mailbox straight from the files (not through the adapters under
 * test): every folder's messages as SHA-256, size, flags from the file name's info letters and internal
 * date from the mtime, in the shape test/engine/support/imap-mailbox.ts reads an IMAP mailbox in, so
 * the same expectations serve both.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { StoredMessage } from '../../engine/support/imap-mailbox.ts';

const LETTERS: Record<string, string> = { D: '\\Draft', F: '\\Flagged', R: '\\Answered', S: '\\Seen' };

function messagesIn(dir: string): StoredMessage[] {
  const out: StoredMessage[] = [];
  for (const sub of ['cur', 'new']) {
    for (const name of readdirSync(path.join(dir, sub))) {
      const file = path.join(dir, sub, name);
      const raw = readFileSync(file);
      const info = /:2,([A-Z]*)$/.exec(name)?.[1] ?? '';
      out.push({
        sha256: createHash('sha256').update(raw).digest('hex'),
        size: raw.length,
        flags: [...info]
          .map((letter) => LETTERS[letter])
          .filter((flag): flag is string => Boolean(flag))
          .sort(),
        internalDate: Math.round(statSync(file).mtimeMs),
      });
    }
  }
  return out.sort((a, b) => a.sha256.localeCompare(b.sha256) || a.flags.join().localeCompare(b.flags.join()));
}

/** Folder path (segments joined with the mailbox's delimiter from mailbox.json) → messages. */
export function readMaildir(root: string): Map<string, StoredMessage[]> {
  const { delimiter } = JSON.parse(readFileSync(path.join(root, 'mailbox.json'), 'utf8')) as { delimiter: string };
  const out = new Map<string, StoredMessage[]>([['INBOX', messagesIn(root)]]);
  for (const name of readdirSync(root)) {
    if (!name.startsWith('.') || !statSync(path.join(root, name)).isDirectory()) continue;
    const segments = name
      .slice(1)
      .split('.')
      .map((part) => decodeURIComponent(part));
    out.set(segments.join(delimiter), messagesIn(path.join(root, name)));
  }
  return out;
}

/** Every file below `dir` (relative path → SHA-256, and the mtime of messages): identical trees give equal maps. */
export function treeOf(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const relative = path.relative(dir, full);
        const hash = createHash('sha256').update(readFileSync(full)).digest('hex');
        // Only message files carry a meaningful mtime (their internal date); other files are written now.
        out.set(relative, /(^|\/)(cur|new)\//.test(relative) ? `${hash} ${Math.round(statSync(full).mtimeMs)}` : hash);
      }
    }
  };
  walk(dir);
  return out;
}
