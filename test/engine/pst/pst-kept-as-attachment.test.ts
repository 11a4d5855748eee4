/**
 * A message the PST writer cannot parse still goes into the PST, as a note with the original attached,
 * and its owner hears of it: the run's item report lists it as kept as an attachment (not failed, and
 * counted as done), and both readers find the note with the original's bytes attached. The message is
 * one postal-mime refuses (support/unparseable.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryStateStore,
  createPstFile,
  createPstMailDestination,
  openZipArchive,
  runMailTransfer,
  systemClock,
} from '../../../server/engine/index.ts';
import { startDovecot, type Dovecot } from '../../support/dovecot.ts';
import { sourceOf } from '../support/engine-setup.ts';
import { seedMailbox } from '../support/imap-mailbox.ts';
import { readWithPffexport, readWithReadpst } from './support/readers.ts';
import { nestedTooDeep } from './support/unparseable.ts';

const customer = { email: 'dana@example.com', password: 'dana-source-pw' };

const plain = (n: number) =>
  Buffer.from(
    `From: Anna <anna@example.org>\r\nTo: dana@example.com\r\nSubject: Readable ${n}\r\nMessage-ID: <readable-${n}@example.org>\r\n\r\nHello ${n}.\r\n`,
  );

let dovecot: Dovecot;
let dir: string;
const unreadable = nestedTooDeep();

beforeAll(async () => {
  dovecot = await startDovecot({ users: [customer] });
  const at = (day: number) => new Date(Date.UTC(2024, 0, day));
  await seedMailbox(dovecot, customer.email, customer.password, [
    { folder: ['INBOX'], raw: plain(1), flags: ['\\Seen'], internalDate: at(1) },
    { folder: ['INBOX'], raw: unreadable, flags: [], internalDate: at(2) },
    { folder: ['INBOX'], raw: plain(3), flags: [], internalDate: at(3) },
  ]);
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-pst-kept-'));
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a message the PST writer cannot parse', () => {
  it('is one postal-mime refuses', async () => {
    await expect(PostalMime.parse(unreadable)).rejects.toThrow(/nesting depth/);
  });

  it('goes in as a note with the original attached, and the item report lists it as kept, not failed', { timeout: 60_000 }, async () => {
    const zip = path.join(dir, 'export.zip');
    const archive = openZipArchive(zip);
    const pst = createPstFile({ archive, workPath: `${zip}.pst.partial`, maxPartBytes: 1024 ** 3, displayName: 'Dana' });
    const result = await runMailTransfer({
      transferId: 'kept',
      source: sourceOf(dovecot, customer.email),
      destination: createPstMailDestination({ pst }),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    await pst.finish();
    await archive.close();

    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ done: 3, failed: 0 });
    expect(result.failures).toEqual([
      expect.objectContaining({
        container: 'INBOX',
        reason: 'kept-as-attachment',
        itemId: '<deep@example.net>',
        about: expect.objectContaining({ subject: 'Nested too deep', sender: 'Loop <loop@example.net>' }),
      }),
    ]);
    expect(result.receipts.find((r) => r.container === 'INBOX')).toMatchObject({ sourceCount: 3, destinationCount: 3, failed: 0 });

    execFileSync('unzip', ['-q', zip, 'outlook/mailbox.pst', '-d', dir]);
    const file = path.join(dir, 'outlook', 'mailbox.pst');
    for (const read of [readWithReadpst, readWithPffexport]) {
      const { messages } = await read(file, mkdtempSync(path.join(dir, 'read-')));
      // (readpst shows a message's kept header block, so its subject there is the original's.)
      expect(messages, read.name).toHaveLength(3);
      const notes = messages.filter((m) => m.attachments.some((a) => a.filename === 'message.eml'));
      expect(
        notes.map((m) => m.text ?? ''),
        read.name,
      ).toEqual([expect.stringContaining('could not be read')]);
      expect(
        notes[0]?.attachments.map((a) => a.filename),
        read.name,
      ).toEqual(['message.eml']);
      expect(notes[0]?.attachments[0]?.bytes.equals(unreadable), read.name).toBe(true);
    }
  });
});
