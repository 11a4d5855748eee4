/**
 * What `npm start` does with no mail server, over real HTTP: the engine reads a scenario account's
 * sample mailbox and address books (server/development/mail) and the worker delivers them into one ZIP the
 * owner downloads, or into the development mailbox and address-book store for the OAuth destinations
 * (mail only for Other). The ZIP holds the sample mailbox exactly: every folder, every message byte for
 * byte; and every sample vCard as stored, or one CSV row per contact.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { createDevMail, type DevMail } from '../../../server/development/mail/index.ts';
import { createVcardDirectorySource } from '../../../server/development/mail/contacts/source.ts';
import { CONTACT_CSV_COLUMNS } from '../../../server/engine/index.ts';
import { readZip, sha256, splitMboxrd } from '../../engine/support/archive-reader.ts';
import { readWithPffexport, readWithReadpst } from '../../engine/pst/support/readers.ts';
import { parseCsv } from '../vendor/parse.ts';
import { readMaildir } from '../../dev-mail/support/read-maildir.ts';
import { renamed } from '../../dev-mail/support/sample-account.ts';
import { consentGrant, signIn, startHarness, type Harness } from '../helpers/harness.ts';
import { ended, pollStatus } from './support.ts';

const OWNER = 'active@example.com';
const dir = mkdtempSync(path.join(tmpdir(), 'portal-dev-transfer-'));
let devMail: DevMail;
let harness: Harness;

beforeAll(async () => {
  devMail = createDevMail({ dir: path.join(dir, 'dev-mail') });
  await devMail.prepare([OWNER]);
  harness = await startHarness({ transfers: true, devMail, env: { TRANSFER_POLL_MS: '50' } });
}, 120_000);
afterAll(async () => {
  await harness?.stop();
  await harness?.remove();
  rmSync(dir, { recursive: true, force: true });
});

/** The sample mailbox: folder path (the sample's delimiter) → SHA-256 of each message, sorted. */
function sampleMailbox(): Map<string, string[]> {
  return new Map([...readMaildir(devMail.layout.maildir(OWNER))].map(([folder, list]) => [folder, list.map((m) => m.sha256).sort()]));
}

/** Every vCard of the sample address books (or of a development destination's), as stored. */
async function vcardsIn(root: string): Promise<string[]> {
  const session = await createVcardDirectorySource({ root }).connect();
  const cards: string[] = [];
  for (const book of await session.listAddressBooks()) {
    const refs = await session.list(book);
    cards.push(
      ...(
        await session.fetch(
          book,
          refs.map((r) => r.href),
        )
      ).map((c) => c.text),
    );
  }
  return cards;
}

async function exportOf(
  body: Record<string, unknown>,
  on: Harness = harness,
): Promise<{ exportId: string; last: StatusResponse; token: string }> {
  const session = await signIn(on, OWNER);
  const response = await session.post('/api/load/', {
    source_account: { email: OWNER, provider: 'northwave' },
    operations: ['emailmigration'],
    parameters: { notificationEmail: 'notify@example.com' },
    ...body,
  });
  expect(response.status).toBe(200);
  const { jobid } = (await response.json()) as { jobid: string };
  const last = (await pollStatus(on.base, jobid, ended, { token: session.token })).at(-1) as StatusResponse;
  return { exportId: jobid, last, token: session.token };
}

