/**
 * The sample address books read through the contacts source: every book with its display name, every
 * card in href order, each vCard exactly as generated; a change token that moves when a card changes;
 * a book that disappears and a missing account are the engine's faults.
 */
import { appendFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVcardDirectorySource } from '../../server/development/mail/contacts/source.ts';
import { generateAddressBooks } from '../../server/development/mail/sample/contacts.ts';
import { seedOf } from '../../server/development/mail/sample/random.ts';
import { sampleAccount, type SampleAccount } from './support/sample-account.ts';

const ADDRESS = 'active@example.com';
let account: SampleAccount;

beforeAll(async () => {
  account = await sampleAccount(ADDRESS);
}, 60_000);

afterAll(() => rmSync(account.dir, { recursive: true, force: true }));

describe('the vCard directory source', () => {
  it('serves every book and every card exactly as generated', async () => {
    const session = await createVcardDirectorySource({ root: path.join(account.dir, 'contacts') }).connect();
    const books = await session.listAddressBooks();
    expect(books.map((b) => [b.href, b.name])).toEqual([
      ['contacts', 'Contacts'],
      ['family', 'Family & close friends'],
    ]);
    for (const generated of generateAddressBooks(seedOf(ADDRESS))) {
      const book = books.find((b) => b.href === generated.id);
      if (!book) throw new Error(`no book ${generated.id}`);
      const refs = await session.list(book);
      const expected = [...generated.cards].sort((a, b) => `${a.uid}.vcf`.localeCompare(`${b.uid}.vcf`));
      expect(refs.map((r) => r.href)).toEqual(expected.map((c) => `${c.uid}.vcf`));
      const fetched = await session.fetch(book, [...refs.map((r) => r.href), 'gone.vcf']);
      expect(fetched.map((c) => c.text)).toEqual(expected.map((c) => c.vcard));
    }
  });

  it('moves the change token when a card changes, and reports a vanished book and a missing account', async () => {
    const source = createVcardDirectorySource({ root: path.join(account.dir, 'contacts') });
    const session = await source.connect();
    const [before] = await session.listAddressBooks();
    if (!before) throw new Error('no book');
    const [first] = await session.list(before);
    appendFileSync(path.join(account.dir, 'contacts', before.href, first?.href ?? ''), 'X-EXTRA:1\r\n');
    const [after] = await session.listAddressBooks();
    expect(after?.token).not.toBe(before.token);
    rmSync(path.join(account.dir, 'contacts', 'family'), { recursive: true });
    await expect(session.list({ href: 'family', name: 'Family', token: null })).rejects.toMatchObject({ kind: 'folder-missing' });
    await expect(createVcardDirectorySource({ root: path.join(account.dir, 'nothing') }).connect()).rejects.toMatchObject({
      kind: 'login-refused',
    });
  });
});
