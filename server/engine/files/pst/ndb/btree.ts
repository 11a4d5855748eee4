/**
 * The node and block B-trees ([MS-PST] 2.2.2.7.7), written once at the end from the entries gathered
 * while the file was written: leaf pages full (15 node entries of 32 bytes, 20 block entries of 24),
 * then the levels above (20 entries each) up to one root page. Each page is 512 bytes on a 512-byte
 * boundary with its trailer (type, signature, CRC, its own BID from the page counter).
 */
import { pstCrc, pstSignature } from './crc.ts';
import { doubles, uint32s } from './growable.ts';
import { PAGE, PTYPE, type PstSpace } from './space.ts';
import type { BlockStore } from './blocks.ts';

export type Bref = { bid: number; ib: number };

/** The nodes: NID, data BID, subnode BID and parent NID, as columns. */
export class NodeStore {
  readonly nids = uint32s();
  readonly data = doubles();
  readonly subnodes = doubles();
  readonly parents = uint32s();

  add(nid: number, bidData: number, bidSub: number, parent: number): void {
    this.nids.push(nid);
    this.data.push(bidData);
    this.subnodes.push(bidSub);
    this.parents.push(parent);
  }
}

type Tree = {
  ptype: number;
  entrySize: number;
  /** Entries in key order: writes entry `i` at `offset` of the page and returns its key. */
  count: number;
  writeEntry(page: Buffer, offset: number, i: number): number;
};

export class PageWriter {
  private nextBid = 1;
  constructor(private readonly space: PstSpace) {}

  /** The header's bidNextP. */
  get nextPageBid(): number {
    return this.nextBid;
  }

  private page(ptype: number, level: number, entrySize: number, count: number, fill: (page: Buffer) => void): Bref {
    const page = Buffer.alloc(PAGE);
    fill(page);
    page[488] = count;
    page[489] = Math.floor(488 / entrySize);
    page[490] = entrySize;
    page[491] = level;
    const ib = this.space.allocate(PAGE, true);
    const bid = this.nextBid++;
    page[496] = ptype;
    page[497] = ptype;
    page.writeUInt16LE(pstSignature(ib, bid), 498);
    page.writeUInt32LE(pstCrc(page.subarray(0, 496)), 500);
    page.writeBigUInt64LE(BigInt(bid), 504);
    this.space.write(ib, page);
    return { bid, ib };
  }

  /** Writes a whole tree and returns its root page. */
  write(tree: Tree): Bref {
    const perLeaf = Math.floor(488 / tree.entrySize);
    let level: { key: number; bref: Bref }[] = [];
    for (let first = 0; first < tree.count || first === 0; first += perLeaf) {
      const count = Math.min(perLeaf, tree.count - first);
      let key = 0;
      const bref = this.page(tree.ptype, 0, tree.entrySize, count, (page) => {
        for (let j = 0; j < count; j++) {
          const k = tree.writeEntry(page, j * tree.entrySize, first + j);
          if (j === 0) key = k;
        }
      });
      level.push({ key, bref });
      if (tree.count === 0) break;
    }
    for (let depth = 1; level.length > 1; depth++) {
      const above: { key: number; bref: Bref }[] = [];
      for (let first = 0; first < level.length; first += 20) {
        const part = level.slice(first, first + 20);
        const bref = this.page(tree.ptype, depth, 24, part.length, (page) => {
          part.forEach((entry, j) => {
            page.writeBigUInt64LE(BigInt(entry.key), j * 24);
            page.writeBigUInt64LE(BigInt(entry.bref.bid), j * 24 + 8);
            page.writeBigUInt64LE(BigInt(entry.bref.ib), j * 24 + 16);
          });
        });
        above.push({ key: part[0]!.key, bref });
      }
      level = above;
    }
    return level[0]!.bref;
  }
}

/** The order of `count` entries by a key. */
function orderBy(count: number, key: (i: number) => number): Uint32Array {
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  return order.sort((a, b) => key(a) - key(b));
}

/** The node B-tree: NBTENTRY = nid (8), bidData (8), bidSub (8), nidParent (4), padding (4). */
export function writeNodeTree(pages: PageWriter, nodes: NodeStore): Bref {
  const order = orderBy(nodes.nids.length, (i) => nodes.nids.at(i));
  return pages.write({
    ptype: PTYPE.NBT,
    entrySize: 32,
    count: order.length,
    writeEntry(page, offset, i) {
      const n = order[i]!;
      page.writeBigUInt64LE(BigInt(nodes.nids.at(n)), offset);
      page.writeBigUInt64LE(BigInt(nodes.data.at(n)), offset + 8);
      page.writeBigUInt64LE(BigInt(nodes.subnodes.at(n)), offset + 16);
      page.writeUInt32LE(nodes.parents.at(n), offset + 24);
      return nodes.nids.at(n);
    },
  });
}

/** The block B-tree: BBTENTRY = BREF (bid, ib), cb (2), cRef (2, 2 as Outlook writes), padding (4). */
export function writeBlockTree(pages: PageWriter, blocks: BlockStore): Bref {
  const order = orderBy(blocks.bids.length, (i) => blocks.bids.at(i));
  return pages.write({
    ptype: PTYPE.BBT,
    entrySize: 24,
    count: order.length,
    writeEntry(page, offset, i) {
      const b = order[i]!;
      page.writeBigUInt64LE(BigInt(blocks.bids.at(b)), offset);
      page.writeBigUInt64LE(BigInt(blocks.offsets.at(b)), offset + 8);
      page.writeUInt16LE(blocks.sizes.at(b), offset + 16);
      page.writeUInt16LE(2, offset + 18);
      return blocks.bids.at(b);
    },
  });
}
