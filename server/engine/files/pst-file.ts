/**
 * The Outlook data file of a file export: the mail and the contacts chosen as PST both go into one
 * PST, written beside the export's ZIP (a PST is not written front to back: its trees and maps come
 * last) and streamed into the ZIP as an entry when it is done. Past `maxPartBytes` the file is ended
 * and the next item starts a new part — `outlook/mailbox-2.pst`, … — each a whole PST of its own
 * (decision 0029: Outlook's own ceiling and why the parts are smaller). A part is moved into the ZIP
 * as soon as it ends, so the disk holds one part beside the archive, never all of them.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createPstWriter, type PstWriter } from './pst/index.ts';
import type { ZipArchive } from './zip-archive.ts';

/**
 * The PST's deflate level in the ZIP: on the benchmark's PST (issue 31, docs/performance.md) level 1
 * deflates three times as fast as zlib's default 6, and the entry is 1.5% larger.
 */
const PST_DEFLATE_LEVEL = 1;

/** Outlook 2003 and 2007 refuse a PST past 20 GB by default; parts of 10 GB open in every Outlook since (decision 0029). */
export const DEFAULT_PST_PART_BYTES = 10 * 1024 ** 3;

export type PstFileOptions = {
  archive: ZipArchive;
  /** Where the part being written lives until it goes into the ZIP (beside the archive). */
  workPath: string;
  /** A part past this many bytes is ended before the next item. */
  maxPartBytes: number;
  /** The store's name as Outlook lists it in its folder pane. */
  displayName: string;
  now?: () => Date;
};

export type PstFile = {
  /** The part being written, started on first use; `part` counts from 1. */
  current(): Promise<{ writer: PstWriter; part: number }>;
  /** Ends the current part when it is past its size, so the next item starts a new one; true when it did. */
  rollOver(): Promise<boolean>;
  /** Ends the last part and adds it to the ZIP (an export with no PST item adds nothing). */
  finish(): Promise<void>;
  /** Stops writing and removes the part on disk. */
  discard(): Promise<void>;
};

const entryName = (part: number) => `outlook/mailbox${part === 1 ? '' : `-${part}`}.pst`;

export function createPstFile(options: PstFileOptions): PstFile {
  const now = options.now ?? (() => new Date());
  let open: { writer: PstWriter; part: number } | null = null;
  let parts = 0;

  /** Finishes the open part and streams it into the ZIP, a chunk at a time, then removes it. */
  async function endPart(): Promise<void> {
    const ending = open;
    if (!ending) return;
    open = null;
    await ending.writer.finish();
    const entry = options.archive.openEntry(entryName(ending.part), now(), { level: PST_DEFLATE_LEVEL });
    for await (const chunk of createReadStream(options.workPath, { highWaterMark: 1024 * 1024 })) await entry.write(chunk as Buffer);
    await entry.end();
    await rm(options.workPath, { force: true });
  }

  return {
    async current() {
      if (!open) {
        parts++;
        const name = parts === 1 ? options.displayName : `${options.displayName} (${parts})`;
        open = { writer: await createPstWriter(options.workPath, { displayName: name }), part: parts };
      }
      return open;
    },
    async rollOver() {
      if (!open || open.writer.size < options.maxPartBytes) return false;
      await endPart();
      return true;
    },
    finish: endPart,
    async discard() {
      const dropping = open;
      open = null;
      await dropping?.writer.discard();
      await rm(options.workPath, { force: true });
    },
  };
}
