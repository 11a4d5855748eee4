/**
 * A file written in order, whose writes resolve only once the file stream has room again: whoever
 * writes faster than the disk takes it waits instead of piling Buffers up in the stream's queue, so
 * the memory a writer holds is the stream's high-water mark and one chunk. It counts the bytes written
 * (a ZIP's offsets). The first error of the stream fails every write after it.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';

export type FileSink = {
  write(chunk: Buffer): Promise<void>;
  /** Bytes handed to write so far. */
  readonly written: number;
  /** Flushes and closes the file. */
  end(): Promise<void>;
  /** Stops at once; later writes reject. */
  destroy(): void;
};

// Larger than the stream's 16 KB default, so a deflated entry goes out in fewer, fuller writes.
const HIGH_WATER_MARK = 256 * 1024;

export function openFileSink(path: string): FileSink {
  const stream = createWriteStream(path, { highWaterMark: HIGH_WATER_MARK });
  let failure: Error | null = null;
  const failed = new Promise<never>((_, reject) => {
    stream.on('error', (error) => reject((failure ??= error)));
  });
  failed.catch(() => {});
  const stopped = () => failure ?? new Error(`${path} is no longer being written`);
  let written = 0;

  /** Until the stream has room, or will never have it again. */
  async function room(): Promise<void> {
    const waiting = new AbortController();
    const closed = once(stream, 'close', { signal: waiting.signal }).then(() => {
      throw stopped();
    });
    try {
      await Promise.race([once(stream, 'drain', { signal: waiting.signal }), closed, failed]);
    } finally {
      waiting.abort();
    }
  }

  return {
    async write(chunk) {
      if (failure || stream.destroyed) throw stopped();
      written += chunk.length;
      if (!stream.write(chunk)) await room();
    },
    get written() {
      return written;
    },
    async end() {
      stream.end();
      await Promise.race([finished(stream), failed]);
    },
    destroy() {
      stream.destroy();
    },
  };
}
