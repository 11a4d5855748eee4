/**
 * An export's memory does not grow with the mailbox: 10,000 generated messages of about 50 kB and one
 * of 50 MB (550 MB in all) exported as EML and as MBOX, each in a child process started as the service
 * starts (npm start's Node flags), whose peak resident memory must stay under 250 MB — a writer that
 * kept each message until the archive's end would pass that a fifth of the way in. Python's zipfile then
 * reads the archive back: every entry's CRC, the count, and a sample of messages byte for byte. And a
 * mailbox of many small messages (100,000 of 1 kB, as MBOX and as EML, 100,000 entries): what the
 * engine and the ZIP writer keep per message or per entry must not add up either (EML peaked at
 * 243–260 MB before the writer kept one deflate stream and the engine its plan compact:
 * docs/performance.md).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveFormat } from '../../server/engine/index.ts';
import { serviceNodeFlags } from '../../scripts/bench/compiled-child.ts';
import { sha256 } from './support/archive-reader.ts';
import type { MemoryChildConfig, MemoryChildResult } from './support/archive-memory-child.ts';
import { folderAt, generatedMessage, placeOf, type GeneratedMailbox } from './support/generated-mailbox.ts';
import { entryDigests, extractWithPython, mboxDigests } from './support/zip-tools.ts';

const CHILD = fileURLToPath(new URL('./support/archive-memory-child.ts', import.meta.url));
const LIMIT_MB = 250;
const mailbox: GeneratedMailbox = {
  folders: [folderAt('INBOX'), folderAt('Archive/2019')],
  count: 10_000,
  bodyBytes: 50_000,
  large: { at: 4_001, bodyBytes: 50 * 1024 * 1024 },
};
const SAMPLE = [0, 1, 2_500, 4_001, 7_777, 9_998, 9_999];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-archive-memory-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function exportInChild(format: ArchiveFormat, of: GeneratedMailbox = mailbox): Promise<MemoryChildResult & { file: string }> {
  const file = path.join(dir, `${format}-${of.count}.zip`);
  const config: MemoryChildConfig = { file, format, mailbox: of };
  const { stdout } = await promisify(execFile)(process.execPath, [...serviceNodeFlags(), '--import', 'tsx', CHILD, JSON.stringify(config)]);
  return { ...(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as MemoryChildResult), file };
}

function expectCompleted(result: MemoryChildResult) {
  expect(result.status).toBe('completed');
  expect(result.receipts.map((r) => r.destinationCount)).toEqual([mailbox.count / 2, mailbox.count / 2]);
  expect(result.peakRssMb, `peak RSS ${result.peakRssMb} MB`).toBeLessThan(LIMIT_MB);
}

/** The entry of the message of this UID in a folder's EML directory. */
const emlEntry = (directory: string, uid: number) => `${directory}/${String(uid).padStart(6, '0')}.eml`;

const destinationOf = (result: MemoryChildResult, n: number) =>
  result.receipts.find((r) => r.container === placeOf(mailbox, n).folder.path)?.destination ?? '';

describe('exporting a large mailbox into a ZIP', () => {
  it(`as EML stays under ${LIMIT_MB} MB, and Python reads every message back`, async () => {
    const result = await exportInChild('EML');
    expectCompleted(result);
    const names = SAMPLE.map((n) => emlEntry(destinationOf(result, n), placeOf(mailbox, n).uid));
    const read = entryDigests(result.file, names);
    expect(read.count).toBe(mailbox.count);
    expect(read.badEntry).toBeNull();
    expect(read.digests).toEqual(SAMPLE.map((n) => sha256(generatedMessage(mailbox, n))));
  }, 90_000);

  it(`as MBOX stays under ${LIMIT_MB} MB, and Python reads every message back`, async () => {
    const result = await exportInChild('MBOX');
    expectCompleted(result);
    const extracted = path.join(dir, 'MBOX');
    expect(extractWithPython(result.file, extracted).badEntry).toBeNull();
    for (const folder of mailbox.folders) {
      const sample = SAMPLE.filter((n) => placeOf(mailbox, n).folder === folder);
      const [read] = mboxDigests(
        [path.join(extracted, destinationOf(result, sample[0] ?? 0))],
        sample.map((n) => placeOf(mailbox, n).uid - 1),
      );
      expect(read?.count, folder.path).toBe(mailbox.count / 2);
      expect(read?.digests, folder.path).toEqual(sample.map((n) => sha256(generatedMessage(mailbox, n))));
    }
  }, 90_000);

  const many: GeneratedMailbox = {
    folders: [folderAt('INBOX'), folderAt('Archive/2019')],
    count: 100_000,
    bodyBytes: 1_000,
    large: null,
  };
  const last = many.count - 1;
  const destinationOfLast = (result: MemoryChildResult) =>
    result.receipts.find((r) => r.container === placeOf(many, last).folder.path)?.destination ?? '';

  function expectManyCompleted(result: MemoryChildResult) {
    expect(result.status).toBe('completed');
    expect(result.receipts.map((r) => r.destinationCount)).toEqual([50_000, 50_000]);
    expect(result.peakRssMb, `peak RSS ${result.peakRssMb} MB`).toBeLessThan(LIMIT_MB);
  }

  it(`as MBOX of 100,000 small messages stays under ${LIMIT_MB} MB`, async () => {
    const result = await exportInChild('MBOX', many);
    expectManyCompleted(result);
    const extracted = path.join(dir, 'MBOX-many');
    expect(extractWithPython(result.file, extracted).badEntry).toBeNull();
    const [read] = mboxDigests([path.join(extracted, destinationOfLast(result))], [placeOf(many, last).uid - 1]);
    expect(read?.count).toBe(50_000);
    expect(read?.digests).toEqual([sha256(generatedMessage(many, last))]);
  }, 180_000);

  it(`as EML of 100,000 small messages, 100,000 entries, stays under ${LIMIT_MB} MB`, async () => {
    const result = await exportInChild('EML', many);
    expectManyCompleted(result);
    const read = entryDigests(result.file, [emlEntry(destinationOfLast(result), placeOf(many, last).uid)]);
    expect(read.count).toBe(many.count);
    expect(read.badEntry).toBeNull();
    expect(read.digests).toEqual([sha256(generatedMessage(many, last))]);
  }, 180_000);
});
