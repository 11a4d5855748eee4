/**
 * How a Maildir++ mailbox names things on disk (the layout Dovecot and Courier use): INBOX is the root's
 * cur/new/tmp, every other folder is a directory `.part1.part2` beside them, and a message file is
 * `<base>:2,<flags>` where the flags are single letters in ASCII order (D draft, F flagged, P passed,
 * R replied, S seen, T trashed). Folder names are kept in UTF-8 (Dovecot's `:UTF-8` option), with the
 * characters that would break the layout percent-encoded: `.` (the level separator), `/`, `%` and control
 * characters, so any folder name a source has can be stored and read back unchanged.
 */

const FLAG_LETTERS: ReadonlyArray<readonly [letter: string, flag: string]> = [
  ['D', '\\Draft'],
  ['F', '\\Flagged'],
  ['P', '$Forwarded'],
  ['R', '\\Answered'],
  ['S', '\\Seen'],
  ['T', '\\Deleted'],
];

// eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a file name
const UNSAFE_IN_SEGMENT = /[%./\u0000-\u001f\u007f]/g;

export function encodeSegment(segment: string): string {
  return segment.replace(UNSAFE_IN_SEGMENT, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

export function decodeSegment(encoded: string): string {
  return encoded.replace(/%([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The directory of a folder below the Maildir root; INBOX (no segments) is the root itself. */
export function folderDirName(segments: readonly string[]): string {
  return segments.length === 0 ? '' : `.${segments.map(encodeSegment).join('.')}`;
}

/** The segments of a `.a.b` directory name, or null for anything that is not a folder directory. */
export function segmentsOfDirName(name: string): string[] | null {
  if (!name.startsWith('.') || name === '.' || name === '..') return null;
  const parts = name.slice(1).split('.');
  return parts.some((part) => part === '') ? null : parts.map(decodeSegment);
}

/** IMAP flags of a file name's info part (`base:2,FS` → \Flagged, \Seen); a file in new/ has none. */
export function flagsOfFileName(fileName: string): string[] {
  const info = /:2,([A-Za-z]*)$/.exec(fileName)?.[1] ?? '';
  return FLAG_LETTERS.filter(([letter]) => info.includes(letter)).map(([, flag]) => flag);
}

/** The info part for IMAP flags; flags Maildir has no letter for (keywords) are not kept. */
export function infoOfFlags(flags: readonly string[]): string {
  const wanted = new Set(flags.map((flag) => flag.toLowerCase()));
  return `:2,${FLAG_LETTERS.filter(([, flag]) => wanted.has(flag.toLowerCase()))
    .map(([letter]) => letter)
    .join('')}`;
}

/** The base name (what the uidlist records): the file name without its `:2,…` info. */
export function baseOfFileName(fileName: string): string {
  const colon = fileName.indexOf(':');
  return colon < 0 ? fileName : fileName.slice(0, colon);
}
