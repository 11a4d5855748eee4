/**
 * A file written in order, whose writes resolve only once the file stream has room again: whoever
 * writes faster than the disk takes it waits instead of piling Buffers up in the stream's queue, so
 * the memory a writer holds is the stream's high-water mark and one chunk. It counts the bytes written
 * (a ZIP's offsets). The first error of the stream fails every write after it.
 *
 * Small chunks are gathered into one Buffer before they go to the stream: each write the stream makes
 * is a trip to Node's thread pool and a system call, and a ZIP of small EML messages has four small
 * chunks a message (local header, deflated data, data descriptor, directory record). The order of
 * the bytes is the order of the calls, whether or not each call is awaited before the next.
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
  /** Stops at once (later writes reject), and resolves once the file is closed: only then may it be removed. */
  destroy(): Promise<void>;
};

// Larger than the stream's 16 KB default, so a deflated entry goes out in fewer, fuller writes.
const HIGH_WATER_MARK = 256 * 1024;
// Chunks smaller than this are gathered; a gathered Buffer goes to the stream once the next chunk would not fit.
const GATHER = 64 * 1024;
// An archive is a whole mailbox: readable by the service's user only, the partial file as much as the finished one.
const OWNER_ONLY = 0o600;

export function openFileSink(path: string): FileSink {
  const stream = createWriteStream(path, { highWaterMark: HIGH_WATER_MARK, mode: OWNER_ONLY });
  let failure: Error | null = null;
  const failed = new Promise<never>((_, reject) => {
    stream.on('error', (error) => reject((failure ??= error)));
  });
  failed.catch(() => {});
  const stopped = () => failure ?? new Error(`${path} is no longer being written`);
  let written = 0;
  let gathered = Buffer.allocUnsafeSlow(GATHER);
  let filled = 0;

  /** Hands what is gathered to the stream; false when the stream is full. */
  function pass(): boolean {
    if (filled === 0) return true;
    const full = gathered.subarray(0, filled);
    // The stream keeps `full` until it is written, so the next chunks are gathered in another Buffer.
    gathered = Buffer.allocUnsafeSlow(GATHER);
    filled = 0;
    return stream.write(full);
  }

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
      let roomLeft = filled + chunk.length > GATHER ? pass() : true;
      if (chunk.length >= GATHER) roomLeft = stream.write(chunk) && roomLeft;
      else filled += chunk.copy(gathered, filled);
      if (!roomLeft) await room();
    },
    get written() {
      return written;
    },
    async end() {
      pass();
      stream.end();
      await Promise.race([finished(stream), failed]);
    },
    async destroy() {
      // The file is opened in the thread pool when the sink is made: removed before that open has
      // run, it would be created again after. Closed, its open has run.
      if (stream.closed) return;
      const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
      stream.destroy();
      await closed;
    },
  };
}
