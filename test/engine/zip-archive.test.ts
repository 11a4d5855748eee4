/**
 * The ZIP writer's own promises: an entry's write waits while the file is behind (the file here is a
 * pipe whose reader is stopped), so a source faster than the disk cannot pile its messages up in
 * memory; an entry at a deflate level of its own; one entry at a time; a discarded archive leaves no
 * file behind.
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
import { entryDigests, entryInfos } from './support/zip-tools.ts';

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

  it('deflates an entry at the level it asks for, between entries at the default level', async () => {
    const file = path.join(dir, 'levels.zip');
    const archive = openZipArchive(file);
    // Text that deflates: level 1 leaves it larger than the default level 6 does.
    const text = Buffer.from(Array.from({ length: 40_000 }, (_, i) => `line ${i % 997} of ${i % 13}\r\n`).join(''));
    await archive.addEntry('email/INBOX.mbox', text, new Date());
    const fast = archive.openEntry('outlook/mailbox.pst', new Date(), { level: 1 });
    await fast.write(text);
    await fast.end();
    await archive.addEntry('email/Sent.mbox', text, new Date());
    await archive.close();
    const names = ['email/INBOX.mbox', 'outlook/mailbox.pst', 'email/Sent.mbox'];
    expect(entryDigests(file, names)).toEqual({ count: 3, badEntry: null, digests: names.map(() => sha256(text)) });
    const sizes = new Map(entryInfos(file).map((entry) => [entry.name, entry.compressedSize]));
    expect(sizes.get('outlook/mailbox.pst')).toBeGreaterThan(sizes.get('email/INBOX.mbox') ?? Infinity);
    expect(sizes.get('email/Sent.mbox')).toBe(sizes.get('email/INBOX.mbox'));
  });

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
