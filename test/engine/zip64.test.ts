/**
 * ZIP64, where the 32-bit fields of a ZIP run out: more than 65,535 entries (an EML export of a large
 * mailbox), an entry over 4 GB (one folder as MBOX), an offset over 4 GB. Python's zipfile and unzip
 * read the archives back; the records for what a test cannot write quickly (a 4 GB offset) are checked
 * field by field against APPNOTE.TXT.
 */
import { openSync, readSync, closeSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openZipArchive } from '../../server/engine/index.ts';
import { centralHeader, dataDescriptor, endRecords } from '../../server/engine/files/zip-records.ts';
import { sha256 } from './support/archive-reader.ts';
import { entryDigests, entryInfos, testWithUnzip, unzipTotals } from './support/zip-tools.ts';

const FOUR_GB = 2 ** 32;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-zip64-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function bytesAt(file: string, position: number, length: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const out = Buffer.alloc(length);
    readSync(fd, out, 0, length, position);
    return out;
  } finally {
    closeSync(fd);
  }
}

describe('ZIP64', () => {
  it('holds 70,000 entries', async () => {
    const file = path.join(dir, 'many.zip');
    const archive = openZipArchive(file);
    const content = (i: number) => Buffer.from(`message ${i}\r\n`);
    const name = (i: number) => `email/INBOX/${String(i + 1).padStart(6, '0')}.eml`;
    for (let i = 0; i < 70_000; i++) await archive.addEntry(name(i), content(i), new Date(Date.UTC(2020, 0, 1)));
    await archive.close();

    const sample = [0, 65_534, 65_535, 65_536, 69_999];
    const read = entryDigests(file, sample.map(name));
    expect(read).toEqual({ count: 70_000, badEntry: null, digests: sample.map((i) => sha256(content(i))) });
    testWithUnzip(file);
    expect(unzipTotals(file).entries).toBe(70_000);
  }, 120_000);

  it('holds an entry over 4 GB, and the entry after it', async () => {
    const file = path.join(dir, 'large.zip');
    const archive = openZipArchive(file);
    const large = archive.openEntry('email/INBOX.mbox', new Date());
    const chunk = Buffer.alloc(4 * 1024 * 1024, 'From nobody\n');
    const chunks = Math.ceil((FOUR_GB + 1) / chunk.length);
    for (let i = 0; i < chunks; i++) await large.write(chunk);
    await large.end();
    const after = Buffer.from('the entry after the large one\r\n');
    await archive.addEntry('email/Sent/000001.eml', after, new Date());
    await archive.close();

    const [first, second] = entryInfos(file);
    expect(first).toMatchObject({ name: 'email/INBOX.mbox', size: chunks * chunk.length });
    expect(entryDigests(file, ['email/Sent/000001.eml'])).toEqual({ count: 2, badEntry: null, digests: [sha256(after)] });
    // The large entry's data descriptor, just before the next local header, has 8-byte sizes (4.3.9.2).
    const descriptor = bytesAt(file, (second?.offset ?? 0) - 24, 24);
    expect(descriptor.readUInt32LE(0)).toBe(0x08074b50);
    expect(descriptor.readUInt32LE(4)).toBe(first?.crc);
    expect(Number(descriptor.readBigUInt64LE(8))).toBe(first?.compressedSize);
    expect(Number(descriptor.readBigUInt64LE(16))).toBe(chunks * chunk.length);
    expect(unzipTotals(file)).toEqual({ entries: 2, bytes: chunks * chunk.length + after.length });
  }, 180_000);

  it('writes offsets and a directory beyond 4 GB into the ZIP64 fields', () => {
    const entry = {
      name: Buffer.from('email/Late.mbox'),
      mtime: new Date(Date.UTC(2021, 5, 1)),
      crc: 0x12345678,
      compressedSize: 100,
      size: 300,
      offset: 5 * FOUR_GB,
    };
    const header = centralHeader(entry);
    // Compressed size, size and offset say 0xFFFFFFFF; the ZIP64 extra field after the UT field holds all three.
    expect([header.readUInt32LE(20), header.readUInt32LE(24), header.readUInt32LE(42)]).toEqual([0xffffffff, 0xffffffff, 0xffffffff]);
    expect(header.readUInt16LE(6)).toBe(45);
    const zip64 = header.subarray(46 + entry.name.length + 9);
    expect([zip64.readUInt16LE(0), zip64.readUInt16LE(2)]).toEqual([0x0001, 24]);
    expect([zip64.readBigUInt64LE(4), zip64.readBigUInt64LE(12), zip64.readBigUInt64LE(20)]).toEqual([300n, 100n, BigInt(5 * FOUR_GB)]);
    expect(dataDescriptor(entry)).toHaveLength(16);

    const end = endRecords({ entries: 3, offset: 5 * FOUR_GB, size: 200 });
    expect(end).toHaveLength(56 + 20 + 22);
    expect([end.readUInt32LE(0), end.readBigUInt64LE(32), end.readBigUInt64LE(40), end.readBigUInt64LE(48)]).toEqual([
      0x06064b50,
      3n,
      200n,
      BigInt(5 * FOUR_GB),
    ]);
    expect([end.readUInt32LE(56), end.readBigUInt64LE(64)]).toEqual([0x07064b50, BigInt(5 * FOUR_GB + 200)]);
    expect([end.readUInt32LE(76), end.readUInt32LE(76 + 16)]).toEqual([0x06054b50, 0xffffffff]);
    expect(endRecords({ entries: 3, offset: 1000, size: 200 })).toHaveLength(22);
  });
});
