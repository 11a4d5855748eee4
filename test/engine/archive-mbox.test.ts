/**
 * MBOX files give every message back: Python's mailbox.mbox (an mbox reader that is not ours) splits
 * each file into the messages that went in, and each message is its original bytes once the mboxrd
 * quoting is undone (one `>` less on lines matching `>+From `), plus the one thing the format adds
 * (docs/transfer.md, "Files"): a message that does not end in a line end gets an LF.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArchiveDestination, openZipArchive } from '../../server/engine/index.ts';
import { folderAt } from './support/generated-mailbox.ts';
import { extractWithPython, mboxMessages } from './support/zip-tools.ts';

const messages: [string, Buffer][] = [
  ['CRLF line ends', Buffer.from('Subject: plain\r\n\r\nHello.\r\n')],
  ['no final line end', Buffer.from('Subject: cut short\r\n\r\nThe last line has no end')],
  ['no final line end, after a CR', Buffer.from('Subject: almost\r\n\r\nends in a CR\r')],
  ['LF line ends', Buffer.from('Subject: unix\n\nHello.\n')],
  ['an empty last line', Buffer.from('Subject: trailing\r\n\r\nbody\r\n\r\n')],
  ['two empty last lines, LF', Buffer.from('Subject: more\n\nbody\n\n\n')],
  [
    'From lines',
    Buffer.from(
      'Subject: From lines\r\n\r\nFrom here.\r\n>From there.\r\n>>From everywhere.\r\nNot From the start.\r\nFrom\r\n>From\r\nFrom \r\n',
    ),
  ],
  ['a From line first', Buffer.from('From sender@example.net Mon Jan  1 00:00:00 2024\r\nSubject: starts with From\r\n\r\nx\r\n')],
  ['8-bit and NUL bytes', Buffer.from([...Buffer.from('Subject: bytes\r\n\r\n'), 0xe9, 0x00, 0xff, 0x0d, 0x0a])],
  ['empty', Buffer.alloc(0)],
];

/** mboxrd's quoting undone: each line matching `>+From ` loses one `>`. */
const unquoted = (message: Buffer) => Buffer.from(message.toString('latin1').replace(/^>(>*From )/gm, '$1'), 'latin1');
/** What the format adds: an LF after a message that does not end in one. */
const asStored = (message: Buffer) => (message.at(-1) === 0x0a ? message : Buffer.concat([message, Buffer.from('\n')]));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-archive-mbox-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('an MBOX file in the archive', () => {
  it('gives every message back, byte for byte but for a final LF where there was none', async () => {
    const file = path.join(dir, 'mbox.zip');
    const archive = openZipArchive(file);
    const destination = createArchiveDestination({ archive, format: 'MBOX' });
    const session = await destination.connect();
    const target = await session.prepareFolder(folderAt('INBOX'));
    for (const [i, [, raw]] of messages.entries()) {
      await session.append(target, {
        uid: i + 1,
        size: raw.length,
        internalDate: new Date(Date.UTC(2024, 0, 1 + i)),
        messageId: null,
        flags: [],
        raw,
      });
    }
    await destination.finish();
    await archive.close();

    extractWithPython(file, dir);
    const read = mboxMessages(path.join(dir, target));
    expect(read).toHaveLength(messages.length);
    messages.forEach(([label, raw], i) => {
      expect(unquoted(read[i] ?? Buffer.alloc(0)).toString('latin1'), label).toBe(asStored(raw).toString('latin1'));
    });
    // Only the messages without a final line end changed, by one LF.
    expect(messages.filter(([, raw]) => !asStored(raw).equals(raw)).map(([label]) => label)).toEqual([
      'no final line end',
      'no final line end, after a CR',
      'empty',
    ]);
  });
});
