/**
 * Folder names no file system takes as they are — Windows' device names alone and before an
 * extension, forbidden and control characters, a trailing dot, names longer than a file name may be
 * (in ASCII and in multi-byte UTF-8), names equal but for case or Unicode normalisation, and a tree
 * deeper than a Windows path may be long — exported as MBOX and as EML: every entry extracts with
 * Python's zipfile and with unzip, every name passes a Windows name check, no two folders meet, and
 * each folder's receipt names the entry that holds exactly its messages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createArchiveDestination,
  createMemoryStateStore,
  openZipArchive,
  runMailTransfer,
  systemClock,
  type ArchiveFormat,
  type SourceFolder,
} from '../../server/engine/index.ts';
import { sha256 } from './support/archive-reader.ts';
import { folderAt, generatedMessage, generatedSource, placeOf, type GeneratedMailbox } from './support/generated-mailbox.ts';
import { entryDigests, extractWithPython, extractWithUnzip, filesUnder, mboxDigests } from './support/zip-tools.ts';

const RESERVED = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])$/i;

/** What would stop Windows from extracting this entry as it is named: nothing, or the reasons. */
function windowsProblems(entry: string): string[] {
  const problems: string[] = [];
  if (entry.length > 240) problems.push(`a path of ${entry.length} characters`);
  for (const part of entry.split('/')) {
    const bytes = Buffer.byteLength(part, 'utf8');
    if (part === '') problems.push('an empty part');
    if (bytes > 255) problems.push(`${part}: ${bytes} bytes`);
    // eslint-disable-next-line no-control-regex
    if (/[<>:"\\|?*\u0000-\u001f]/.test(part)) problems.push(`${part}: a character Windows forbids`);
    if (/[. ]$/.test(part)) problems.push(`${part}: ends in a dot or a space`);
    if (RESERVED.test((part.split('.')[0] as string).trimEnd())) problems.push(`${part}: a device name`);
  }
  return problems;
}

const multiByte = (last: string) => `${Array.from({ length: 199 }, (_, i) => ['é', '中', '😀', 'ß'][i % 4]).join('')}${last}`;
const deepTree = Array.from({ length: 20 }, (_, i) => `Level ${String(i).padStart(2, '0')} of a deep tree`);
const folders: SourceFolder[] = [
  'INBOX',
  'CON',
  'nul.txt',
  'LPT1',
  'aux.mbox',
  'Com9',
  'COM²',
  'prn .old',
  `${'Long folder name '.repeat(15).slice(0, 254)}1`,
  `${'Long folder name '.repeat(15).slice(0, 254)}2`,
  multiByte('α'),
  multiByte('β'),
  'Q&A: what? <yes>|"no"*\\',
  'tab\there',
  'Ends with a dot.',
  'Receipts',
  'receipts',
  'Été'.normalize('NFC'),
  'Été'.normalize('NFD'),
  ...deepTree.map((_, i) => deepTree.slice(0, i + 1).join('/')),
].map(folderAt);
const mailbox: GeneratedMailbox = { folders, count: folders.length * 2, bodyBytes: 300, large: null };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-archive-names-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The folder's messages in UID order, as SHA-256. */
const expectedDigests = (folder: SourceFolder) =>
  Array.from({ length: mailbox.count }, (_, n) => n)
    .filter((n) => placeOf(mailbox, n).folder === folder)
    .map((n) => sha256(generatedMessage(mailbox, n)));

async function exportAs(format: ArchiveFormat) {
  const file = path.join(dir, `${format}.zip`);
  const archive = openZipArchive(file);
  const result = await runMailTransfer({
    transferId: format,
    source: generatedSource(mailbox),
    destination: createArchiveDestination({ archive, format }),
    store: createMemoryStateStore(),
    clock: systemClock,
  });
  await archive.close();
  expect(result.status).toEqual({ state: 'completed' });
  const destinations = new Map(result.receipts.map((r) => [r.container, r]));
  expect([...destinations.keys()].sort()).toEqual(folders.map((f) => f.path).sort());
  return {
    file,
    destinationOf: (folder: SourceFolder) => destinations.get(folder.path)?.destination ?? '',
    receiptOf: (folder: SourceFolder) => destinations.get(folder.path),
  };
}

/** Every file and directory path of the archive, none equal to another but for case or normalisation. */
function expectNoTwoMeet(names: string[]) {
  const paths = new Set(names.flatMap((name) => name.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
  const byKey = new Map<string, string[]>();
  for (const p of paths) byKey.set(p.normalize('NFC').toLowerCase(), [...(byKey.get(p.normalize('NFC').toLowerCase()) ?? []), p]);
  expect([...byKey.values()].filter((list) => list.length > 1)).toEqual([]);
}

function expectEveryProgramExtractsIt(file: string, format: ArchiveFormat): string[] {
  const byPython = path.join(dir, `${format}-python`);
  const byUnzip = path.join(dir, `${format}-unzip`);
  const { names, badEntry } = extractWithPython(file, byPython);
  expect(badEntry).toBeNull();
  expect(filesUnder(byPython).sort()).toEqual([...names].sort());
  extractWithUnzip(file, byUnzip);
  expect(filesUnder(byUnzip).sort()).toEqual([...names].sort());
  for (const name of names) expect(windowsProblems(name), name).toEqual([]);
  expectNoTwoMeet(names);
  return names;
}

describe('archive entry names', () => {
  it('are what the Windows check is there to catch, when left as the folders are named', () => {
    for (const name of [
      'email/CON.mbox',
      'email/nul.txt/000001.eml',
      'email/aux.mbox.mbox',
      'email/Com9',
      'email/COM²',
      'email/prn .old.mbox',
      `email/${'x'.repeat(256)}`,
      `email/${'é'.repeat(128)}`,
      'email/a:b',
      'email/tab\there',
      'email/dot.',
      `email/${'deep/'.repeat(50)}x`,
    ]) {
      expect(windowsProblems(name), name).not.toEqual([]);
    }
    expect(folders.find((f) => f.segments.length === deepTree.length)?.path.length).toBeGreaterThan(240);
  });

  it('in a ZIP of MBOX files: every entry extracts everywhere, each folder in its own file', async () => {
    const { file, destinationOf, receiptOf } = await exportAs('MBOX');
    const names = expectEveryProgramExtractsIt(file, 'MBOX');
    expect(new Set(folders.map(destinationOf)).size).toBe(folders.length);
    for (const folder of folders) expect(names, folder.path).toContain(destinationOf(folder));
    const read = mboxDigests(folders.map((folder) => path.join(dir, 'MBOX-python', destinationOf(folder))));
    folders.forEach((folder, i) => {
      expect(read[i]?.digests, folder.path).toEqual(expectedDigests(folder));
      expect(receiptOf(folder)?.destinationCount).toBe(expectedDigests(folder).length);
    });
    expect(destinationOf(folderAt('aux.mbox'))).toBe('email/aux_.mbox.mbox');
    expect(destinationOf(folderAt('CON'))).toBe('email/CON_.mbox');
  }, 60_000);

  it('in a ZIP of EML files: every entry extracts everywhere, each folder in its own directory', async () => {
    const { file, destinationOf, receiptOf } = await exportAs('EML');
    const names = expectEveryProgramExtractsIt(file, 'EML');
    expect(new Set(folders.map(destinationOf)).size).toBe(folders.length);
    const ownEntries = folders.map((folder) => {
      const destination = destinationOf(folder);
      return names.filter((name) => name.startsWith(`${destination}/`) && /^\d{6}\.eml$/.test(name.slice(destination.length + 1))).sort();
    });
    const { count, digests } = entryDigests(file, ownEntries.flat());
    expect(count).toBe(mailbox.count);
    folders.forEach((folder, i) => {
      const before = ownEntries.slice(0, i).flat().length;
      expect(digests.slice(before, before + (ownEntries[i]?.length ?? 0)), folder.path).toEqual(expectedDigests(folder));
      expect(receiptOf(folder)?.destinationCount).toBe(expectedDigests(folder).length);
    });
    expect(destinationOf(folderAt('nul.txt'))).toBe('email/nul_.txt');
  }, 60_000);
});
