/**
 * A table context ([MS-PST] 2.3.4): a heap whose root is TCINFO — the columns (tag, offset in the row,
 * size, cell-existence bit), the row index (a BTH of row ID to row number) and the row matrix. A row is
 * its 4- and 8-byte cells (row ID and row version first), then 2-byte, then 1-byte cells, then the
 * cell-existence bitmap; a string or binary cell holds the HID of its value in the table's heap.
 *
 * Rows are added one at a time and leave memory as they come: their values go into the heap (whose
 * full blocks are written at once), their bytes into the row matrix, which is written block by block
 * (a whole number of rows per block, as readers expect) into a subnode — unless the table stays small
 * enough (3,580 bytes) for the matrix to be one heap allocation. What is kept per row is its ID and
 * number (8 bytes), for the row index written at the end.
 */
import { DataTreeWriter, MAX_BLOCK_DATA, writeSubnodeTree, type BlockStore } from '../ndb/blocks.ts';
import { uint32s } from '../ndb/growable.ts';
import { writeBth } from './bth.ts';
import { CLIENT, HeapWriter, MAX_ALLOCATION } from './heap.ts';
import type { NidSource } from './property-context.ts';
import { cellSize, inlineValue, isInline, PT, tagOf, valueBytes, type Prop, type PropValue } from './values.ts';

const ROW_ID = tagOf(0x67f2, PT.LONG);
const ROW_VERSION = tagOf(0x67f3, PT.LONG);
/** Longest string kept in a table cell: the object's own properties keep the whole value. */
const MAX_CELL_CHARS = 1024;

type Column = { tag: number; type: number; offset: number; size: number; bit: number };

export class TableWriter {
  private readonly heap: HeapWriter;
  private readonly columns: Column[];
  private readonly byTag = new Map<number, Column>();
  private readonly rowSize: number;
  private readonly ends: [number, number, number, number];
  private readonly rowsPerBlock: number;
  private readonly rowIds = uint32s();
  private block: Buffer;
  private inBlock = 0;
  private matrix: DataTreeWriter | null = null;

  /** `tags`: the columns besides row ID and row version (property ID << 16 | type). */
  constructor(
    private readonly store: BlockStore,
    tags: number[],
    private readonly newSubnodeNid: NidSource,
  ) {
    this.heap = new HeapWriter(store, CLIENT.TABLE);
    const others = [...new Set(tags)].filter((t) => t !== ROW_ID && t !== ROW_VERSION);
    const typeOf = (tag: number) => tag & 0xffff;
    const ordered = [
      ROW_ID,
      ROW_VERSION,
      ...others.filter((t) => cellSize(typeOf(t)) === 8),
      ...others.filter((t) => cellSize(typeOf(t)) === 4),
      ...others.filter((t) => cellSize(typeOf(t)) === 2),
      ...others.filter((t) => cellSize(typeOf(t)) === 1),
    ];
    let offset = 0;
    const ends: number[] = [];
    this.columns = ordered.map((tag, bit) => {
      const size = cellSize(typeOf(tag));
      const column = { tag, type: typeOf(tag), offset, size, bit };
      offset += size;
      return column;
    });
    for (const size of [4, 2, 1]) {
      const last = this.columns.filter((c) => (size === 4 ? c.size >= 4 : c.size === size)).at(-1);
      ends.push(last ? last.offset + last.size : (ends.at(-1) ?? 0));
    }
    this.rowSize = ends[2]! + Math.ceil(this.columns.length / 8);
    this.ends = [ends[0]!, ends[1]!, ends[2]!, this.rowSize];
    for (const column of this.columns) this.byTag.set(column.tag, column);
    this.rowsPerBlock = Math.floor(MAX_BLOCK_DATA / this.rowSize);
    this.block = Buffer.alloc(this.rowsPerBlock * this.rowSize);
  }

  get rowCount(): number {
    return this.rowIds.length;
  }

