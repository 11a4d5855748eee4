/**
 * Blocks ([MS-PST] 2.2.2.8): a block is its data, padding to a multiple of 64 bytes, and a 16-byte
 * trailer (size, signature, CRC of the data, BID). Data blocks hold a node's bytes; internal blocks
 * (BID bit 1 set) hold the trees over them: an XBLOCK lists up to 1,021 data blocks, an XXBLOCK up to
 * 1,021 XBLOCKs (so a node's data may be up to 8.5 GB); an SLBLOCK lists a node's subnodes, an
 * SIBLOCK up to 510 SLBLOCKs. Every block written is recorded for the block B-tree (bbt.ts).
 */
import { pstCrc, pstSignature } from './crc.ts';
import { doubles, uint16s } from './growable.ts';
import type { PstSpace } from './space.ts';

export const MAX_BLOCK_DATA = 8176;
const MAX_XBLOCK_ENTRIES = 1021; // (8176 - 8) / 8
const MAX_SL_ENTRIES = 340; // (8176 - 8) / 24
const MAX_SI_ENTRIES = 510; // (8176 - 8) / 16

/** What the block B-tree needs of every block, kept as columns. */
export class BlockStore {
  readonly bids = doubles();
  readonly offsets = doubles();
  readonly sizes = uint16s();
  private nextIndex = 1;

  constructor(readonly space: PstSpace) {}

  /** A new BID: its index, shifted past the reserved bit and the internal bit. */
  newBid(internal: boolean): number {
    return this.nextIndex++ * 4 + (internal ? 2 : 0);
  }

  /** The header's bidNextB. */
  get nextBid(): number {
    return this.nextIndex * 4;
  }

  /** Writes one block; `bid` when it was reserved before (a heap's first block is written last). */
  write(data: Uint8Array, internal: boolean, bid = this.newBid(internal)): number {
    if (data.length > MAX_BLOCK_DATA) throw new Error(`a block holds at most ${MAX_BLOCK_DATA} bytes, not ${data.length}`);
    const size = Math.ceil((data.length + 16) / 64) * 64;
    const ib = this.space.allocate(size);
    const block = this.space.claim(ib, size);
    block.set(data);
    block.writeUInt16LE(data.length, size - 16);
    block.writeUInt16LE(pstSignature(ib, bid), size - 14);
    block.writeUInt32LE(pstCrc(data), size - 12);
    block.writeBigUInt64LE(BigInt(bid), size - 8);
    this.bids.push(bid);
    this.offsets.push(ib);
    this.sizes.push(data.length);
    return bid;
  }
}

/** An XBLOCK or XXBLOCK over `bids` whose data add up to `total` bytes. */
function writeXBlock(store: BlockStore, level: 1 | 2, bids: number[], total: number): number {
  const data = Buffer.alloc(8 + 8 * bids.length);
  data[0] = 0x01;
  data[1] = level;
  data.writeUInt16LE(bids.length, 2);
  data.writeUInt32LE(total >>> 0, 4);
  bids.forEach((bid, i) => data.writeBigUInt64LE(BigInt(bid), 8 + 8 * i));
  return store.write(data, true);
}

/**
 * A node's data written as it comes, one block at a time (a heap's blocks, a table's rows, an
 * attachment's bytes in pieces of 8,176): `end()` returns the BID of the one block, or of the XBLOCK or
 * XXBLOCK over them. Only the BIDs of the blocks are kept.
 */
export class DataTreeWriter {
  private readonly blocks: number[] = [];
  private readonly sizes: number[] = [];
  private total = 0;

  constructor(private readonly store: BlockStore) {}

  /** Appends one block of data (at most 8,176 bytes); `bid` for a block that is reserved now and written later. */
  add(data: Uint8Array | null, bid?: number, size = data?.length ?? 0): void {
    const written = data ? this.store.write(data, false, bid) : bid;
    if (written === undefined) throw new Error('a reserved block needs its BID');
    this.blocks.push(written);
    this.sizes.push(size);
    this.total += size;
  }

  get blockCount(): number {
    return this.blocks.length;
  }

