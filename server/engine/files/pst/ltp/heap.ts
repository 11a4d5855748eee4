/**
 * A heap-on-node ([MS-PST] 2.3.1): a node's data cut into blocks of at most 8,176 bytes, each with a
 * small header, its allocations, and a page map (count, freed count, start offsets) at its end. An
 * allocation is named by its HID: block index << 16 | allocation index << 5. The first block's header
 * (HNHDR) names the client (property context, table context) and its root allocation, which is only
 * known at the end; so the first block is held until then, and so are the blocks with a fill-level
 * bitmap (8, 136, 264…), which describe the blocks after them. Every other block is written as soon
 * as the next allocation does not fit in it: a table of many rows is never whole in memory.
 */
import { DataTreeWriter, MAX_BLOCK_DATA, type BlockStore } from '../ndb/blocks.ts';

export const MAX_ALLOCATION = 3580;
export const CLIENT = { TABLE: 0x7c, BTH: 0xb5, PROPERTIES: 0xbc } as const;

const isBitmapBlock = (index: number) => index >= 8 && (index - 8) % 128 === 0;
const headerSize = (index: number) => (index === 0 ? 12 : isBitmapBlock(index) ? 66 : 2);

/** [MS-PST] 2.3.1.5: how full a block is, from the bytes left. */
function fillLevel(free: number): number {
  const floors = [3584, 2560, 2048, 1792, 1536, 1280, 1024, 768, 512, 256, 128, 64, 32, 16, 8];
  const level = floors.findIndex((floor) => free >= floor);
  return level === -1 ? 0x0f : level;
}

type OpenBlock = { index: number; items: Uint8Array[]; used: number };

export class HeapWriter {
  private readonly tree: DataTreeWriter;
  private block: OpenBlock = { index: 0, items: [], used: 0 };
  private readonly held = new Map<number, { bid: number; items: Uint8Array[] }>();
  private readonly fill: number[] = [];

  constructor(
    private readonly store: BlockStore,
    private readonly client: number,
  ) {
    this.tree = new DataTreeWriter(store);
  }

  /** Bytes a block of this index and these allocations takes. */
  private static sizeOf(index: number, used: number, count: number): number {
    const mapAt = headerSize(index) + used + ((headerSize(index) + used) & 1);
    return mapAt + 4 + 2 * (count + 1);
  }

  /** Whether `size` more bytes fit in the open block. */
  fits(size: number): boolean {
    const { index, used, items } = this.block;
    return items.length < 2047 && HeapWriter.sizeOf(index, used + size, items.length + 1) <= MAX_BLOCK_DATA;
  }

  /** Stores bytes (at most 3,580) and returns their HID. */
  allocate(data: Uint8Array): number {
    if (data.length > MAX_ALLOCATION) throw new Error(`a heap allocation holds at most ${MAX_ALLOCATION} bytes`);
    if (!this.fits(data.length)) this.closeBlock();
    this.block.items.push(data);
    this.block.used += data.length;
    return (this.block.index << 16) | (this.block.items.length << 5);
  }

  private closeBlock(): void {
    const { index, items, used } = this.block;
    this.fill[index] = fillLevel(MAX_BLOCK_DATA - HeapWriter.sizeOf(index, used, items.length));
    if (index === 0 || isBitmapBlock(index)) {
      const bid = this.store.newBid(false);
      this.held.set(index, { bid, items });
      this.tree.add(null, bid, HeapWriter.sizeOf(index, used, items.length));
    } else {
      this.tree.add(this.encode(index, items, 0));
    }
    this.block = { index: index + 1, items: [], used: 0 };
  }

  /** One block's bytes: header, allocations, page map. */
  private encode(index: number, items: Uint8Array[], userRoot: number): Buffer {
    const used = items.reduce((sum, item) => sum + item.length, 0);
    const size = HeapWriter.sizeOf(index, used, items.length);
    const out = Buffer.alloc(size);
    const head = headerSize(index);
    const mapAt = head + used + ((head + used) & 1);
    out.writeUInt16LE(mapAt, 0);
    if (index === 0) {
      out[2] = 0xec;
      out[3] = this.client;
      out.writeUInt32LE(userRoot >>> 0, 4);
      this.writeFill(out, 8, 0, 8);
    } else if (isBitmapBlock(index)) {
      this.writeFill(out, 2, index, 128);
    }
    let at = head;
    out.writeUInt16LE(items.length, mapAt);
    out.writeUInt16LE(0, mapAt + 2);
    items.forEach((item, i) => {
      out.writeUInt16LE(at, mapAt + 4 + 2 * i);
      out.set(item, at);
      at += item.length;
    });
    out.writeUInt16LE(at, mapAt + 4 + 2 * items.length);
    return out;
  }

  /** Fill levels of `count` blocks from `first`, two to a byte (the first in the low nibble). */
  private writeFill(out: Buffer, offset: number, first: number, count: number): void {
    for (let i = 0; i < count; i++) {
      const level = this.fill[first + i] ?? 0;
      out[offset + (i >> 1)]! |= (i & 1 ? level << 4 : level) & 0xff;
    }
  }

  /** Closes the heap with its root allocation; returns the node's data BID. */
  end(userRoot: number): number {
    this.closeBlock();
    for (const [index, { bid, items }] of this.held) this.store.write(this.encode(index, items, userRoot), false, bid);
    return this.tree.end();
  }
}
