/**
 * The PST file as space to allocate ([MS-PST] 2.2.2.7, 2.6.1.1): past the header (0–0x4400, written
 * last) the file is a run of AMap ranges of 253,952 bytes, each starting with its allocation map page
 * (AMap, one bit per 64 bytes), every eighth also with a PMap page, and at their fixed intervals an
 * FMap and an FPMap page. Everything is appended: a block goes at the end of what was written, a
 * B-tree page at the next 512-byte boundary, and what does not fit before the next range starts in
 * it. A range's AMap page is known once the writer has left it, and is written then; the FMap pages
 * (which sum up ranges after them) when the file is finished. The file grows in whole ranges, as the
 * format asks: the last range's free tail is left as zeros.
 *
 * Writes are gathered and go to the file when `drain()` is awaited (or past a megabyte gathered),
 * each run at its own offset: nothing is held but what was appended since the last drain.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { pstCrc, pstSignature } from './crc.ts';
import { uint16s } from './growable.ts';

export const PAGE = 512;
export const FIRST_AMAP = 0x4400;
export const RANGE = 496 * 8 * 64; // 253,952 bytes mapped by one AMap
const PMAP_EVERY = 8; // a PMap every 8 AMaps (496 * 8 * 512 bytes)
const FMAP_FIRST = 128; // the header's rgbFM covers the first 128 AMaps, then an FMap every 496
const FMAP_EVERY = 496;
const FPMAP_FIRST = 128 * 64; // and rgbFP the first 8,192, then an FPMap every 496 * 64
const FPMAP_EVERY = 496 * 64;
const GATHER = 1024 * 1024;

export const PTYPE = { BBT: 0x80, NBT: 0x81, FMAP: 0x82, PMAP: 0x83, AMAP: 0x84, FPMAP: 0x85, DLIST: 0x86 } as const;

/** The offsets inside range k that hold map pages. */
function mapPagesOf(k: number): { at: number; ptype: number }[] {
  const pages: { at: number; ptype: number }[] = [{ at: 0, ptype: PTYPE.AMAP }];
  if (k % PMAP_EVERY === 0) pages.push({ at: PAGE, ptype: PTYPE.PMAP });
  if (k >= FMAP_FIRST && (k - FMAP_FIRST) % FMAP_EVERY === 0) pages.push({ at: 2 * PAGE, ptype: PTYPE.FMAP });
  if (k >= FPMAP_FIRST && (k - FPMAP_FIRST) % FPMAP_EVERY === 0) pages.push({ at: 3 * PAGE, ptype: PTYPE.FPMAP });
  return pages;
}

/** A map page (AMap, PMap, FMap, FPMap, DList): 496 bytes, then the trailer whose BID is the page's offset. */
export function mapPage(ptype: number, data: Uint8Array, ib: number, bid: number = ib, sig = 0): Buffer {
  const page = Buffer.alloc(PAGE);
  page.set(data.subarray(0, 496));
  page[496] = ptype;
  page[497] = ptype;
  page.writeUInt16LE(sig, 498);
  page.writeUInt32LE(pstCrc(page.subarray(0, 496)), 500);
  page.writeBigUInt64LE(BigInt(bid), 504);
  return page;
}

export type RangeSummary = { freeUnits: number; longestFreeUnits: number };

export class PstSpace {
  /** What is gathered: one reused buffer for the run of bytes at the end of the file, and the writes elsewhere. */
  private readonly run = Buffer.alloc(4 * GATHER);
  private runStart = 0;
  private runLength = 0;
  private patches: { ib: number; data: Buffer }[] = [];
  private patchBytes = 0;
  /** Next free offset. */
  private end = FIRST_AMAP;
  private range = -1;
  private bits = new Uint8Array(496);
  /** Per finished range: free 64-byte units, and the longest free run (FMap, DList, ROOT). */
  private readonly freeUnits = uint16s();
  private readonly longestFree = uint16s();

  private constructor(private readonly handle: FileHandle) {}

  /** The bytes the file holds so far (its end, before the maps and trees `finish` adds). */
  get size(): number {
    return this.end;
  }

  static async create(path: string): Promise<PstSpace> {
    // A whole mailbox: readable by the service's user only.
    const handle = await open(path, 'w+', 0o600);
    const space = new PstSpace(handle);
    // The header and the density list (0x4200) are written when the file is finished.
    space.write(0, Buffer.alloc(FIRST_AMAP));
    space.enterRange(0);
    return space;
  }

  /** Reserves `size` bytes (a multiple of 64) at the end, on a 512-byte boundary for a page. */
  allocate(size: number, page = false): number {
    if (size % 64 !== 0 || size > 8192) throw new Error(`cannot allocate ${size} bytes`);
    let ib = page ? Math.ceil(this.end / PAGE) * PAGE : this.end;
    if (ib + size > this.rangeStart(this.range) + RANGE) {
      this.enterRange(this.range + 1);
      ib = this.end;
    }
    this.mark(ib, size);
    this.end = ib + size;
    return ib;
  }

  /**
   * A zeroed buffer for `size` bytes at `ib`, to be filled before the next drain: a view into the
   * gathering buffer when `ib` follows what is gathered (the usual case: no copy, no garbage per
   * block), else a buffer of its own written at its offset.
   */
  claim(ib: number, size: number): Buffer {
    if (this.runLength === 0) this.runStart = ib;
    const end = this.runStart + this.runLength;
    const from = ib - this.runStart;
    if (ib >= end && ib - end < 16384 && from + size <= this.run.length) {
      this.run.fill(0, this.runLength, from + size);
      this.runLength = from + size;
      return this.run.subarray(from, from + size);
    }
    const own = Buffer.alloc(size);
    this.patches.push({ ib, data: own });
    this.patchBytes += size;
    return own;
  }

