/**
 * The Maildir layer on its own: UIDs that never change, files nobody listed (dropped into new/, or
 * written by an append killed before its uidlist line) getting the next UID, a uidlist line cut short
 * by a kill, flags in file names, folder names that need escaping, and the source's view of it all.
 */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendMessages, createFolder, scanFolder } from '../../server/development/mail/maildir/folder.ts';
import { createMailbox, listFolders } from '../../server/development/mail/maildir/mailbox.ts';
import {
  decodeSegment,
  encodeSegment,
  flagsOfFileName,
  folderDirName,
  infoOfFlags,
  segmentsOfDirName,
} from '../../server/development/mail/maildir/names.ts';
import { createMaildirSource } from '../../server/development/mail/maildir/source.ts';
import { TransferFault } from '../../server/engine/index.ts';

const work = mkdtempSync(path.join(tmpdir(), 'dev-mail-maildir-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const message = (n: number, flags: string[] = []) => ({
  raw: Buffer.from(`Message-ID: <m${n}@example.net>\r\nSubject: message ${n}\r\n\r\nbody ${n}\r\n`),
  flags,
  internalDate: new Date(Date.UTC(2019, 0, n, 12, 0, 0)),
});

describe('Maildir names', () => {
  it('round-trips any folder name, keeping UTF-8 and escaping what would break the layout', () => {
    for (const name of ['Été à Montréal', 'v1.2', 'a/b', '100%', 'tab\there', '[Gmail]', '..']) {
      expect(decodeSegment(encodeSegment(name))).toBe(name);
      expect(encodeSegment(name)).not.toMatch(/[./\t]/);
    }
    expect(folderDirName(['Travel', 'Été à Montréal'])).toBe('.Travel.Été à Montréal');
    expect(segmentsOfDirName('.Travel.Été à Montréal')).toEqual(['Travel', 'Été à Montréal']);
    expect(segmentsOfDirName('..')).toBeNull();
  });

  it('reads and writes the four flags as info letters', () => {
    expect(infoOfFlags(['\\Seen', '\\Flagged', '\\Answered', '\\Draft', '$Keyword'])).toBe(':2,DFRS');
    expect(flagsOfFileName('123.M1.host,S=10:2,DFRS')).toEqual(['\\Draft', '\\Flagged', '\\Answered', '\\Seen']);
    expect(flagsOfFileName('123.M1.host,S=10')).toEqual([]);
  });
});

