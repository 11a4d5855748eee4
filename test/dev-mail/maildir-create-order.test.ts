/**
 * A new Maildir folder gets its cur/ last: listFolders lists a folder by its cur/, so a folder another
 * worker sees must already have its tmp/ (where an append writes first) and its uidlist, and a worker
 * killed while creating it must leave no listed folder that cannot take a message. The file system
 * calls are the real ones, recorded in the order they are made.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  return {
    ...fs,
    mkdir: (...args: Parameters<typeof fs.mkdir>) => {
      calls.push(`mkdir ${path.basename(String(args[0]))}`);
      return fs.mkdir(...args);
    },
    writeFile: (...args: Parameters<typeof fs.writeFile>) => {
      calls.push(`write ${path.basename(String(args[0]))}`);
      return fs.writeFile(...args);
    },
  };
});

const { createFolder } = await import('../../server/development/mail/maildir/folder.ts');

const work = mkdtempSync(path.join(tmpdir(), 'dev-mail-create-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('makes cur/ only after tmp/, new/ and the uidlist', async () => {
  await createFolder(path.join(work, '.Old projects'), { subfolder: true });
  expect(calls.at(-1)).toBe('mkdir cur');
  expect(calls.slice(0, -1).sort()).toEqual(['mkdir new', 'mkdir tmp', 'write dovecot-uidlist', 'write maildirfolder'].sort());
});
