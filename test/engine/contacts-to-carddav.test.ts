/**
 * CardDAV → CardDAV between two real Radicales: every contact arrives byte for byte (as the source
 * serves it) in one address book of the destination account, created when the account has none; a
 * re-run adds nothing; a contact the destination refuses is in the item report while the rest arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStateStore, runContactsTransfer, systemClock } from '../../server/engine/index.ts';
import { startRadicale, type Radicale, type RadicaleUser } from '../support/radicale.ts';
import { createBook, seedBook, servedAccount, servedBook, type ServedContact } from './support/carddav-book.ts';
import { alice, aliceBooks, davDestination, davSource, erin, erinBook, startSeededRadicale } from './support/contacts-setup.ts';

const carol: RadicaleUser = { user: 'carol', password: 'carol-dav-pw' };
const dan: RadicaleUser = { user: 'dan', password: 'dan-dav-pw' };
const frank: RadicaleUser = { user: 'frank', password: 'frank-dav-pw' };
const gina: RadicaleUser = { user: 'gina', password: 'gina-dav-pw' };
let source: Radicale;
let target: Radicale;
let strict: Radicale;

beforeAll(async () => {
  [source, target, strict] = await Promise.all([
    startSeededRadicale(),
    startRadicale({ users: [carol, dan, gina] }),
    // A destination that refuses requests over 40 kB (a contact with a 60 kB photo).
    startRadicale({ users: [frank], maxContentLength: 40_000 }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop(), strict?.stop()]);
});

const uidOf = (text: string) => /^UID:(.*)$/m.exec(text)?.[1]?.trim() ?? '';
const byUid = (list: ServedContact[]) => new Map(list.map((c) => [uidOf(c.text), c.text]));

describe('runContactsTransfer CardDAV → CardDAV', () => {
  it('puts every contact of every address book, byte for byte, into one address book of the destination', async () => {
    const result = await runContactsTransfer({
      transferId: 'd1',
      source: davSource(source, 'alice'),
      destination: davDestination(target, carol),
      store: createMemoryStateStore(),
      clock: systemClock,
      limits: { batchContacts: 9 },
    });
    expect(result.status).toEqual({ state: 'completed' });

    const expected = byUid([
      ...(await servedBook(source, alice, 'alice', 'contacts')),
      ...(await servedBook(source, alice, 'alice', 'famille')),
    ]);
    const arrived = await servedAccount(target, carol);
    expect([...arrived.keys()]).toEqual(['contacts']);
    const books = [...arrived.values()][0] as ServedContact[];
    expect(books).toHaveLength(expected.size);
    expect(byUid(books)).toEqual(expected);

    const total = aliceBooks.contacts.contacts.length + aliceBooks.famille.contacts.length;
    expect(result.progress).toMatchObject({ total, done: total, failed: 0 });
    expect(result.receipts.map((r) => [r.container, r.destination, r.sourceCount, r.destinationCount, r.failed])).toEqual([
      ['Contacts', '/carol/contacts/', 30, 30, 0],
      ['Famille & Amis', '/carol/contacts/', 12, 12, 0],
    ]);
  }, 60_000);

  it('adds nothing when run again, as the same transfer or as a new one', async () => {
    const before = await servedAccount(target, carol);
    const store = createMemoryStateStore();
    const first = await runContactsTransfer({
      transferId: 'd2',
      source: davSource(source, 'alice'),
      destination: davDestination(target, carol),
      store,
      clock: systemClock,
    });
    const again = await runContactsTransfer({
      transferId: 'd2',
      source: davSource(source, 'alice'),
      destination: davDestination(target, carol),
      store,
      clock: systemClock,
    });
    expect(await servedAccount(target, carol)).toEqual(before);
    for (const result of [first, again]) {
      expect(result.status).toEqual({ state: 'completed' });
      expect(result.progress).toMatchObject({ total: 42, done: 42, failed: 0 });
    }
  }, 60_000);

  it('matches contacts by UID: one the destination holds under another name is not added again', async () => {
    // gina imported three of erin's contacts earlier with another tool, under names of its own.
    const earlier = erinBook.slice(1, 4);
    await seedBook(
      target,
      gina,
      'contacts',
      'Contacts',
      earlier.map((c) => ({ ...c })),
    );
    const names = new Set((await servedBook(target, gina, 'gina', 'contacts')).map((c) => c.href));
    const result = await runContactsTransfer({
      transferId: 'u1',
      source: davSource(source, 'erin'),
      destination: davDestination(target, gina),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ total: 6, done: 6, failed: 0 });
    const arrived = await servedBook(target, gina, 'gina', 'contacts');
    expect(arrived.map((c) => uidOf(c.text)).sort()).toEqual(erinBook.map((c) => c.uid).sort());
    for (const name of names) expect(arrived.some((c) => c.href === name)).toBe(true);
  }, 60_000);

  it('fills the address book the job names', async () => {
    await createBook(target, dan, 'work', 'Work');
    await createBook(target, dan, 'private', 'Private');
    const result = await runContactsTransfer({
      transferId: 'd3',
      source: davSource(source, 'erin'),
      destination: davDestination(target, dan, { addressBook: 'Private' }),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    expect(result.status).toEqual({ state: 'completed' });
    const arrived = await servedAccount(target, dan);
    expect(arrived.get('work')).toEqual([]);
    expect(
      arrived
        .get('private')
        ?.map((c) => uidOf(c.text))
        .sort(),
    ).toEqual(erinBook.map((c) => c.uid).sort());
  }, 60_000);

  it('reports a contact the destination refuses, with its address book, UID, size and reason, and copies the rest', async () => {
    const result = await runContactsTransfer({
      transferId: 'r1',
      source: davSource(source, 'erin'),
      destination: davDestination(strict, frank),
      store: createMemoryStateStore(),
      clock: systemClock,
      limits: { batchContacts: 4 },
    });
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ total: 6, done: 4, failed: 2 });
    const big = erinBook.slice(0, 2);
    expect(result.failures.map((f) => [f.operation, f.container, f.itemId, f.reason]).sort()).toEqual(
      big.map((c) => ['contactsmigration', 'Contacts', c.uid, 'too-big']).sort(),
    );
    for (const failure of result.failures) {
      expect(failure.size).toBeGreaterThan(60_000);
      expect(failure.detail).toMatch(/413/);
    }
    expect(result.receipts).toEqual([
      {
        operation: 'contactsmigration',
        container: 'Contacts',
        destination: '/frank/contacts/',
        sourceCount: 6,
        destinationCount: 4,
        failed: 2,
      },
    ]);
    const arrived = [...(await servedAccount(strict, frank)).values()]
      .flat()
      .map((c) => uidOf(c.text))
      .sort();
    expect(arrived).toEqual(
      erinBook
        .slice(2)
        .map((c) => c.uid)
        .sort(),
    );
    expect(erin.user).toBe('erin');
  }, 60_000);
});
