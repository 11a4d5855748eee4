/**
 * The PST writer's output read back by two readers nobody here wrote (issue 31): readpst (libpst) and
 * pffexport (libpff), installed by scripts/setup-test-system.sh. A generated set — a non-ASCII folder
 * tree, 300 plain messages, an HTML-only and a plain-only one, an attachment, an inline image, a
 * message without Message-ID, a 9 MB attachment (an XXBLOCK data tree) and contacts — is written, and
 * each reader must find the same folders with the same counts, and per message its subject, sender,
 * recipients, dates, read state, body and every attachment's bytes; per contact its fields. Then a
 * byte of a B-tree page is broken, and both readers must refuse the file: the checks can fail.
 */
import { copyFileSync, mkdtempSync, openSync, readSync, rmSync, writeSync, closeSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPstWriter, type PstFolder } from '../../../server/engine/files/pst/index.ts';
import { pstFixture, type ExpectedMessage, type Fixture } from './support/pst-fixture.ts';
import { READPST_SERIAL, readWithPffexport, readWithReadpst, type ReadMessage, type ReadPst } from './support/readers.ts';

let dir: string;
let file: string;
let fixture: Fixture;
const readers: Record<'readpst' | 'pffexport', ReadPst> = {} as never;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-pst-'));
  file = path.join(dir, 'export.pst');
  fixture = pstFixture();
  const pst = await createPstWriter(file);
  const handles = new Map<string, PstFolder>();
  for (const folder of fixture.folders) {
    const parts = folder.split('/');
    const parent = parts.length > 1 ? handles.get(parts.slice(0, -1).join('/'))! : pst.topFolder;
    handles.set(folder, pst.addFolder(parent, parts.at(-1)!));
  }
  for (const m of fixture.messages) {
    const { parsed } = await pst.addMessage(handles.get(m.folder)!, { raw: m.raw, internalDate: m.internalDate, flags: m.flags });
    expect(parsed).toBe(true);
  }
  const contacts = pst.addFolder(pst.topFolder, fixture.contactsFolder, { kind: 'contacts' });
  for (const c of fixture.contacts) await pst.addContact(contacts, c);
  await pst.finish();
  const [readpst, pffexport] = await Promise.all([
    readWithReadpst(file, mkdtempSync(path.join(dir, 'readpst-'))),
    readWithPffexport(file, path.join(dir, 'pffexport')),
  ]);
  Object.assign(readers, { readpst, pffexport });
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const expectedCounts = () => {
  const counts = new Map<string, number>();
  for (const m of fixture.messages) counts.set(m.folder, (counts.get(m.folder) ?? 0) + 1);
  counts.set(fixture.contactsFolder, fixture.contacts.length);
  return counts;
};
const sorted = (map: Map<string, number>) => [...map].sort(([a], [b]) => a.localeCompare(b));
const text = (s: string | null) => (s === null ? null : s.replace(/\r\n/g, '\n').trim());

function expectMessage(read: ReadMessage, m: ExpectedMessage, reader: string) {
  const what = `${reader}: ${m.subject}`;
  expect(read.folder, what).toBe(m.folder);
  expect(read.from, what).toBe(m.from);
  expect(read.to, what).toEqual(m.to);
  expect(read.cc, what).toEqual(m.cc);
  expect(read.date?.getTime(), what).toBe(m.date.getTime());
  if (read.delivered) expect(read.delivered.getTime(), what).toBe(m.internalDate.getTime());
  expect(read.read, what).toBe(m.flags.includes('\\Seen'));
  if (m.text !== null) expect(read.text, what).toBe(text(m.text));
  if (m.html !== null) expect(read.html, what).toBe(text(m.html));
  const attachments = read.attachments.map((a) => ({
    filename: a.filename,
    bytes: a.bytes.toString('base64').length,
    same: a.bytes.equals(m.attachments.find((e) => e.filename === a.filename)?.bytes ?? Buffer.alloc(0)),
  }));
  expect(attachments, what).toEqual(
    m.attachments.map((a) => ({ filename: a.filename, bytes: a.bytes.toString('base64').length, same: true })),
  );
}

