/**
 * One ZIP file written as a stream, one entry after another, whose memory does not grow with the
 * number or the size of the entries (decision 0019): an entry's bytes are deflated in pieces (deflater.ts)
 * straight to the file, each write waiting while the file stream is behind (file-sink.ts),
 * and nothing keeps a written Buffer. What the central directory needs of each entry is appended to a
 * second file beside the archive and copied to its end on close, so not even the entry list stays in
 * memory. ZIP64 records are written when sizes, offsets or the entry count need them
 * (zip-records.ts). The archive is written beside its final name and renamed into place only when
 * complete, so a half-written archive is never offered.
 */
import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createDeflater, DEFAULT_LEVEL, type Deflater } from './deflater.ts';
import { openFileSink } from './file-sink.ts';
import { centralHeader, dataDescriptor, endRecords, localHeader } from './zip-records.ts';

export type ZipEntryWriter = {
  /** Each write is awaited before the next (the chunk may be reused once it resolves). */
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
};

export type ZipArchive = {
  /** Adds a whole entry and resolves once the archive has written it. */
  addEntry(name: string, data: Buffer, mtime: Date): Promise<void>;
  /**
   * Opens an entry written in chunks (one MBOX file); only one entry is open at a time. `level`: a
   * deflate level other than zlib's default, for an entry large enough that speed matters more (a PST).
   */
  openEntry(name: string, mtime: Date, options?: { level?: number }): ZipEntryWriter;
  /** Ends the archive and puts it at its final path. */
  close(): Promise<void>;
  /** Stops and removes whatever was written. */
  discard(): Promise<void>;
};

export function openZipArchive(path: string): ZipArchive {
  const partial = `${path}.partial`;
  const directoryPath = `${path}.directory.partial`;
  const out = openFileSink(partial);
  const directory = openFileSink(directoryPath);
  // One deflate stream for every entry of a level, made when its first entry opens (see deflater.ts).
  const deflaters = new Map<number, Deflater>();
  const deflaterAt = (level: number) => {
    const known = deflaters.get(level);
    if (known) return known;
    const made = createDeflater((chunk) => out.write(chunk), level);
    deflaters.set(level, made);
    return made;
  };
  const destroyDeflaters = () => {
    for (const deflater of deflaters.values()) deflater.destroy();
  };
  let entries = 0;
  let open: string | null = null;
  let state: 'writing' | 'closed' | 'discarded' = 'writing';

  function entryWriter(name: string, mtime: Date, { level = DEFAULT_LEVEL }: { level?: number } = {}): ZipEntryWriter {
    if (state !== 'writing') throw new Error(`the archive is ${state}: cannot add ${name}`);
    if (open !== null) throw new Error(`cannot open ${name} while ${open} is open: a ZIP is written one entry at a time`);
    const nameBytes = Buffer.from(name, 'utf8');
    const deflater = deflaterAt(level);
    const offset = out.written;
    const started = out.write(localHeader(nameBytes, mtime));
    open = name;

    return {
      async write(chunk) {
        if (state === 'discarded') throw new Error(`the archive is discarded: ${name} cannot be written`);
        await started;
        await deflater.write(chunk);
      },
      async end() {
        await started;
        const data = await deflater.finish();
        await out.write(dataDescriptor(data));
        await directory.write(centralHeader({ ...data, name: nameBytes, mtime, offset }));
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
      if (open !== null) throw new Error(`${open} is still open`);
      state = 'closed';
      destroyDeflaters();
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
      destroyDeflaters();
      await Promise.all([out.destroy(), directory.destroy()]);
      await Promise.all([rm(partial, { force: true }), rm(directoryPath, { force: true })]);
    },
  };
}
