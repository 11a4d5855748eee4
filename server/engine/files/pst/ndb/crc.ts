/**
 * The two checksums of [MS-PST] 5.3 and 5.5: the CRC of pages, blocks and the header (CRC-32's
 * polynomial and table, started at 0 and not inverted at the end — zlib's CRC-32 with its inversions
 * undone), and the 16-bit signature of a block or a B-tree page, made of its offset and its BID.
 */
import { crc32 } from 'node:zlib';

/** [MS-PST] ComputeCRC(0, data). */
export function pstCrc(data: Uint8Array): number {
  // zlib.crc32(data, v) computes from ~v and inverts the result: with v = ~0 it starts at 0.
  return (crc32(data, 0xffffffff) ^ 0xffffffff) >>> 0;
}

/** [MS-PST] ComputeSig(ib, bid): the low 32 bits of ib XOR bid, folded into 16. */
export function pstSignature(ib: number, bid: number): number {
  // Offsets and BIDs stay below 2^53: XOR their low 32 bits (only those reach the signature).
  const low = ((ib >>> 0) ^ (bid >>> 0)) >>> 0;
  return ((low >>> 16) ^ (low & 0xffff)) & 0xffff;
}