  end(): number {
    if (this.blocks.length === 0) this.add(new Uint8Array(0));
    if (this.blocks.length === 1) return this.blocks[0]!;
    const xblocks: number[] = [];
    const xsizes: number[] = [];
    for (let i = 0; i < this.blocks.length; i += MAX_XBLOCK_ENTRIES) {
      const bids = this.blocks.slice(i, i + MAX_XBLOCK_ENTRIES);
      const size = this.sizes.slice(i, i + MAX_XBLOCK_ENTRIES).reduce((a, b) => a + b, 0);
      xblocks.push(writeXBlock(this.store, 1, bids, size));
      xsizes.push(size);
    }
    if (xblocks.length === 1) return xblocks[0]!;
    if (xblocks.length > MAX_XBLOCK_ENTRIES) throw new Error('a node holds at most 8.5 GB');
    return writeXBlock(this.store, 2, xblocks, this.total);
  }
}

/** Writes bytes as a node's data: one block, or blocks of 8,176 bytes under an XBLOCK/XXBLOCK. */
export async function writeData(store: BlockStore, data: Uint8Array): Promise<number> {
  const tree = new DataTreeWriter(store);
  for (let at = 0; at < data.length || at === 0; at += MAX_BLOCK_DATA) {
    tree.add(data.subarray(at, at + MAX_BLOCK_DATA));
    // A large attachment goes to the file as it is cut, not all at once.
    if (tree.blockCount % 128 === 0) await store.space.drain();
    if (data.length === 0) break;
  }
  return tree.end();
}

/**
 * Writes text as UTF-16LE node data, converting one block's worth at a time: a string, or its pieces
 * in order (the blocks are the same however the text is cut into pieces).
 */
export async function writeText(store: BlockStore, text: string | Iterable<string>): Promise<number> {
  const tree = new DataTreeWriter(store);
  const perBlock = MAX_BLOCK_DATA / 2;
  const scratch = Buffer.allocUnsafe(MAX_BLOCK_DATA); // the block copies it: one scratch for them all
  const block = async (chars: string) => {
    tree.add(scratch.subarray(0, scratch.write(chars, 'utf16le')));
    if (tree.blockCount % 128 === 0) await store.space.drain();
  };
  let pending = '';
  for (const piece of typeof text === 'string' ? [text] : text) {
    pending += piece;
    let at = 0;
    for (; pending.length - at >= perBlock; at += perBlock) await block(pending.slice(at, at + perBlock));
    pending = pending.slice(at);
  }
  if (pending.length > 0) await block(pending);
  return tree.end();
}

export type SubnodeEntry = { nid: number; bidData: number; bidSub: number };

/** A node's subnode B-tree: SLBLOCKs of up to 340 entries sorted by NID, under an SIBLOCK when more; 0 when none. */
export function writeSubnodeTree(store: BlockStore, entries: SubnodeEntry[]): number {
  if (entries.length === 0) return 0;
  const sorted = [...entries].sort((a, b) => a.nid - b.nid);
  const leaves: { nid: number; bid: number }[] = [];
  for (let i = 0; i < sorted.length; i += MAX_SL_ENTRIES) {
    const part = sorted.slice(i, i + MAX_SL_ENTRIES);
    const data = Buffer.alloc(8 + 24 * part.length);
    data[0] = 0x02;
    data[1] = 0;
    data.writeUInt16LE(part.length, 2);
    part.forEach((e, j) => {
      data.writeBigUInt64LE(BigInt(e.nid), 8 + 24 * j);
      data.writeBigUInt64LE(BigInt(e.bidData), 16 + 24 * j);
      data.writeBigUInt64LE(BigInt(e.bidSub), 24 + 24 * j);
    });
    leaves.push({ nid: part[0]!.nid, bid: store.write(data, true) });
  }
  if (leaves.length === 1) return leaves[0]!.bid;
  if (leaves.length > MAX_SI_ENTRIES) throw new Error('too many subnodes');
  const data = Buffer.alloc(8 + 16 * leaves.length);
  data[0] = 0x02;
  data[1] = 1;
  data.writeUInt16LE(leaves.length, 2);
  leaves.forEach((leaf, j) => {
    data.writeBigUInt64LE(BigInt(leaf.nid), 8 + 16 * j);
    data.writeBigUInt64LE(BigInt(leaf.bid), 16 + 16 * j);
  });
  return store.write(data, true);
}
