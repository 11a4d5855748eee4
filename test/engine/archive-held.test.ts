/**
 * What an archive says it holds, for the duplicate check of a folder the same run copies again (its
 * UIDVALIDITY changed after a dropped connection, so no checkpoint applies): every message appended,
 * counted by copies, under the key the destination knows each message by (the archive keeps a digest
 * per message, not the key). A message that was not appended, or differs in Message-ID, date or size,
 * is not held.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PresenceLedger } from '../../server/engine/dedup.ts';
import { createArchiveDestination, openZipArchive, type SourceMessage } from '../../server/engine/index.ts';
import { folderAt } from './support/generated-mailbox.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-archive-held-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const message = (uid: number, messageId: string | null, size = 100): SourceMessage => ({
  uid,
  messageId,
  size,
  internalDate: new Date(Date.UTC(2019, 0, 1)),
  flags: [],
  raw: Buffer.alloc(size, 'x'),
});

describe('an archive destination', () => {
  it.each(['EML', 'MBOX'] as const)('as %s holds each message appended, as often as it was appended', async (format) => {
    const archive = openZipArchive(path.join(dir, `${format}.zip`));
    const destination = createArchiveDestination({ archive, format });
    const session = await destination.connect();
    const target = await session.prepareFolder(folderAt('INBOX'));
    const twice = message(1, '<twice@example.net>');
    const once = message(2, null);
    for (const appended of [twice, once, { ...twice, uid: 3 }]) expect(await session.append(target, appended)).toEqual({ ok: true });

    // Prepared again, the folder is the same target, and still holds what went in.
    expect(await session.prepareFolder(folderAt('INBOX'))).toBe(target);
    const ledger = new PresenceLedger(await session.heldKeys(target));
    const claims = (ref: SourceMessage, times: number) => Array.from({ length: times }, () => ledger.claim(destination.keysFor(ref)));
    expect(claims({ ...twice, uid: 7 }, 3)).toEqual([true, true, false]);
    expect(claims(once, 2)).toEqual([true, false]);
    expect(claims(message(4, '<twice@example.net>', 101), 1)).toEqual([false]);
    expect(claims(message(5, '<never@example.net>'), 1)).toEqual([false]);
    expect(await session.count(target)).toBe(3);
    await destination.discard();
  });
});