describe('a Maildir folder', () => {
  const dir = path.join(work, 'folder');

  it('keeps UIDs and UIDVALIDITY across reads, flag changes and new files', async () => {
    await createFolder(dir, { subfolder: true, identity: { uidValidity: 1234, guid: 'ab'.repeat(16) } });
    expect(await appendMessages(dir, [message(1, ['\\Seen']), message(2), message(3, ['\\Flagged'])])).toEqual([1, 2, 3]);
    const first = await scanFolder(dir);
    expect(first.uidValidity).toBe(1234);
    expect(first.messages.map((m) => [m.uid, m.flags, m.internalDate.toISOString(), m.size])).toEqual([
      [1, ['\\Seen'], '2019-01-01T12:00:00.000Z', message(1).raw.length],
      [2, [], '2019-01-02T12:00:00.000Z', message(2).raw.length],
      [3, ['\\Flagged'], '2019-01-03T12:00:00.000Z', message(3).raw.length],
    ]);
    // A mail program marks message 2 as seen: the file is renamed, the UID stays.
    const second = first.messages[1]?.file ?? '';
    renameSync(second, `${second.replace(/:2,.*$/, '')}:2,S`);
    // Another drops a message into new/, as a delivery agent does.
    writeFileSync(path.join(dir, 'new', '1600000000.M9P1.elsewhere'), message(9).raw);
    const again = await scanFolder(dir);
    expect(again.messages.map((m) => [m.uid, m.flags])).toEqual([
      [1, ['\\Seen']],
      [2, ['\\Seen']],
      [3, ['\\Flagged']],
      [4, []],
    ]);
    expect((await scanFolder(dir)).messages.map((m) => m.uid)).toEqual([1, 2, 3, 4]);
    expect(await appendMessages(dir, [message(5)])).toEqual([5]);
  });

  it('survives a uidlist line cut short by a kill, and numbers the unlisted file after the others', async () => {
    const uidlist = path.join(dir, 'dovecot-uidlist');
    appendFileSync(uidlist, '6 :1546300800.M6V1234.dev-mail,S=4');
    writeFileSync(path.join(dir, 'cur', '1546300800.M6V1234.dev-mail,S=4:2,S'), 'X: y');
    const scan = await scanFolder(dir);
    expect(scan.uidValidity).toBe(1234);
    expect(scan.messages.map((m) => m.uid)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(readFileSync(uidlist, 'utf8').endsWith('\n')).toBe(true);
    expect(await appendMessages(dir, [message(7)])).toEqual([7]);
    expect((await scanFolder(dir)).messages.map((m) => m.uid)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('gives concurrent appends to one folder distinct UIDs', async () => {
    const busy = path.join(work, 'busy');
    await createFolder(busy, { subfolder: true });
    const uids = (await Promise.all(Array.from({ length: 20 }, (_, i) => appendMessages(busy, [message(i + 1)])))).flat();
    expect(new Set(uids).size).toBe(20);
    expect((await scanFolder(busy)).messages).toHaveLength(20);
  });
});

describe('a Maildir folder being created', () => {
  it('is listed only once it can take messages; a creation cut short before cur/ is finished by the next', async () => {
    const root = path.join(work, 'creating');
    await createMailbox(root, { delimiter: '/', specialUse: {} }, []);
    const dir = path.join(root, '.Old projects');
    // What a worker killed inside createFolder leaves: everything but cur/.
    mkdirSync(path.join(dir, 'tmp'), { recursive: true });
    mkdirSync(path.join(dir, 'new'));
    expect((await listFolders(root)).map((folder) => folder.path)).toEqual(['INBOX']);
    await createFolder(dir, { subfolder: true });
    expect((await listFolders(root)).map((folder) => folder.path)).toEqual(['INBOX', 'Old projects']);
    expect(await appendMessages(dir, [message(1)])).toEqual([1]);
  });
});

describe('the Maildir source', () => {
  const root = path.join(work, 'mailbox');

  it('lists folders with their special use and delimiter, indexes and fetches by UID', async () => {
    await createMailbox(root, { delimiter: '/', specialUse: { Sent: '\\Sent', 'Lists/2019': '\\Archive' } }, [
      { segments: ['Sent'] },
      { segments: ['Lists', '2019'] },
    ]);
    await appendMessages(path.join(root, '.Lists.2019'), [message(1, ['\\Seen']), message(2)]);
    const session = await createMaildirSource({ root }).connect();
    expect(await session.listFolders()).toEqual([
      { path: 'INBOX', segments: ['INBOX'], delimiter: '/', role: '\\Inbox' },
      { path: 'Lists/2019', segments: ['Lists', '2019'], delimiter: '/', role: '\\Archive' },
      { path: 'Sent', segments: ['Sent'], delimiter: '/', role: '\\Sent' },
    ]);
    expect(await session.status('Lists/2019')).toEqual({ count: 2, bytes: message(1).raw.length + message(2).raw.length });
    const index = await session.index('Lists/2019');
    expect(index.messages.map((m) => [m.uid, m.messageId])).toEqual([
      [1, '<m1@example.net>'],
      [2, '<m2@example.net>'],
    ]);
    const fetched = await session.fetch('Lists/2019', [2, 7]);
    expect(fetched.map((m) => [m.uid, m.flags, m.raw.toString()])).toEqual([[2, [], message(2).raw.toString()]]);
  });

  it('counts and indexes only the messages since a day, by internal date', async () => {
    const session = await createMaildirSource({ root }).connect();
    const range = { since: new Date('2019-01-02T00:00:00Z') };
    expect(await session.status('Lists/2019', range)).toEqual({ count: 1, bytes: message(2).raw.length });
    expect((await session.index('Lists/2019', undefined, undefined, range)).messages.map((m) => m.uid)).toEqual([2]);
    expect((await session.index('Lists/2019', undefined, undefined, { since: null })).messages.map((m) => m.uid)).toEqual([1, 2]);
  });

  it('reports a folder that disappears, and a missing mailbox as a refused login', async () => {
    const session = await createMaildirSource({ root }).connect();
    rmSync(path.join(root, '.Sent'), { recursive: true });
    await expect(session.index('Sent')).rejects.toMatchObject({ kind: 'folder-missing', side: 'source' });
    const missing = createMaildirSource({ root: path.join(work, 'nobody') }).connect();
    await expect(missing).rejects.toBeInstanceOf(TransferFault);
    await expect(missing).rejects.toMatchObject({ kind: 'login-refused' });
    expect((await listFolders(root)).map((f) => f.path)).toEqual(['INBOX', 'Lists/2019']);
  });
});
