/**
 * One ZIP file written as a stream: entries are added one after another and each is awaited until the
 * ZIP has consumed it, so memory holds at most one message (or one chunk of an open entry) whatever the
 * archive's size. yazl writes ZIP64 records when an entry, the archive or the entry count needs them
 * (fflate cannot), and deflates with Node's zlib off the main thread. The file is written beside its
 * final name and renamed into place only when complete, so a half-written archive is never offered.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';

export type ZipEntryWriter = {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
};

export type ZipArchive = {
  /** Adds a whole entry and resolves once the archive has taken it. */
  addEntry(name: string, data: Buffer, mtime: Date): Promise<void>;
  /** Opens an entry written in chunks (one MBOX file); only one entry is open at a time. */
  openEntry(name: string, mtime: Date): ZipEntryWriter;
  /** Ends the archive and puts it at its final path. */
  close(): Promise<void>;
  /** Stops and removes whatever was written. */
  discard(): Promise<void>;
};

export function openZipArchive(path: string, options: { compressionLevel?: number } = {}): ZipArchive {
  const partial = `${path}.partial`;
  const zip = new ZipFile();
  const file = createWriteStream(partial);
  const output = zip.outputStream as Readable;
  output.pipe(file);
  let failure: Error | null = null;
  const failed = new Promise<never>((_, reject) => {
    const fail = (error: Error) => {
      failure ??= error;
      reject(failure);
    };
    output.on('error', fail);
    file.on('error', fail);
    zip.on('error', fail);
  });
  failed.catch(() => {});
  const level = options.compressionLevel ?? 6;

  const consumed = async (stream: Readable) => {
    await Promise.race([once(stream, 'end'), failed]);
  };

  return {
    async addEntry(name, data, mtime) {
      if (failure) throw failure;
      const stream = Readable.from([data]);
      zip.addReadStream(stream, name, { mtime, compressionLevel: level, size: data.length });
      await consumed(stream);
    },
    openEntry(name, mtime) {
      const stream = new PassThrough();
      zip.addReadStream(stream, name, { mtime, compressionLevel: level });
      return {
        async write(chunk) {
          if (failure) throw failure;
          if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), failed]);
        },
        async end() {
          stream.end();
          await consumed(stream);
        },
      };
    },
    async close() {
      zip.end();
      await Promise.race([finished(file), failed]);
      await rename(partial, path);
    },
    async discard() {
      output.unpipe(file);
      file.destroy();
      await rm(partial, { force: true });
    },
  };
}
