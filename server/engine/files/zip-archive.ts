/**
 * One ZIP file written as a stream, one entry after another, whose memory does not grow with the
 * number or the size of the entries (decision 0019): an entry's bytes go through Node's zlib deflate
 * in pieces straight to the file, each write waiting while the file stream is behind (file-sink.ts),
 * and nothing keeps a written Buffer. What the central directory needs of each entry is appended to a
 * second file beside the archive and copied to its end on close, so not even the entry list stays in
 * memory. ZIP64 records are written when sizes, offsets or the entry count need them
 * (zip-records.ts). The archive is written beside its final name and renamed into place only when
 * complete, so a half-written archive is never offered.
 */
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createDeflateRaw, crc32, type DeflateRaw } from 'node:zlib';
import { openFileSink } from './file-sink.ts';
import { centralHeader, dataDescriptor, endRecords, localHeader } from './zip-records.ts';

export type ZipEntryWriter = {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
};

export type ZipArchive = {
  /** Adds a whole entry and resolves once the archive has written it. */
  addEntry(name: string, data: Buffer, mtime: Date): Promise<void>;
  /** Opens an entry written in chunks (one MBOX file); only one entry is open at a time. */
  openEntry(name: string, mtime: Date): ZipEntryWriter;
  /** Ends the archive and puts it at its final path. */
  close(): Promise<void>;
  /** Stops and removes whatever was written. */
  discard(): Promise<void>;
};

// Input goes to deflate in pieces of this size, so a 50 MB message is never queued whole in zlib or
// in the file stream: each piece waits until the one before it has left.
const PIECE = 256 * 1024;
const LEVEL = 6;

export function openZipArchive(path: string): ZipArchive {
  const partial = `${path}.partial`;
  const directoryPath = `${path}.directory.partial`;
  const out = openFileSink(partial);
  const directory = openFileSink(directoryPath);
  let entries = 0;
  let open: { name: string; deflate: DeflateRaw } | null = null;
  let state: 'writing' | 'closed' | 'discarded' = 'writing';

  function entryWriter(name: string, mtime: Date): ZipEntryWriter {
    if (state !== 'writing') throw new Error(`the archive is ${state}: cannot add ${name}`);
    if (open !== null) throw new Error(`cannot open ${name} while ${open.name} is open: a ZIP is written one entry at a time`);
    const nameBytes = Buffer.from(name, 'utf8');
    const offset = out.written;
    const started = out.write(localHeader(nameBytes, mtime));
    const deflate = createDeflateRaw({ level: LEVEL });
    open = { name, deflate };
    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    // Moves deflate's output to the file; while the file is behind, deflate's buffers fill and its
    // writes below wait for 'drain'.
    const pump = (async () => {
      await started;
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        compressedSize += chunk.length;
        await out.write(chunk);
      }
    })();
    pump.catch(() => {});

    return {
      async write(chunk) {
        if (state === 'discarded') throw new Error(`the archive is discarded: ${name} cannot be written`);
        for (let at = 0; at < chunk.length; at += PIECE) {
          const piece = chunk.subarray(at, at + PIECE);
          crc = crc32(piece, crc);
          size += piece.length;
          if (!deflate.write(piece)) await Promise.race([once(deflate, 'drain'), pump]);
        }
      },
      async end() {
        deflate.end();
        await pump;
        await out.write(dataDescriptor({ crc, compressedSize, size }));
        await directory.write(centralHeader({ name: nameBytes, mtime, crc, compressedSize, size, offset }));
        entries++;
        open = null;
      },
    };
  }

  return {
    async addEntry(name, data, mtime) {
      const entry = entryWriter(name, mtime);
      await entry.write(data);
      await entry.end();
    },
    openEntry: entryWriter,
    async close() {
      if (state !== 'writing') throw new Error(`the archive is ${state}`);
      if (open !== null) throw new Error(`${open.name} is still open`);
      state = 'closed';
      await directory.end();
      const start = out.written;
      for await (const chunk of createReadStream(directoryPath) as AsyncIterable<Buffer>) await out.write(chunk);
      await out.write(endRecords({ entries, offset: start, size: out.written - start }));
      await out.end();
      await rename(partial, path);
      await rm(directoryPath, { force: true });
    },
    async discard() {
      state = 'discarded';
      open?.deflate.destroy();
      out.destroy();
      directory.destroy();
      await Promise.all([rm(partial, { force: true }), rm(directoryPath, { force: true })]);
    },
  };
}
