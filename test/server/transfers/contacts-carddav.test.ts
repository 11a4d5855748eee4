/**
 * Contacts from the provider's CardDAV server, as configured (SOURCE_CARDDAV_*), over real HTTP: a real
 * Radicale holds the customer's address books, the service reads them through its service account
 * (never the customer's password) and delivers them into the export's ZIP, every vCard as served, or
 * into the development address-book store of an OAuth destination, once, however often it runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { createDevMail, type DevMail } from '../../../server/development/mail/index.ts';
import { createVcardDirectorySource } from '../../../server/development/mail/contacts/source.ts';
import { startRadicale, type Radicale } from '../../support/radicale.ts';
import { seedBook, servedBook } from '../../engine/support/carddav-book.ts';
import { fixtureBook } from '../../engine/support/contacts-fixture.ts';
import { readZip } from '../../engine/support/archive-reader.ts';
import { consentGrant, signIn, startHarness, type Harness } from '../helpers/harness.ts';
import { ended, pollStatus } from './support.ts';

const OWNER = { user: 'active@example.com', password: 'customer-dav-pw' };
const dir = mkdtempSync(path.join(tmpdir(), 'portal-contacts-transfer-'));
let radicale: Radicale;
let devMail: DevMail;
let harness: Harness;
/** Every vCard of the customer's account as Radicale serves it. */
let served: string[];

beforeAll(async () => {
  radicale = await startRadicale({ users: [OWNER] });
  await seedBook(radicale, OWNER, 'contacts', 'Contacts', fixtureBook(31, 'c', 24));
  await seedBook(radicale, OWNER, 'family', 'Famille & Amis', fixtureBook(32, 'f', 7));
  // The members' paths come back percent-encoded ('@'), so the book itself is listed too: only its cards count.
  const books = await Promise.all(['contacts', 'family'].map((slug) => servedBook(radicale, OWNER, OWNER.user, slug)));
  served = books
    .flat()
    .filter((c) => c.href.endsWith('.vcf'))
    .map((c) => c.text);
  expect(served).toHaveLength(31);
  devMail = createDevMail({ dir: path.join(dir, 'dev-mail') });
  harness = await startHarness({
    transfers: true,
    devMail,
    env: {
      TRANSFER_POLL_MS: '50',
      SOURCE_CARDDAV_URL: radicale.url,
      SOURCE_CARDDAV_USER: radicale.service.user,
      SOURCE_CARDDAV_PASSWORD: radicale.service.password,
    },
  });
}, 120_000);
afterAll(async () => {
  await harness?.stop();
  await harness?.remove();
  await radicale?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function exportOf(body: Record<string, unknown>): Promise<{ last: StatusResponse; token: string }> {
  const session = await signIn(harness, OWNER.user);
  const response = await session.post('/api/load/', {
    source_account: { email: OWNER.user, provider: 'northwave' },
    operations: ['contactsmigration'],
    parameters: { notificationEmail: 'notify@example.com' },
    ...body,
  });
  expect(response.status).toBe(200);
  const { jobid } = (await response.json()) as { jobid: string };
  return { last: (await pollStatus(harness.base, jobid, ended, { token: session.token })).at(-1) as StatusResponse, token: session.token };
}

/** The vCards of a VCF file, each ending with its CRLF. */
const vcardsOf = (vcf: string) => vcf.split(/(?<=END:VCARD\r\n)/).filter((card) => card.length > 0);

describe('contacts from the configured CardDAV server', () => {
  it('puts every address book into the ZIP, every vCard exactly as the server served it', { timeout: 120_000 }, async () => {
    const { last, token } = await exportOf({
      destination_account: { provider: 'file' },
      file_export_parameters: { contactsFormat: 'VCF' },
    });
    expect(last.contactsmigration).toMatchObject({
      status: 'completed',
      progress: { total: served.length, done: served.length, failed: 0 },
    });
    // The archive is its owner's: fetched with their sign-in.
    const response = await fetch(`${harness.base}${last.contactsmigration?.download_url ?? '/missing'}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const file = path.join(dir, 'contacts.zip');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const vcf = readZip(file).get('contacts/contacts.vcf')?.toString('utf8') ?? '';
    expect(vcardsOf(vcf).sort()).toEqual([...served].sort());
  });

  it('fills the development address book of an Outlook.com destination once, however often it runs', { timeout: 120_000 }, async () => {
    const destination = async () => {
      const grant = await consentGrant(harness, 'outlook', 'me@outlook.com');
      return { provider: 'outlook', tokenId: grant };
    };
    const held = async () => {
      const session = await createVcardDirectorySource({ root: devMail.layout.addressBooks('me@outlook.com') }).connect();
      const [book] = await session.listAddressBooks();
      if (!book) return [];
      return (
        await session.fetch(
          book,
          (await session.list(book)).map((r) => r.href),
        )
      ).map((c) => c.text);
    };
    expect((await exportOf({ destination_account: await destination() })).last.contactsmigration?.status).toBe('completed');
    expect((await held()).sort()).toEqual([...served].sort());
    expect((await exportOf({ destination_account: await destination() })).last.contactsmigration?.status).toBe('completed');
    expect(await held()).toHaveLength(served.length);
  });
});