/** The archive, downloaded with the owner's sign-in `token` (downloads are the owner's alone). */
async function download(
  last: StatusResponse,
  token: string,
  operation: 'emailmigration' | 'contactsmigration' = 'emailmigration',
  on: Harness = harness,
): Promise<Map<string, Buffer>> {
  const url = last[operation]?.download_url;
  expect(url).toMatch(/^\/api\/downloads\//);
  const headers = { Authorization: `Bearer ${token}` };
  const response = await fetch(`${on.base}${url}`, { headers });
  expect(response.status).toBe(200);
  const whole = Buffer.from(await response.arrayBuffer());
  // A download that broke off goes on from the engine's archive on disk: the rest, byte for byte.
  const rest = await fetch(`${on.base}${url}`, { headers: { ...headers, Range: 'bytes=100-' } });
  expect(rest.status).toBe(206);
  expect(Buffer.from(await rest.arrayBuffer()).equals(whole.subarray(100))).toBe(true);
  const file = path.join(dir, `download-${Date.now()}.zip`);
  writeFileSync(file, whole);
  return readZip(file);
}

const delimiter = () => (readMaildir(devMail.layout.maildir(OWNER)).has('Travel/Été à Montréal') ? '/' : '.');

describe('development transfers (sample mailboxes, development store)', () => {
  it('puts the sample mailbox into one ZIP of MBOX files, every message byte for byte', { timeout: 120_000 }, async () => {
    const { last, token } = await exportOf({ destination_account: { provider: 'file' }, file_export_parameters: { emailFormat: 'MBOX' } });
    const sample = sampleMailbox();
    const total = [...sample.values()].reduce((n, list) => n + list.length, 0);
    expect(last.emailmigration).toMatchObject({ status: 'completed', progress: { total, done: total, failed: 0 } });
    const zip = await download(last, token);
    const fromZip = new Map(
      [...zip]
        .filter(([name]) => name.endsWith('.mbox'))
        .map(([name, data]) => [
          name.slice('email/'.length, -'.mbox'.length).split('/').join(delimiter()),
          splitMboxrd(data).map(sha256).sort(),
        ]),
    );
    expect(new Map([...fromZip].sort())).toEqual(new Map([...sample].sort()));
  });

  it('puts the sample mailbox into one ZIP of EML files', { timeout: 120_000 }, async () => {
    const { last, token } = await exportOf({ destination_account: { provider: 'file' }, file_export_parameters: { emailFormat: 'EML' } });
    const zip = await download(last, token);
    const emls = [...zip].filter(([name]) => name.endsWith('.eml'));
    const all = [...sampleMailbox().values()].flat().sort();
    expect(emls.map(([, data]) => createHash('sha256').update(data).digest('hex')).sort()).toEqual(all);
  });

  it('puts mail and the sample address books into one ZIP: every vCard as stored', { timeout: 120_000 }, async () => {
    const { last, token } = await exportOf({
      destination_account: { provider: 'file' },
      operations: ['emailmigration', 'contactsmigration'],
      file_export_parameters: { emailFormat: 'MBOX', contactsFormat: 'VCF' },
    });
    const cards = await vcardsIn(devMail.layout.contacts(OWNER));
    expect(cards.length).toBeGreaterThan(30);
    expect(last.contactsmigration).toMatchObject({ status: 'completed', progress: { total: cards.length, done: cards.length, failed: 0 } });
    expect(last.emailmigration?.status).toBe('completed');
    const zip = await download(last, token);
    expect(zip.get('contacts/contacts.vcf')?.toString('utf8')).toBe(cards.join(''));
    expect([...zip.keys()].some((name) => name.endsWith('.mbox'))).toBe(true);
  });

  it(
    'puts the sample mailbox and address books into one Outlook data file that both PST readers open whole',
    { timeout: 180_000 },
    async () => {
      const { last, token } = await exportOf({
        destination_account: { provider: 'file' },
        operations: ['emailmigration', 'contactsmigration'],
        file_export_parameters: { emailFormat: 'PST', contactsFormat: 'PST' },
      });
      expect(last.emailmigration?.status).toBe('completed');
      expect(last.contactsmigration?.status).toBe('completed');
      const zip = await download(last, token);
      expect([...zip.keys()]).toEqual(['outlook/mailbox.pst']);
      const file = path.join(dir, `mailbox-${Date.now()}.pst`);
      writeFileSync(file, zip.get('outlook/mailbox.pst') ?? Buffer.alloc(0));
      const sample = sampleMailbox();
      const cards = await vcardsIn(devMail.layout.contacts(OWNER));
      for (const read of [readWithReadpst, readWithPffexport]) {
        const pst = await read(file, mkdtempSync(path.join(dir, 'read-')));
        // Every folder of the sample, by its last name, holds as many messages as the sample's.
        for (const [folder, list] of sample) {
          const leaf = folder.split(delimiter()).at(-1) ?? folder;
          const name = leaf.toUpperCase() === 'INBOX' ? 'Inbox' : folder.endsWith('Trash') ? 'Deleted Items' : leaf;
          const counted = [...pst.counts].find(([path]) => path.split('/').at(-1) === name)?.[1];
          // (An empty folder is in the file, but neither reader lists a folder it wrote nothing out of.)
          expect(counted ?? 0, `${read.name}: ${folder}`).toBe(list.length);
        }
        expect(pst.messages).toHaveLength([...sample.values()].flat().length);
        expect(pst.contacts, read.name).toHaveLength(cards.length);
      }
    },
  );

  it('ends the PST and begins the next part past its size, each part a whole PST', { timeout: 180_000 }, async () => {
    const small = await startHarness({ transfers: true, devMail, env: { TRANSFER_POLL_MS: '50', PST_PART_BYTES: String(1024 * 1024) } });
    try {
      const { last, token } = await exportOf(
        { destination_account: { provider: 'file' }, file_export_parameters: { emailFormat: 'PST' } },
        small,
      );
      expect(last.emailmigration?.status).toBe('completed');
      const zip = await download(last, token, 'emailmigration', small);
      const parts = [...zip.keys()];
      expect(parts.length).toBeGreaterThan(1);
      expect(parts).toEqual(parts.map((_, i) => `outlook/mailbox${i === 0 ? '' : `-${i + 1}`}.pst`));
      let messages = 0;
      for (const [name, bytes] of zip) {
        const file = path.join(dir, `${path.basename(name)}-${Date.now()}`);
        writeFileSync(file, bytes);
        messages += (await readWithReadpst(file, mkdtempSync(path.join(dir, 'part-')))).messages.length;
      }
      expect(messages).toBe([...sampleMailbox().values()].flat().length);
    } finally {
      await small.stop();
      await small.remove();
    }
  });

  it('puts the sample contacts into a CSV in the documented columns, one row per contact', { timeout: 120_000 }, async () => {
    const { last, token } = await exportOf({
      destination_account: { provider: 'file' },
      operations: ['contactsmigration'],
      file_export_parameters: { contactsFormat: 'CSV' },
    });
    expect(last.emailmigration).toBeUndefined();
    const cards = await vcardsIn(devMail.layout.contacts(OWNER));
    const rows = parseCsv((await download(last, token, 'contactsmigration')).get('contacts/contacts.csv')?.toString('utf8') ?? '');
    expect(rows[0]).toEqual([...CONTACT_CSV_COLUMNS]);
    // Every contact's name (N: family;given;…) is one data row's First Name and Last Name.
    const unescape = (value: string) => value.replace(/\\([,;\\])/g, '$1');
    const names = cards.map((card) => {
      const [family = '', given = ''] = (/\r\nN:([^\r]*)/.exec(`\r\n${card}`)?.[1] ?? '').split(/(?<!\\);/).map(unescape);
      return `${given}|${family}`;
    });
    const first = CONTACT_CSV_COLUMNS.indexOf('First Name');
    const lastName = CONTACT_CSV_COLUMNS.indexOf('Last Name');
    expect(
      rows
        .slice(1)
        .map((row) => `${row[first]}|${row[lastName]}`)
        .sort(),
    ).toEqual(names.sort());
  });

  it(
    'delivers an export to Gmail into the development mailbox store, in Gmail’s folders, and the contacts into its address book',
    { timeout: 120_000 },
    async () => {
      const grant = await consentGrant(harness, 'gmail', 'me@gmail.com');
      const { last } = await exportOf({
        destination_account: { provider: 'gmail', tokenId: grant },
        operations: ['emailmigration', 'contactsmigration'],
      });
      expect(last.emailmigration?.status).toBe('completed');
      expect(last.contactsmigration?.status).toBe('completed');
      const cards = await vcardsIn(devMail.layout.contacts(OWNER));
      expect((await vcardsIn(devMail.layout.addressBooks('me@gmail.com'))).sort()).toEqual([...cards].sort());
      const arrived = new Map(
        [...readMaildir(devMail.layout.mailbox('me@gmail.com'))].map(([folder, list]) => [folder, list.map((m) => m.sha256).sort()]),
      );
      const gmail = { Sent: '[Gmail]/Sent Mail', Drafts: '[Gmail]/Drafts', Trash: '[Gmail]/Trash', Junk: '[Gmail]/Spam' };
      const expected = renamed(sampleMailbox(), gmail);
      for (const [folder, list] of expected) expect(arrived.get(folder.split(delimiter()).join('/')), folder).toEqual(list);
      const page = await (await fetch(`${harness.base}/dev/mailboxes`)).text();
      expect(page).toContain('me@gmail.com');
      expect(page).toMatch(new RegExp(`<th scope="row">me@gmail.com</th><td>Contacts</td><td>${cards.length}</td>`));

      // The same export again adds nothing to the address book.
      const again = await consentGrant(harness, 'gmail', 'me@gmail.com');
      const second = await exportOf({ destination_account: { provider: 'gmail', tokenId: again }, operations: ['contactsmigration'] });
      expect(second.last.contactsmigration?.status).toBe('completed');
      expect(await vcardsIn(devMail.layout.addressBooks('me@gmail.com'))).toHaveLength(cards.length);
    },
  );

  it('delivers an export to Other into the development store without keeping its password', { timeout: 120_000 }, async () => {
    const { exportId, last } = await exportOf({
      destination_account: { provider: 'other', email: 'friend@example.com', password: 'correct-password' },
    });
    expect(last.emailmigration?.status).toBe('completed');
    const row = await harness.db.selectFrom('jobs').select('sealed_secret').where('export_id', '=', exportId).executeTakeFirstOrThrow();
    expect(row.sealed_secret).toBeNull();
    const arrived = [...readMaildir(devMail.layout.mailbox('friend@example.com')).values()].reduce((n, list) => n + list.length, 0);
    expect(arrived).toBe([...sampleMailbox().values()].reduce((n, list) => n + list.length, 0));
  });
});
