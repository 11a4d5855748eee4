/**
 * One byte range of a `Range: bytes=…` header (RFC 9110 §14), so a large download that broke off
 * goes on from where it stopped instead of starting over. One range only: a list of ranges, another
 * unit or a malformed header is ignored and the whole file is sent, as the RFC allows.
 */

/** Inclusive byte offsets. */
export type ByteRange = { start: number; end: number };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/** The range asked for within a file of `size` bytes; 'unsatisfiable' when none of it exists; null for the whole file. */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = SINGLE.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    return length === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  return start >= size ? 'unsatisfiable' : { start, end };
}