describe.each(['readpst', 'pffexport'] as const)('a PST read by %s', (reader) => {
  it('has the folder tree, with as many items in each folder as were written', () => {
    expect(sorted(readers[reader].counts)).toEqual(sorted(expectedCounts()));
  });

  it('has every message with its subject, sender, recipients, dates, read state, body and attachments', () => {
    const bySubject = new Map(readers[reader].messages.map((m) => [m.subject, m]));
    expect(bySubject.size).toBe(fixture.messages.length);
    for (const m of fixture.messages) {
      const read = bySubject.get(m.subject);
      expect(read, `${reader} lacks ${m.subject}`).toBeDefined();
      expectMessage(read!, m, reader);
    }
  });

  it('has the inline image with its Content-ID (readpst) and the 9 MB attachment byte for byte', () => {
    const inline = readers[reader].messages.find((m) => m.subject === 'Mit Bild im Text')!;
    if (reader === 'readpst') expect(inline.attachments[0]?.contentId).toBe('dot@example.org');
    const big = readers[reader].messages.find((m) => m.subject === 'Großer Anhang')!;
    expect(big.attachments[0]?.bytes.equals(fixture.messages.find((m) => m.subject === 'Großer Anhang')!.attachments[0]!.bytes)).toBe(true);
  });
});

describe('contacts in the PST', () => {
  it('readpst finds each contact with its names, e-mail addresses, phones, address, organisation, birthday and notes', () => {
    const cards = readers.readpst.contacts.map((c) => c.text);
    expect(cards).toHaveLength(2);
    const joerg = cards.find((c) => c.includes('Müller'))!;
    for (const line of [
      'N:Müller;Jörg;Peter;Dr.;',
      'EMAIL:joerg@example.org',
      'EMAIL:jm@home.example',
      'EMAIL:j.m@third.example',
      'TEL;TYPE=work,voice:+49 30 1234567',
      'TEL;TYPE=cell,voice:+49 170 5550000',
      'TEL;TYPE=home,voice:+49 30 7654321',
      'ADR;TYPE=home:;;Hauptstraße 1;Berlin;BE;10115;Deutschland',
      'ADR;TYPE=work:;;Am Markt 5;Köln;NW;50667;Deutschland',
      'ORG:ACME GmbH',
      'TITLE:Leiter',
      'BDAY:1980-04-12',
    ]) {
      expect(joerg).toContain(line);
    }
    // The fourth address had no slot: it is in the notes, with the card's own note.
    expect(joerg).toMatch(/NOTE:Eine Notiz\.\\nE-mail: fourth@example\.org/);
    expect(cards.find((c) => c.includes('Zoë'))).toContain('EMAIL:zoe@example.net');
  });

  it('pffexport finds the same fields and the photo', () => {
    const joerg = readers.pffexport.contacts.find((c) => c.text.includes('Müller'))!.text;
    for (const line of [
      /Given name:\t+Jörg/,
      /Surname:\t+Müller/,
      /Email address 1:\t+joerg@example\.org/,
      /Email address 2:\t+jm@home\.example/,
      /Email address 3:\t+j\.m@third\.example/,
      /Mobile phone number:\t+\+49 170 5550000/,
      /Business phone number 1:\t+\+49 30 1234567/,
      /Home phone number:\t+\+49 30 7654321/,
      /Company name:\t+ACME GmbH/,
      /Job title:\t+Leiter/,
      /Department name:\t+Forschung/,
    ]) {
      expect(joerg).toMatch(line);
    }
  });
});

describe('a broken PST', () => {
  it('is refused by both readers when a byte of a B-tree page is changed', async () => {
    const broken = path.join(dir, 'broken.pst');
    copyFileSync(file, broken);
    const fd = openSync(broken, 'r+');
    const header = Buffer.alloc(564);
    readSync(fd, header, 0, 564, 0);
    // The block B-tree's root page (ROOT.BREFBBT.ib), byte 504: the first byte of its trailer's BID.
    const page = Number(header.readBigUInt64LE(240));
    const byte = Buffer.alloc(1);
    readSync(fd, byte, 0, 1, page + 504);
    writeSync(fd, Buffer.from([byte[0]! ^ 0x01]), 0, 1, page + 504);
    closeSync(fd);
    const run = promisify(execFile);
    await expect(run('pffinfo', [broken])).rejects.toMatchObject({ stderr: expect.stringMatching(/back pointer mismatch/) });
    const out = mkdtempSync(path.join(dir, 'broken-'));
    await expect(run('readpst', [...READPST_SERIAL, '-q', '-o', out, broken])).rejects.toMatchObject({
      stdout: expect.stringMatching(/Could not get root record/),
    });
    expect(readdirSync(out).filter((f) => statSync(path.join(out, f)).isFile())).toEqual([]);
  });
});