  /** Writes bytes at an offset already allocated. */
  write(ib: number, data: Buffer): void {
    this.claim(ib, data.length).set(data);
  }

  /** Writes what was gathered once it is a megabyte; always when `force`. */
  async drain(force = false): Promise<void> {
    if (!force && this.runLength + this.patchBytes < GATHER) return;
    const patches = this.patches;
    this.patches = [];
    this.patchBytes = 0;
    // The gathered run first: a map page patched later lies over its placeholder in the run.
    if (this.runLength > 0) await this.handle.write(this.run, 0, this.runLength, this.runStart);
    this.runLength = 0;
    for (const patch of patches) await this.handle.write(patch.data, 0, patch.data.length, patch.ib);
  }

  private rangeStart(k: number): number {
    return FIRST_AMAP + k * RANGE;
  }

  private mark(ib: number, size: number): void {
    const from = (ib - this.rangeStart(this.range)) / 64;
    for (let unit = from; unit < from + size / 64; unit++) this.bits[unit >> 3]! |= 0x80 >> (unit & 7);
  }

  /** Leaves the current range (its AMap page is final now) and starts range k with its map pages. */
  private enterRange(k: number): void {
    if (this.range >= 0) this.closeRange();
    this.range = k;
    this.bits = new Uint8Array(496);
    const start = this.rangeStart(k);
    for (const { at, ptype } of mapPagesOf(k)) {
      this.mark(start + at, PAGE);
      // PMaps are deprecated and written as all allocated; FPMaps as empty; AMap and FMap are written later.
      const data = new Uint8Array(496).fill(ptype === PTYPE.PMAP ? 0xff : 0);
      this.write(start + at, ptype === PTYPE.PMAP || ptype === PTYPE.FPMAP ? mapPage(ptype, data, start + at) : Buffer.alloc(PAGE));
    }
    this.end = start + mapPagesOf(k).reduce((last, page) => Math.max(last, page.at + PAGE), 0);
  }

  private closeRange(): void {
    const start = this.rangeStart(this.range);
    this.write(start, mapPage(PTYPE.AMAP, this.bits, start));
    let free = 0;
    let run = 0;
    let longest = 0;
    for (let unit = 0; unit < 496 * 8; unit++) {
      if (this.bits[unit >> 3]! & (0x80 >> (unit & 7))) run = 0;
      else {
        free++;
        run++;
        longest = Math.max(longest, run);
      }
    }
    this.freeUnits.push(free);
    this.longestFree.push(longest);
  }

  /**
   * Closes the last range and writes the FMap pages and the density list; returns what the header's
   * ROOT and rgbFM need. The header itself is the caller's, written with `writeHeader`.
   */
  async finish(): Promise<{ fileEof: number; lastAMap: number; amapFreeBytes: number; rgbFM: Uint8Array }> {
    const ranges = this.range + 1;
    this.closeRange();
    const fmapByte = (k: number) => Math.min(255, this.longestFree.at(k));
    const rgbFM = new Uint8Array(128).fill(0xff);
    for (let k = 0; k < Math.min(ranges, FMAP_FIRST); k++) rgbFM[k] = fmapByte(k);
    for (let first = FMAP_FIRST; first < ranges; first += FMAP_EVERY) {
      const data = new Uint8Array(496);
      for (let k = first; k < Math.min(ranges, first + FMAP_EVERY); k++) data[k - first] = fmapByte(k);
      const ib = this.rangeStart(first) + 2 * PAGE;
      this.write(ib, mapPage(PTYPE.FMAP, data, ib));
    }
    let amapFreeBytes = 0;
    for (let k = 0; k < ranges; k++) amapFreeBytes += this.freeUnits.at(k) * 64;
    this.write(0x4200, this.densityList(ranges));
    const fileEof = this.rangeStart(ranges);
    await this.drain(true);
    await this.handle.truncate(fileEof);
    return { fileEof, lastAMap: this.rangeStart(ranges - 1), amapFreeBytes, rgbFM };
  }

  /** [MS-PST] 2.2.2.7.4.2: the ranges with room, least full first (at most 119 fit), backfill complete. */
  private densityList(ranges: number): Buffer {
    const data = Buffer.alloc(496);
    const roomy = Array.from({ length: ranges }, (_, k) => k)
      .filter((k) => this.freeUnits.at(k) > 0)
      .sort((a, b) => this.freeUnits.at(b) - this.freeUnits.at(a))
      .slice(0, 119);
    data[0] = 0x01; // DFL_BACKFILL_COMPLETE
    data[1] = roomy.length;
    data.writeUInt32LE(ranges - 1, 4); // ulCurrentPage: the AMap the next allocation uses
    roomy.forEach((k, i) => data.writeUInt32LE((((this.freeUnits.at(k) & 0xfff) << 20) | (k & 0xfffff)) >>> 0, 8 + 4 * i));
    return mapPage(PTYPE.DLIST, data, 0x4200, 0, pstSignature(0x4200, 0));
  }

  async writeHeader(header: Buffer): Promise<void> {
    await this.handle.write(header, 0, header.length, 0);
    await this.handle.sync();
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
