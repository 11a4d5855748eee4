/**
 * A B-tree-on-heap ([MS-PST] 2.3.2): fixed-size records sorted by key, in leaf allocations of at most
 * 3,580 bytes, with index levels above them (the first key of each child and its HID) until one
 * allocation is left; then the 8-byte BTHHEADER (0xB5, key size, data size, levels, root HID). An
 * empty tree has root HID 0. Returns the header's HID.
 */
import { CLIENT, MAX_ALLOCATION, type HeapWriter } from './heap.ts';

export type BthRecords = {
  keySize: 2 | 4 | 8 | 16;
  dataSize: number;
  count: number;
  /** Writes record `i` (in key order) at `offset`; its key is the first `keySize` bytes. */
  write(out: Buffer, offset: number, i: number): void;
};

export function writeBth(heap: HeapWriter, records: BthRecords): number {
  const recordSize = records.keySize + records.dataSize;
  let level: { key: Buffer; hid: number }[] = [];
  const perLeaf = Math.floor(MAX_ALLOCATION / recordSize);
  for (let first = 0; first < records.count; first += perLeaf) {
    const count = Math.min(perLeaf, records.count - first);
    const leaf = Buffer.alloc(count * recordSize);
    for (let j = 0; j < count; j++) records.write(leaf, j * recordSize, first + j);
    level.push({ key: Buffer.from(leaf.subarray(0, records.keySize)), hid: heap.allocate(leaf) });
  }
  let levels = 0;
  const indexSize = records.keySize + 4;
  const perIndex = Math.floor(MAX_ALLOCATION / indexSize);
  while (level.length > 1) {
    const above: { key: Buffer; hid: number }[] = [];
    for (let first = 0; first < level.length; first += perIndex) {
      const part = level.slice(first, first + perIndex);
      const node = Buffer.alloc(part.length * indexSize);
      part.forEach((entry, j) => {
        entry.key.copy(node, j * indexSize);
        node.writeUInt32LE(entry.hid >>> 0, j * indexSize + records.keySize);
      });
      above.push({ key: part[0]!.key, hid: heap.allocate(node) });
    }
    level = above;
    levels++;
  }
  const header = Buffer.alloc(8);
  header[0] = CLIENT.BTH;
  header[1] = records.keySize;
  header[2] = records.dataSize;
  header[3] = levels;
  header.writeUInt32LE((level[0]?.hid ?? 0) >>> 0, 4);
  return heap.allocate(header);
}
