/** Reading one byte range of a `Range` header against a file's size (RFC 9110 §14). */
import { describe, expect, it } from 'vitest';
import { byteRangeOf } from '../../server/http/byte-range.ts';

describe('byteRangeOf', () => {
  it('reads a first-last range, an open end, and a suffix, clamped to the file', () => {
    expect(byteRangeOf('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRangeOf('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRangeOf('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRangeOf('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRangeOf('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('says when nothing of the range exists', () => {
    expect(byteRangeOf('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('sends the whole file for no header, several ranges, another unit, or nonsense', () => {
    for (const header of [undefined, '', 'bytes=-', 'bytes=0-1,5-6', 'items=0-1', 'bytes=9-3', 'bytes=a-b']) {
      expect(byteRangeOf(header, 1000), String(header)).toBeNull();
    }
  });
});
