/**
 * One part of an archive path (a directory's or a file's name) that every file system and unzip
 * program takes as it is: no separators, characters Windows forbids, control characters or unpaired
 * surrogates (each becomes `_`); no trailing dot or space (Windows drops them, so two names would
 * meet); not a device name Windows reserves, alone or before an extension (`CON`, `nul.txt`,
 * `aux.mbox.mbox`: the part before the first dot counts, spaces before that dot too); at most 255
 * bytes of UTF-8 (Linux, macOS) and the characters the whole path leaves it. A name too long is cut
 * between code points (never inside a UTF-8 sequence or a surrogate pair) and tagged, so that two
 * names cut to the same text still differ.
 */
const MAX_PART_BYTES = 255;

// Control characters are matched on purpose: they are not allowed in file names.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

// Microsoft, "Naming Files, Paths, and Namespaces": these, and these followed by an extension, name
// devices on Windows (COM¹–³, LPT¹–³ too: Windows takes the superscript digits for digits).
const RESERVED = new Set([
  'CON',
  'PRN',
  'AUX',
  'NUL',
  'CONIN$',
  'CONOUT$',
  ...[...'123456789¹²³'].flatMap((digit) => [`COM${digit}`, `LPT${digit}`]),
]);

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/** The text with what no file name may hold replaced, and never empty, `.` or `..`. */
export function safeText(text: string): string {
  const cleaned = text.replace(UNSAFE, '_').replace(/[. ]+$/, '');
  return cleaned === '' ? '_' : cleaned;
}

/** A name whose part before the first dot is a device name gets `_` after that part. */
export function unreserved(name: string): string {
  const base = name.split('.')[0] as string;
  return RESERVED.has(base.trimEnd().toUpperCase()) ? `${base}_${name.slice(base.length)}` : name;
}

/** The longest start of `text` within `chars` UTF-16 units and `bytes` bytes, cut between code points. */
export function cut(text: string, chars: number, bytes: number): string {
  let out = '';
  let used = 0;
  for (const point of text) {
    const size = byteLength(point);
    if (out.length + point.length > chars || used + size > bytes) break;
    out += point;
    used += size;
  }
  return out;
}

const reversed = (text: string) => [...text].reverse().join('');

export type NamePartOptions = {
  /** After the text, never cut: a counter, an extension. */
  end: string;
  /** The most UTF-16 units the path leaves the name. */
  chars: number;
  /** Goes before `end` when the text had to be cut, or always when `tagged`. */
  tag: string;
  /** A name that stands for more than its text, such as folders flattened into one name. */
  tagged: boolean;
  /** Which part of a text too long is kept: its start, or its end after `…` (a flattened path ends in the folder's own name). */
  keep: 'start' | 'end';
};

/** `text` made safe, then `end`, in at most `chars` characters and 255 bytes. */
export function namePart(text: string, { end, chars, tag, tagged, keep }: NamePartOptions): string {
  const safe = safeText(text);
  const whole = unreserved(`${safe}${tagged ? tag : ''}${end}`);
  if (whole.length <= chars && byteLength(whole) <= MAX_PART_BYTES) return whole;
  const lead = keep === 'end' ? '…' : '';
  // One character to spare for the `_` that unreserved may add.
  const room = [chars - lead.length - tag.length - end.length - 1, MAX_PART_BYTES - byteLength(`${lead}${tag}${end}`) - 1] as const;
  const kept = keep === 'start' ? cut(safe, ...room) : reversed(cut(reversed(safe), ...room));
  return unreserved(`${lead}${kept}${tag}${end}`);
}
