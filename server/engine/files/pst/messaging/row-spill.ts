/**
 * The contents-table rows of every folder, kept on disk until the tables are written at the end: a
 * folder of a hundred thousand messages would otherwise hold a row of each in memory. Each row is one
 * JSON line appended to `<pst>.rows.partial`; a folder keeps the offset and length of each of its rows
 * (two doubles), and reads them back in order when its table is written. The file is removed then.
 */
import { open, rm, type FileHandle } from 'node:fs/promises';
import { doubles, type Growable } from '../ndb/growable.ts';
import type { PropValue } from '../ltp/values.ts';
import type { Row } from './message.ts';

export type RowList = { offsets: Growable<Float64Array>; lengths: Growable<Float64Array> };
export const newRowList = (): RowList => ({ offsets: doubles(), lengths: doubles() });

type Encoded = PropValue | { d: number } | { b: string } | { i: string };
const encode = (v: PropValue): Encoded =>
  v instanceof Date
    ? { d: v.getTime() }
    : v instanceof Uint8Array
      ? { b: Buffer.from(v).toString('base64') }
      : typeof v === 'bigint'
        ? { i: String(v) }
        : v;
function decode(v: Encoded): PropValue {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v as PropValue;
  if ('d' in v) return new Date(v.d);
  if ('b' in v) return Buffer.from(v.b, 'base64');
  if ('i' in v) return BigInt(v.i);
  return v as PropValue;
}

export class RowSpill {
  private written = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  private constructor(
    private readonly handle: FileHandle,
    readonly path: string,
  ) {}

  static async open(path: string): Promise<RowSpill> {
    return new RowSpill(await open(path, 'w+'), path);
  }

  append(list: RowList, row: Row): void {
    const line = Buffer.from(JSON.stringify(row.map(({ tag, value }) => [tag, encode(value)])), 'utf8');
    list.offsets.push(this.written);
    list.lengths.push(line.length);
    this.written += line.length;
    this.pending.push(line);
    this.pendingBytes += line.length;
  }

  async drain(force = false): Promise<void> {
    if (this.pending.length === 0 || (!force && this.pendingBytes < 256 * 1024)) return;
    const chunks = this.pending;
    const at = this.written - this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
    await this.handle.writev(chunks, at);
  }

  /** The rows of a list, in the order they were appended. */
  async *rows(list: RowList): AsyncGenerator<Row> {
    await this.drain(true);
    for (let i = 0; i < list.offsets.length; i++) {
      const buffer = Buffer.alloc(list.lengths.at(i));
      await this.handle.read(buffer, 0, buffer.length, list.offsets.at(i));
      const cells = JSON.parse(buffer.toString('utf8')) as [number, Encoded][];
      yield cells.map(([tag, value]) => ({ tag, value: decode(value) }));
    }
  }

  async remove(): Promise<void> {
    await this.handle.close();
    await rm(this.path, { force: true });
  }
}