  /** Adds a row; values of columns the table does not have are ignored, absent ones stay unset. */
  addRow(rowId: number, values: { tag: number; value: PropValue }[]): void {
    const row = this.block.subarray(this.inBlock * this.rowSize, (this.inBlock + 1) * this.rowSize);
    const bitmapAt = this.ends[2];
    const set = (column: Column) => (row[bitmapAt + (column.bit >> 3)]! |= 0x80 >> (column.bit & 7));
    row.writeUInt32LE(rowId >>> 0, 0);
    row.writeUInt32LE(0, 4);
    set(this.columns[0]!);
    set(this.columns[1]!);
    for (const { tag, value } of values) {
      const column = this.byTag.get(tag);
      if (!column || column.tag === ROW_ID || column.tag === ROW_VERSION) continue;
      const prop: Prop = { id: tag >>> 16, type: column.type, value };
      if (isInline(column.type)) {
        const number = inlineValue(prop);
        if (column.size === 4) row.writeUInt32LE(number, column.offset);
        else if (column.size === 2) row.writeUInt16LE(number, column.offset);
        else row[column.offset] = number;
      } else if (column.size === 8) {
        valueBytes(prop).copy(row, column.offset);
      } else {
        if (typeof value === 'string' && value.length > MAX_CELL_CHARS) prop.value = value.slice(0, MAX_CELL_CHARS);
        const bytes = valueBytes(prop);
        if (bytes.length === 0 || bytes.length > MAX_ALLOCATION) continue;
        row.writeUInt32LE(this.heap.allocate(bytes) >>> 0, column.offset);
      }
      set(column);
    }
    this.rowIds.push(rowId);
    if (++this.inBlock === this.rowsPerBlock) this.flushRows();
  }

  private flushRows(): void {
    this.matrix ??= new DataTreeWriter(this.store);
    this.matrix.add(this.block.subarray(0, this.inBlock * this.rowSize));
    this.block = Buffer.alloc(this.rowsPerBlock * this.rowSize);
    this.inBlock = 0;
  }

  /** Writes the row index, the matrix and TCINFO; returns the node's data and subnode BIDs. */
  end(): { bidData: number; bidSub: number } {
    const count = this.rowIds.length;
    let rows = 0;
    const subnodes = [];
    const matrixBytes = this.inBlock * this.rowSize;
    if (!this.matrix && count > 0 && matrixBytes <= MAX_ALLOCATION) {
      rows = this.heap.allocate(this.block.subarray(0, matrixBytes));
    } else if (count > 0) {
      if (this.inBlock > 0) this.flushRows();
      rows = this.newSubnodeNid();
      subnodes.push({ nid: rows, bidData: this.matrix!.end(), bidSub: 0 });
    }
    const order = new Uint32Array(count);
    for (let i = 0; i < count; i++) order[i] = i;
    order.sort((a, b) => this.rowIds.at(a) - this.rowIds.at(b));
    const rowIndex = writeBth(this.heap, {
      keySize: 4,
      dataSize: 4,
      count,
      write: (out, offset, i) => {
        out.writeUInt32LE(this.rowIds.at(order[i]!), offset);
        out.writeUInt32LE(order[i]!, offset + 4);
      },
    });
    const sorted = [...this.columns].sort((a, b) => a.tag - b.tag);
    const info = Buffer.alloc(22 + 8 * sorted.length);
    info[0] = CLIENT.TABLE;
    info[1] = sorted.length;
    this.ends.forEach((end, i) => info.writeUInt16LE(end, 2 + 2 * i));
    info.writeUInt32LE(rowIndex >>> 0, 10);
    info.writeUInt32LE(rows >>> 0, 14);
    info.writeUInt32LE(0, 18); // hidIndex: deprecated
    sorted.forEach((c, i) => {
      info.writeUInt32LE(c.tag, 22 + 8 * i);
      info.writeUInt16LE(c.offset, 26 + 8 * i);
      info[28 + 8 * i] = c.size;
      info[29 + 8 * i] = c.bit;
    });
    const bidData = this.heap.end(this.heap.allocate(info));
    return { bidData, bidSub: writeSubnodeTree(this.store, subnodes) };
  }
}
