/**
 * The engine moves the sample address books (vCard directory source) into the development
 * address-book store: every card byte for byte in one "Contacts" book the source reader reads back, a
 * receipt per source book; a second transfer, a contact already held under another name, and what a
 * kill mid-write leaves behind add nothing twice.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVcardDirectoryDestination, DEV_BOOK } from '../../server/development/mail/contacts/destination.ts';
import { createVcardDirectorySource } from '../../server/development/mail/contacts/source.ts';
import { createMemoryStateStore, runContactsTransfer, systemClock } from '../../server/engine/index.ts';
import { sampleAccountForFile } from './support/sample-account.ts';

const fixture = sampleAccountForFile('active@example.com', 'dev-contacts-store-');
const stores = fixture.stores;

const source = () => createVcardDirectorySource({ root: path.join(fixture.account().dir, 'contacts') });

/** Every card of every book under `root`, as stored, by book name. */
async function booksIn(root: string): Promise<Map<string, string[]>> {
  const session = await createVcardDirectorySource({ root }).connect();
  const out = new Map<string, string[]>();
  for (const book of await session.listAddressBooks()) {
    const refs = await session.list(book);
    out.set(
      book.name,
      (
        await session.fetch(
          book,
          refs.map((r) => r.href),
        )
      ).map((c) => c.text),
    );
  }
  return out;
}

const transfer = (transferId: string, root: string) =>
  runContactsTransfer({
    transferId,
    source: source(),
    destination: createVcardDirectoryDestination({ root }),
    store: createMemoryStateStore(),
    clock: systemClock,
  });

describe('runContactsTransfer sample address books → development address-book store', () => {
  it('puts every card of every book into one Contacts book, byte for byte, with a receipt per book', async () => {
    const root = path.join(stores, 'you@gmail.com');
    const result = await transfer('c1', root);
    const sample = [...(await booksIn(path.join(fixture.account().dir, 'contacts'))).values()].flat();
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ total: sample.length, done: sample.length, failed: 0 });
    const arrived = await booksIn(root);
    expect([...arrived.keys()]).toEqual([DEV_BOOK.name]);
    expect([...(arrived.get(DEV_BOOK.name) ?? [])].sort()).toEqual([...sample].sort());
    expect(result.receipts.map((r) => [r.destination, r.sourceCount, r.destinationCount, r.failed])).toEqual([
      [DEV_BOOK.dir, 34, 34, 0],
      [DEV_BOOK.dir, 6, 6, 0],
    ]);
  });

  it('adds nothing on a second run, for a contact held under another name, or after a kill mid-write', async () => {
    const root = path.join(stores, 'again@gmail.com');
    await transfer('a1', root);
    const bookDir = path.join(root, DEV_BOOK.dir);
    const [first] = readdirSync(bookDir).filter((n) => n.endsWith('.vcf'));
    if (!first) throw new Error('no card arrived');
    // The same contact under another name, and a temporary file a killed write left behind.
    const held = (await booksIn(root)).get(DEV_BOOK.name)?.find((card) => card.includes(`UID:${first.slice(0, -'.vcf'.length)}`));
    if (!held) throw new Error('the first card is not readable');
    rmSync(path.join(bookDir, first));
    writeFileSync(path.join(bookDir, 'renamed-by-hand.vcf'), held);
    writeFileSync(path.join(bookDir, '.tmp-0123456789ab'), 'BEGIN:VCARD\r\nVERSION:3.0\r\nUID:half');
    const before = (await booksIn(root)).get(DEV_BOOK.name) ?? [];
    const result = await transfer('a2', root);
    expect(result.status).toEqual({ state: 'completed' });
    expect(((await booksIn(root)).get(DEV_BOOK.name) ?? []).sort()).toEqual([...before].sort());
  });
});
