/**
 * The byte layout of a ZIP written as a stream (PKWARE's APPNOTE.TXT 6.3.10: 4.3.7 local file header,
 * 4.3.9 data descriptor, 4.3.12 central directory header, 4.3.14–4.3.16 end records, 4.5.3 ZIP64
 * extra field; Info-ZIP's "UT" extended timestamp). Each entry is deflated, with general purpose bit 3
 * (sizes and CRC follow the data) and bit 11 (the name is UTF-8). A size or offset that does not fit
 * in 32 bits is written as 0xFFFFFFFF with the real value in a ZIP64 extra field, and more than 65,534
 * entries or a directory beyond 4 GB add the ZIP64 end records: readers take whichever applies.
 */

/** What the central directory says of one entry, once its data is written. */
export type EntryRecord = {
  name: Buffer;
  mtime: Date;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts in the archive. */
  offset: number;
};

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const DEFLATE = 8;
const FLAGS = (1 << 3) | (1 << 11);
const VERSION_DEFLATE = 20;
const VERSION_ZIP64 = 45;
// Made by Unix (3), spec 4.5: the external attributes carry a Unix mode, as unzip and Python read it.
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_MODE = 0o100644;

function uint64(buffer: Buffer, value: number, at: number): void {
  buffer.writeBigUInt64LE(BigInt(value), at);
}

/** MS-DOS date and time, in local time as unzip programs read them, within the years DOS can say. */
function dosDateTime(date: Date): { date: number; time: number } {
  const min = new Date(1980, 0, 1);
  const max = new Date(2107, 11, 31, 23, 59, 58);
  const d = date < min ? min : date > max ? max : date;
  return {
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
  };
}

/** Info-ZIP's "UT" field with the modification time in UTC seconds, which DOS time cannot say. */
function extendedTimestamp(mtime: Date): Buffer {
  const field = Buffer.alloc(9);
  field.writeUInt16LE(0x5455, 0);
  field.writeUInt16LE(5, 2);
  field.writeUInt8(1, 4);
  field.writeInt32LE(Math.max(-0x80000000, Math.min(0x7fffffff, Math.floor(mtime.getTime() / 1000))), 5);
  return field;
}

export function localHeader(name: Buffer, mtime: Date): Buffer {
  const extra = extendedTimestamp(mtime);
  const { date, time } = dosDateTime(mtime);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION_DEFLATE, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  // CRC and sizes (14–25) stay 0: with bit 3 they follow the data.
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

/** After the data: CRC and sizes, 8-byte sizes when either needs more than 32 bits (4.3.9.2). */
export function dataDescriptor(entry: Pick<EntryRecord, 'crc' | 'compressedSize' | 'size'>): Buffer {
  const wide = entry.compressedSize >= MAX32 || entry.size >= MAX32;
  const descriptor = Buffer.alloc(wide ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  if (wide) {
    uint64(descriptor, entry.compressedSize, 8);
    uint64(descriptor, entry.size, 16);
  } else {
    descriptor.writeUInt32LE(entry.compressedSize, 8);
    descriptor.writeUInt32LE(entry.size, 12);
  }
  return descriptor;
}

export function centralHeader(entry: EntryRecord): Buffer {
  const zip64 = entry.compressedSize >= MAX32 || entry.size >= MAX32 || entry.offset >= MAX32;
  const extras = [extendedTimestamp(entry.mtime)];
  if (zip64) {
    // All three values go into the field, so all three 32-bit fields say 0xFFFFFFFF (4.5.3).
    const field = Buffer.alloc(28);
    field.writeUInt16LE(0x0001, 0);
    field.writeUInt16LE(24, 2);
    uint64(field, entry.size, 4);
    uint64(field, entry.compressedSize, 12);
    uint64(field, entry.offset, 20);
    extras.push(field);
  }
  const extra = Buffer.concat(extras);
  const { date, time } = dosDateTime(entry.mtime);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY, 4);
  header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_DEFLATE, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(zip64 ? MAX32 : entry.compressedSize, 20);
  header.writeUInt32LE(zip64 ? MAX32 : entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // Comment length, disk number, internal attributes (32–37): 0.
  header.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
  header.writeUInt32LE(zip64 ? MAX32 : entry.offset, 42);
  return Buffer.concat([header, entry.name, extra]);
}

/** The end of the archive, after the central directory: ZIP64 records first when anything overflows. */
export function endRecords(directory: { entries: number; offset: number; size: number }): Buffer {
  const zip64 = directory.entries >= MAX16 || directory.offset >= MAX32 || directory.size >= MAX32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(directory.entries, MAX16), 8);
  end.writeUInt16LE(Math.min(directory.entries, MAX16), 10);
  end.writeUInt32LE(Math.min(directory.size, MAX32), 12);
  end.writeUInt32LE(Math.min(directory.offset, MAX32), 16);
  if (!zip64) return end;

  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  uint64(record, 56 - 12, 4);
  record.writeUInt16LE(MADE_BY, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  // This disk and the directory's disk (16–23): 0.
  uint64(record, directory.entries, 24);
  uint64(record, directory.entries, 32);
  uint64(record, directory.size, 40);
  uint64(record, directory.offset, 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  // The ZIP64 end record starts where the directory ends.
  uint64(locator, directory.offset + directory.size, 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}
