/**
 * The name-to-ID map ([MS-PST] 2.4.7), node 0x61: which named property (a property set GUID and a
 * numeric ID, here only numeric ones) each property ID from 0x8000 stands for. Its PC holds the GUID
 * stream (0x0002: the GUIDs other than PS_MAPI and PS_PUBLIC_STRINGS), the entry stream (0x0003: 8
 * bytes an entry: the numeric name, GUID index << 1, property index), an empty string stream (0x0004),
 * and the hash buckets (0x1000 + (name XOR GUID index << 1) mod 251, as [MS-OXMSG] 2.2.3.1.2 writes
 * them) that Outlook looks names up in. IDs are handed out densely from 0x8000 in the order asked, as
 * Outlook does: Outlook gives the next one out as 0x8000 + the number of entries.
 */
import { PT, type Prop } from '../ltp/values.ts';

const BUCKETS = 251;

/** A property set's GUID as its 16 bytes (Data1–3 little-endian). */
export function guidBytes(text: string): Buffer {
  const hex = text.replace(/[{}-]/g, '');
  const b = Buffer.from(hex, 'hex');
  const out = Buffer.alloc(16);
  out.writeUInt32LE(b.readUInt32BE(0), 0);
  out.writeUInt16LE(b.readUInt16BE(4), 4);
  out.writeUInt16LE(b.readUInt16BE(6), 6);
  b.copy(out, 8, 8, 16);
  return out;
}

export const PSETID = {
  ADDRESS: '00062004-0000-0000-C000-000000000046',
  COMMON: '00062008-0000-0000-C000-000000000046',
} as const;

export class NamedProperties {
  private readonly guids: string[] = [];
  private readonly entries: { lid: number; guidIndex: number; index: number }[] = [];
  private readonly ids = new Map<string, number>();

  /** Readers refuse a map without entries (libpff): the contact e-mail addresses are always there. */
  constructor() {
    for (const lid of [0x8083, 0x8093, 0x80a3]) this.id(PSETID.ADDRESS, lid);
  }

  /** The property ID (0x8000…) of the numeric named property `lid` of property set `guid`. */
  id(guid: string, lid: number): number {
    const key = `${guid}:${lid}`;
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    let g = this.guids.indexOf(guid);
    if (g === -1) g = this.guids.push(guid) - 1;
    const index = this.entries.length;
    this.entries.push({ lid, guidIndex: g + 3, index });
    this.ids.set(key, 0x8000 + index);
    return 0x8000 + index;
  }

  props(): Prop[] {
    const record = (e: { lid: number; guidIndex: number; index: number }) => {
      const out = Buffer.alloc(8);
      out.writeUInt32LE(e.lid >>> 0, 0);
      out.writeUInt16LE(e.guidIndex << 1, 4);
      out.writeUInt16LE(e.index, 6);
      return out;
    };
    const buckets = new Map<number, Buffer[]>();
    for (const e of this.entries) {
      const bucket = 0x1000 + (((e.lid ^ (e.guidIndex << 1)) >>> 0) % BUCKETS);
      buckets.set(bucket, [...(buckets.get(bucket) ?? []), record(e)]);
    }
    return [
      { id: 0x0001, type: PT.LONG, value: BUCKETS },
      { id: 0x0002, type: PT.BINARY, value: Buffer.concat(this.guids.map(guidBytes)), keepEmpty: true },
      { id: 0x0003, type: PT.BINARY, value: Buffer.concat(this.entries.map(record)) },
      { id: 0x0004, type: PT.BINARY, value: Buffer.alloc(0), keepEmpty: true },
      ...[...buckets].map(([id, records]) => ({ id, type: PT.BINARY, value: Buffer.concat(records) })),
    ];
  }
}
