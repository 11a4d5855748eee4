/**
 * The ZIP writer's own promises: an entry's write waits while the file is behind (the file here is a
 * pipe whose reader is stopped), so a source faster than the disk cannot pile its messages up in
 * memory; one entry at a time; a discarded archive leaves no file behind.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openZipArchive } from '../../server/engine/index.ts';
import { sha256 } from './support/archive-reader.ts';
import { entryDigests } from './support/zip-tools.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-zip-archive-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('openZipArchive', () => {
  it('makes a write wait while the file is behind, and go on once it has caught up', async () => {
    const file = path.join(dir, 'slow.zip');
    const copy = path.join(dir, 'slow-copy.zip');
    // The archive is written into a pipe; `cat` copies it into a file, and is stopped to make the disk slow.
    execFileSync('mkfifo', [`${file}.partial`]);
    const reader = spawn('cat', [`${file}.partial`], { stdio: ['ignore', openSync(copy, 'w'), 'inherit'] });
    const copied = once(reader, 'exit');
    reader.kill('SIGSTOP');

    const archive = openZipArchive(file);
    // Random bytes do not deflate: the entry is 8 MB in the archive too, far more than a pipe holds.
    const message = randomBytes(8 * 1024 * 1024);
    let written = false;
    const adding = archive.addEntry('email/INBOX/000001.eml', message, new Date()).then(() => (written = true));
    await sleep(1_000);
    expect(written).toBe(false);

    reader.kill('SIGCONT');
    await adding;
    await archive.addEntry('email/INBOX/000002.eml', Buffer.from('second\r\n'), new Date());
    await archive.close();
    await copied;
    expect(entryDigests(copy, ['email/INBOX/000001.eml', 'email/INBOX/000002.eml'])).toEqual({
      count: 2,
      badEntry: null,
      digests: [sha256(message), sha256(Buffer.from('second\r\n'))],
    });
  }, 30_000);

  it('writes one entry at a time', async () => {
    const archive = openZipArchive(path.join(dir, 'one-at-a-time.zip'));
    const open = archive.openEntry('contacts/contacts.vcf', new Date());
    expect(() => archive.openEntry('contacts/contacts.csv', new Date())).toThrow(/one entry at a time/);
    await open.end();
    await archive.discard();
  });

  it('leaves no file behind when discarded, an entry open or not', async () => {
    const file = path.join(dir, 'discarded', 'export.zip');
    execFileSync('mkdir', [path.dirname(file)]);
    const archive = openZipArchive(file);
    await archive.addEntry('email/INBOX/000001.eml', Buffer.from('one\r\n'), new Date());
    const open = archive.openEntry('email/Sent.mbox', new Date());
    await open.write(Buffer.from('From MAILER-DAEMON Thu Jan  1 00:00:00 1970\n'));
    await archive.discard();
    await expect(archive.addEntry('email/INBOX/000002.eml', Buffer.from('two\r\n'), new Date())).rejects.toThrow(/discarded/);
    expect(readdirSync(path.dirname(file))).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });
});
