/**
 * Where each folder of the mailbox goes inside the archive: its tree rebuilt as directories, each
 * name part made safe for every system (name-part.ts), every path at most 240 characters (Windows'
 * 260 less room for the folder it is extracted into). Names are given out per directory, and no two
 * in one directory are equal ignoring case and Unicode normalisation (Windows and macOS would put them
 * in one place), files and directories alike: the second gets ` (2)`.
 *
 * A directory is made for a folder's parent only while the path leaves room below it for at least a
 * short name; deeper folders are flattened into one name in the deepest directory there is (`Deep -
 * Deeper - Deepest~1a2b3c4d.mbox`, or `…eper - Deepest~1a2b3c4d.mbox` when that is too long). A name
 * cut to fit, or flattened, carries `~` and the first eight hex digits of the SHA-256 of the folder's
 * original name parts, so it is the same in every export of the mailbox and two folders cut to the
 * same text still differ.
 */
import { createHash } from 'node:crypto';
import { namePart, type NamePartOptions } from './name-part.ts';

const MAX_PATH_CHARS = 240;
/** The least room a name gets: some of its text, a tag and a counter. */
const MIN_NAME_CHARS = 24;

export type EntryLayout = {
  /** MBOX: each folder is one file, its name and `suffix`. EML: each folder is a directory. */
  folderAs: 'file' | 'directory';
  suffix: string;
  /** EML: the longest name the caller puts inside a folder's directory, with its `/`. */
  inside: number;
  /** Names the caller puts inside directories, which no folder may take. */
  callerNames?: RegExp;
};

type Directory = { path: string; taken: Set<string>; children: Map<string, Directory | null> };

const sameName = (name: string) => name.normalize('NFC').toLowerCase();
const tagOf = (segments: string[]) => `~${createHash('sha256').update(JSON.stringify(segments)).digest('hex').slice(0, 8)}`;

export function createEntryNames(prefix: string, layout: EntryLayout) {
  const root: Directory = { path: prefix, taken: new Set(), children: new Map() };
  // What a folder's own entry needs below the deepest directory it is given.
  const below = 1 + MIN_NAME_CHARS + layout.suffix.length + layout.inside;

  /** A name in `directory` not taken there, of at most `chars` characters with `end` after it. */
  function take(directory: Directory, text: string, options: Omit<NamePartOptions, 'end'> & { suffix: string }): string {
    for (let n = 1; ; n++) {
      const name = namePart(text, { ...options, end: `${n === 1 ? '' : ` (${n})`}${options.suffix}` });
      if (!directory.taken.has(sameName(name)) && !layout.callerNames?.test(name)) {
        directory.taken.add(sameName(name));
        return name;
      }
    }
  }

  /** The directory of the first `depth` name parts, made on first use; null when the path has no room for it. */
  function directoryOf(segments: string[], depth: number): Directory | null {
    if (depth === 0) return root;
    const parent = directoryOf(segments, depth - 1);
    const segment = segments[depth - 1] as string;
    if (parent === null) return null;
    if (parent.children.has(segment)) return parent.children.get(segment) ?? null;
    const chars = MAX_PATH_CHARS - parent.path.length - below;
    const name = () => take(parent, segment, { suffix: '', chars, tag: tagOf(segments.slice(0, depth)), tagged: false, keep: 'start' });
    const made = chars < MIN_NAME_CHARS ? null : { path: `${parent.path}${name()}/`, taken: new Set<string>(), children: new Map() };
    parent.children.set(segment, made);
    return made;
  }

  return {
    /** The folder's entry: MBOX, its file's path; EML, its directory's path (without the final `/`). */
    folder(segments: string[]): string {
      if (layout.folderAs === 'directory') {
        const own = directoryOf(segments, segments.length);
        if (own !== null) return own.path.slice(0, -1);
      }
      let depth = 0;
      let directory = root;
      while (depth < segments.length - 1) {
        const next = directoryOf(segments, depth + 1);
        if (next === null) break;
        directory = next;
        depth++;
      }
      const flattened = depth < segments.length - 1;
      const chars = MAX_PATH_CHARS - directory.path.length - layout.inside;
      const name = take(directory, segments.slice(depth).join(' - '), {
        suffix: layout.suffix,
        chars,
        tag: tagOf(segments),
        tagged: flattened,
        keep: flattened ? 'end' : 'start',
      });
      return `${directory.path}${name}`;
    },
  };
}
