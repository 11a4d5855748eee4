/**
 * CardDAV → VCF and CSV inside the export's ZIP, from a real Radicale read through the service account:
 * the VCF holds every vCard byte for byte as the server serves it (checked against plain GETs) and
 * parses back to every field of every contact; the CSV has every contact with every field in its
 * column; mail and contacts share one ZIP; a cancelled export leaves no file.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_CSV_COLUMNS,
  createArchiveDestination,
  createContactsArchiveDestination,
  createImapSource,
  createMemoryStateStore,
  openZipArchive,
  runContactsTransfer,
  runMailTransfer,
  systemClock,
} from '../../server/engine/index.ts';
import { startDovecot, type Dovecot } from '../support/dovecot.ts';
import type { Radicale } from '../support/radicale.ts';
import { parseCsv, parseVcards } from '../server/vendor/parse.ts';
import { readZip } from './support/archive-reader.ts';
import { servedBook } from './support/carddav-book.ts';
import { expectedCsv, fieldsOfCard, fieldsOfFixture } from './support/contacts-expected.ts';
import { alice, aliceBooks, davSource, startSeededRadicale } from './support/contacts-setup.ts';
import { firstCommit } from './support/engine-setup.ts';
import { seedMailbox } from './support/imap-mailbox.ts';
import { fixtureMailbox } from './support/mail-fixture.ts';

let radicale: Radicale;
let dir: string;
const aliceContacts = Object.values(aliceBooks).flatMap((b) => b.contacts);

beforeAll(async () => {
  radicale = await startSeededRadicale();
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-contacts-files-'));
}, 60_000);

afterAll(async () => {
  await radicale?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function exportTo(format: 'VCF' | 'CSV', transferId: string) {
  const file = path.join(dir, `${transferId}.zip`);
  const archive = openZipArchive(file);
  const result = await runContactsTransfer({
    transferId,
    source: davSource(radicale, 'alice'),
    destination: createContactsArchiveDestination({ archive, format }),
    store: createMemoryStateStore(),
    clock: systemClock,
    limits: { batchContacts: 7 },
  });
  await archive.close();
  return { result, entries: readZip(file) };
}

describe('runContactsTransfer CardDAV → files', () => {
  it('writes every vCard as served, byte for byte, into contacts/contacts.vcf, and every field parses back', async () => {
    const { result, entries } = await exportTo('VCF', 'vcf1');
    expect(result.status).toEqual({ state: 'completed' });
    expect([...entries.keys()]).toEqual(['contacts/contacts.vcf']);
    const vcf = entries.get('contacts/contacts.vcf')?.toString('utf8') ?? '';

    const served = [
      ...(await servedBook(radicale, alice, 'alice', 'contacts')),
      ...(await servedBook(radicale, alice, 'alice', 'famille')),
    ];
    expect(served).toHaveLength(aliceContacts.length);
    for (const { text } of served) expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(vcf).toBe(served.map((s) => s.text).join(''));

    const cards = parseVcards(vcf).map(fieldsOfCard);
    expect(cards.map((c) => c.uid).sort()).toEqual(aliceContacts.map((c) => c.uid).sort());
    for (const contact of aliceContacts)
      expect(
        cards.find((c) => c.uid === contact.uid),
        contact.uid,
      ).toEqual(fieldsOfFixture(contact));
    expect(aliceContacts.some((c) => c.photo !== null) && aliceContacts.some((c) => c.version === '4.0')).toBe(true);

    expect(result.progress).toMatchObject({
      operation: 'contactsmigration',
      total: aliceContacts.length,
      done: aliceContacts.length,
      failed: 0,
      bytesTotal: null,
    });
    expect(result.receipts.map((r) => [r.container, r.destination, r.sourceCount, r.destinationCount, r.failed])).toEqual([
      ['Contacts', 'contacts/contacts.vcf', 30, 30, 0],
      ['Famille & Amis', 'contacts/contacts.vcf', 12, 12, 0],
    ]);
  }, 60_000);

  it('writes every contact into contacts/contacts.csv with every field in its column', async () => {
    const { result, entries } = await exportTo('CSV', 'csv1');
    expect(result.status).toEqual({ state: 'completed' });
    const rows = parseCsv(entries.get('contacts/contacts.csv')?.toString('utf8') ?? '');
    expect(rows[0]).toEqual([...CONTACT_CSV_COLUMNS]);
    expect(rows).toHaveLength(aliceContacts.length + 1);
    const column = (name: string) => CONTACT_CSV_COLUMNS.indexOf(name);
    for (const contact of aliceContacts) {
      const expected = expectedCsv(contact);
      const row = rows.find((r) => r[column('E-mail Address')] === expected.get('E-mail Address'));
      expect(row, contact.uid).toBeDefined();
      const actual = new Map(CONTACT_CSV_COLUMNS.map((name, i) => [name, row?.[i] ?? '']));
      for (const name of CONTACT_CSV_COLUMNS) expect(actual.get(name), `${contact.uid} ${name}`).toBe(expected.get(name) ?? '');
    }
    // The cases the column rules exist for are in the data.
    const notes = rows.slice(1).map((r) => r[column('Notes')] ?? '');
    expect(notes.some((n) => n.includes('E-mail: '))).toBe(true);
    expect(notes.some((n) => n.includes('Phone (home): '))).toBe(true);
    expect(notes.some((n) => n.includes('Address (home): '))).toBe(true);
  }, 60_000);

  it('offers no file after a cancel', async () => {
    const file = path.join(dir, 'cancelled.zip');
    const archive = openZipArchive(file);
    const controller = new AbortController();
    const store = createMemoryStateStore();
    const running = runContactsTransfer({
      transferId: 'c1',
      source: davSource(radicale, 'alice'),
      destination: createContactsArchiveDestination({ archive, format: 'VCF' }),
      store,
      clock: systemClock,
      signal: controller.signal,
      limits: { batchContacts: 2 },
    });
    await firstCommit(store, 'c1', 'contactsmigration');
    controller.abort();
    const result = await running;
    expect(result.status).toEqual({ state: 'cancelled' });
    expect(result.progress?.done).toBeGreaterThan(0);
    expect(result.progress?.done).toBeLessThan(aliceContacts.length);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
  }, 60_000);
});

describe('a file export of mail and contacts', () => {
  let dovecot: Dovecot;
  const customer = { email: 'alice@example.com', password: 'alice-imap-pw' };
  const messages = fixtureMailbox(4, 12);

  beforeAll(async () => {
    dovecot = await startDovecot({ users: [customer] });
    await seedMailbox(dovecot, customer.email, customer.password, messages);
  }, 60_000);
  afterAll(async () => dovecot?.stop());

  it('is one ZIP: the mail is written first, then the contacts, then the caller closes it', async () => {
    const file = path.join(dir, 'both.zip');
    const archive = openZipArchive(file);
    const store = createMemoryStateStore();
    const mail = await runMailTransfer({
      transferId: 'b1',
      store,
      clock: systemClock,
      destination: createArchiveDestination({ archive, format: 'MBOX' }),
      source: createImapSource({
        endpoint: { host: dovecot.host, port: dovecot.port, tls: 'implicit', ca: dovecot.certificate },
        mailbox: customer.email,
        master: dovecot.master,
      }),
    });
    const contacts = await runContactsTransfer({
      transferId: 'b1',
      store,
      clock: systemClock,
      source: davSource(radicale, 'alice'),
      destination: createContactsArchiveDestination({ archive, format: 'CSV' }),
    });
    await archive.close();
    expect([mail.status, contacts.status]).toEqual([{ state: 'completed' }, { state: 'completed' }]);
    const entries = readZip(file);
    expect(entries.has('email/INBOX.mbox')).toBe(true);
    expect(parseCsv(entries.get('contacts/contacts.csv')?.toString('utf8') ?? '')).toHaveLength(aliceContacts.length + 1);
    expect((await store.load('b1', 'emailmigration')).progress?.done).toBe(messages.length);
    expect((await store.load('b1', 'contactsmigration')).progress?.done).toBe(aliceContacts.length);
  }, 60_000);
});
