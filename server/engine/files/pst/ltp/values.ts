/**
 * Property types and how their values are stored ([MS-OXCDATA] 2.11.1, [MS-PST] 2.3.3.5): numbers of
 * up to 4 bytes inline in a record, the rest as bytes in the heap (or a subnode past 3,580 bytes).
 * Strings are UTF-16LE without a terminator; times are FILETIMEs (100 ns since 1601, UTC).
 */
export const PT = {
  SHORT: 0x0002,
  LONG: 0x0003,
  DOUBLE: 0x0005,
  BOOLEAN: 0x000b,
  I8: 0x0014,
  UNICODE: 0x001f,
  SYSTIME: 0x0040,
  CLSID: 0x0048,
  BINARY: 0x0102,
  MV_UNICODE: 0x101f,
} as const;

/**
 * A long text given a piece at a time, in order (a large body decoded as it is written): no copy of
 * it is ever whole in memory. Only a property context's long strings take one (property-context.ts).
 */
export class LongText {
  constructor(readonly pieces: () => Iterable<string>) {}
}

export type PropValue = number | boolean | bigint | string | Date | Uint8Array | string[] | LongText;
/** `keepEmpty`: an empty value is written (as HNID 0) instead of being left out. */
export type Prop = { id: number; type: number; value: PropValue; keepEmpty?: boolean };

export const tagOf = (id: number, type: number) => ((id << 16) | type) >>> 0;

/** Types stored in the record itself (a PC's 4 bytes, a table cell of their own size). */
export const isInline = (type: number) => type === PT.SHORT || type === PT.LONG || type === PT.BOOLEAN;

/** Size of a table cell of this type: 8-byte numbers, inline 4/2/1, and a 4-byte HNID for the rest. */
export function cellSize(type: number): number {
  if (type === PT.I8 || type === PT.SYSTIME || type === PT.DOUBLE) return 8;
  if (type === PT.SHORT) return 2;
  if (type === PT.BOOLEAN) return 1;
  return 4;
}

const EPOCH_DIFFERENCE_MS = 11_644_473_600_000n;
export function fileTime(date: Date): bigint {
  const ms = BigInt(Math.max(0, date.getTime())) + EPOCH_DIFFERENCE_MS;
  return ms * 10_000n;
}

/** The inline value as a 32-bit number. */
export function inlineValue(prop: Prop): number {
  if (typeof prop.value === 'boolean') return prop.value ? 1 : 0;
  if (typeof prop.value === 'number') return prop.type === PT.SHORT ? prop.value & 0xffff : prop.value >>> 0;
  throw new Error(`property ${prop.id.toString(16)} is not an inline number`);
}

/** The bytes of a value stored outside the record. */
export function valueBytes(prop: Prop): Buffer {
  const { value, type } = prop;
  switch (type) {
    case PT.UNICODE:
      if (value instanceof LongText) throw new Error(`property ${prop.id.toString(16)}: a long text goes to a subnode`);
      return Buffer.from(String(value), 'utf16le');
    case PT.SYSTIME: {
      const out = Buffer.alloc(8);
      out.writeBigUInt64LE(fileTime(value as Date));
      return out;
    }
    case PT.I8: {
      const out = Buffer.alloc(8);
      out.writeBigInt64LE(BigInt(value as bigint | number));
      return out;
    }
    case PT.DOUBLE: {
      const out = Buffer.alloc(8);
      out.writeDoubleLE(value as number);
      return out;
    }
    case PT.BINARY:
    case PT.CLSID:
      return Buffer.from(value as Uint8Array);
    case PT.MV_UNICODE: {
      const parts = (value as string[]).map((s) => Buffer.from(s, 'utf16le'));
      const head = Buffer.alloc(4 + 4 * parts.length);
      head.writeUInt32LE(parts.length, 0);
      let at = head.length;
      parts.forEach((part, i) => {
        head.writeUInt32LE(at, 4 + 4 * i);
        at += part.length;
      });
      return Buffer.concat([head, ...parts]);
    }
    default:
      throw new Error(`property type ${type.toString(16)} is not written`);
  }
}
