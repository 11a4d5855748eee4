/**
 * The deflated data of a ZIP's entries, one entry after another, through one zlib stream for the whole
 * archive, finished and reset at the end of each entry. A stream per entry cost every entry zlib's
 * state and buffers for the garbage collector to find: with 100,000 small messages as EML, tens of MB
 * of the export's peak (docs/performance.md).
 *
 * Input is gathered into pieces of PIECE bytes before zlib sees it: zlib works on Node's thread pool,
 * one trip there per write, so the three parts of each MBOX message (separator, message, blank line)
 * would each cost a trip, and a 50 MB message goes in a piece at a time. Each piece's output has been
 * handed on (and the file has taken it, see file-sink.ts) before the next piece goes in.
 */
import type { TransformOptions } from 'node:stream';
import { constants, crc32, createDeflateRaw, type ZlibOptions } from 'node:zlib';

const PIECE = 256 * 1024;
/** zlib's default: what every entry gets unless its archive asks for another level (zip-archive.ts). */
export const DEFAULT_LEVEL = 6;
// What deflate gives back for one piece and the end of an entry (at most the piece, a few bytes a
// block, and the little it held back before) stays under this, so the callback of a write is never held
// back for a reader: the output is read only once the callback has come.
const DEFLATED_ROOM = 2 * PIECE;

/** What the ZIP records say of an entry's data. */
export type Deflated = { crc: number; size: number; compressedSize: number };

export type Deflater = {
  /** Adds to the current entry; resolves once the input may be reused. Each write is awaited before the next. */
  write(chunk: Buffer): Promise<void>;
  /** Ends the current entry, after its last output has been handed on; the next write starts another. */
  finish(): Promise<Deflated>;
  /** Frees zlib's memory; the deflater cannot be used after. */
  destroy(): void;
};

/** A deflater at `level` handing its output, in order, to `emit`, which resolves when it can take more. */
export function createDeflater(emit: (chunk: Buffer) => Promise<void>, level = DEFAULT_LEVEL): Deflater {
  // Node's zlib streams take a Transform's options too (its zlib.js hands them on); its types leave them out.
  const options: ZlibOptions & TransformOptions = { level, readableHighWaterMark: DEFLATED_ROOM };
  const deflate = createDeflateRaw(options);
  // Each write's callback gets the error; without a listener it would also be thrown.
  deflate.on('error', () => {});
  const piece = Buffer.allocUnsafeSlow(PIECE);
  let filled = 0;
  let entry: Deflated = { crc: 0, size: 0, compressedSize: 0 };

  /** Deflates the piece gathered so far, and with `end` the end of the entry's stream; hands the output on. */
  async function deflatePiece(end: boolean): Promise<void> {
    const input = piece.subarray(0, filled);
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (end) {
        if (input.length > 0) deflate.write(input);
        deflate.flush(constants.Z_FINISH, done);
      } else deflate.write(input, done);
    });
    filled = 0;
    for (let chunk = deflate.read() as Buffer | null; chunk !== null; chunk = deflate.read() as Buffer | null) {
      entry.compressedSize += chunk.length;
      await emit(chunk);
    }
  }

  return {
    async write(chunk) {
      for (let at = 0; at < chunk.length;) {
        const taken = chunk.copy(piece, filled, at);
        entry.crc = crc32(piece.subarray(filled, filled + taken), entry.crc);
        entry.size += taken;
        filled += taken;
        at += taken;
        if (filled === PIECE) await deflatePiece(false);
      }
    },
    async finish() {
      await deflatePiece(true);
      deflate.reset();
      const done = entry;
      entry = { crc: 0, size: 0, compressedSize: 0 };
      return done;
    },
    destroy() {
      deflate.destroy();
    },
  };
}
