/**
 * File names inside the archive for a folder tree: each folder name part made safe for every unzip
 * program and file system (no separators, reserved characters, control characters, `.`/`..`, trailing
 * dots or spaces), non-ASCII kept as UTF-8. Two folders whose safe names collide get a numbered suffix.
 */
// Control characters are matched on purpose: they are not allowed in file names.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

export function safeSegment(segment: string): string {
  const cleaned = segment.replace(UNSAFE, '_').replace(/[. ]+$/, '');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? '_' : cleaned;
}

export function createEntryNames(prefix: string) {
  const used = new Set<string>();
  return {
    /** A unique name for a folder's path parts: `prefix/part/part` + suffix. */
    folder(segments: string[], suffix: string): string {
      const base = `${prefix}${segments.map(safeSegment).join('/')}`;
      let name = `${base}${suffix}`;
      for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n})${suffix}`;
      used.add(name.toLowerCase());
      return name;
    },
  };
}
