/**
 * The Unicode HEADER ([MS-PST] 2.2.2.6, with ROOT 2.2.2.5), 564 bytes at offset 0: magic `!BDN`,
 * client `SM`, version 23 (Unicode), the next BIDs, the NID high-water marks, the ROOT (file end, last
 * AMap, free bytes, the roots of both B-trees, AMaps valid), the deprecated initial FMap and FPMap,
 * no encryption (bCryptMethod 0), and the two CRCs (471 bytes and 516 bytes from offset 8).
 */
import { pstCrc } from './crc.ts';
import type { Bref } from './btree.ts';

export type HeaderFields = {
  nextPageBid: number;
  nextBlockBid: number;
  unique: number;
  /** rgnid: for each NID type, the next nidIndex. */
  nextNidIndex: number[];
  fileEof: number;
  lastAMap: number;
  amapFreeBytes: number;
  nodeTree: Bref;
  blockTree: Bref;
  rgbFM: Uint8Array;
};

export function encodeHeader(h: HeaderFields): Buffer {
  const b = Buffer.alloc(564);
  b.write('!BDN', 0, 'latin1');
  b.write('SM', 8, 'latin1');
  b.writeUInt16LE(23, 10); // wVer: Unicode
  b.writeUInt16LE(19, 12); // wVerClient
  b[14] = 0x01; // bPlatformCreate
  b[15] = 0x01; // bPlatformAccess
  b.writeBigUInt64LE(BigInt(h.nextPageBid), 32); // bidNextP
  b.writeUInt32LE(h.unique >>> 0, 40); // dwUnique
  for (let type = 0; type < 32; type++) b.writeUInt32LE(h.nextNidIndex[type] ?? 0x400, 44 + 4 * type);
  // ROOT at 180
  b.writeBigUInt64LE(BigInt(h.fileEof), 184);
  b.writeBigUInt64LE(BigInt(h.lastAMap), 192);
  b.writeBigUInt64LE(BigInt(h.amapFreeBytes), 200);
  b.writeBigUInt64LE(0n, 208); // cbPMapFree: PMaps are written as all allocated
  b.writeBigUInt64LE(BigInt(h.nodeTree.bid), 216);
  b.writeBigUInt64LE(BigInt(h.nodeTree.ib), 224);
  b.writeBigUInt64LE(BigInt(h.blockTree.bid), 232);
  b.writeBigUInt64LE(BigInt(h.blockTree.ib), 240);
  b[248] = 0x02; // fAMapValid: VALID_AMAP2
  b.set(h.rgbFM.subarray(0, 128), 256); // rgbFM
  b.fill(0xff, 384, 512); // rgbFP
  b[512] = 0x80; // bSentinel
  b[513] = 0x00; // bCryptMethod: NDB_CRYPT_NONE
  b.writeBigUInt64LE(BigInt(h.nextBlockBid), 516); // bidNextB
  b.writeUInt32LE(pstCrc(b.subarray(8, 8 + 471)), 4); // dwCRCPartial
  b.writeUInt32LE(pstCrc(b.subarray(8, 8 + 516)), 524); // dwCRCFull
  return b;
}
