/**
 * CardDAV (a real Radicale) → Google's People API and Microsoft Graph, against fakes of both
 * (test/support/provider-fakes): every contact arrives with every field in the provider's model, its
 * photo, and its vCard UID kept beside it; a re-run adds none; a refused contact lands in the item
 * report while the rest arrive; throttling is waited for as the provider says; Google gets one change
 * at a time and batches of at most 200; an expired token is renewed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGraphContactsDestination,
  createMemoryStateStore,
  createPeopleDestination,
  runContactsTransfer,
  systemClock,
  type ContactsDestination,
} from '../../server/engine/index.ts';
import type { Radicale } from '../support/radicale.ts';
import { GraphFake, graphError, type GraphFakeOptions } from '../support/provider-fakes/graph-fake.ts';
import { PeopleFake, type PeopleFakeOptions } from '../support/provider-fakes/people-fake.ts';
import { compact, expectedGraphContact, expectedPerson } from './support/contacts-api-expected.ts';
import { aliceBooks, davSource, erinBook, startSeededRadicale } from './support/contacts-setup.ts';

let radicale: Radicale;
const fakes: Array<{ stop(): Promise<void> }> = [];
const everyone = [...aliceBooks.contacts.contacts, ...aliceBooks.famille.contacts];
const limits = { backoffBaseMs: 50, backoffMaxMs: 200 };

beforeAll(async () => {
  radicale = await startSeededRadicale();
}, 60_000);

afterAll(async () => {
  await Promise.all([radicale?.stop(), ...fakes.map((fake) => fake.stop())]);
});

async function people(options: PeopleFakeOptions = {}) {
  const fake = await new PeopleFake({ quota: { units: 10_000, windowMs: 60_000 }, ...options }).start();
  fakes.push(fake);
  return fake;
}
async function graph(options: GraphFakeOptions = {}) {
  const fake = await new GraphFake(options).start();
  fakes.push(fake);
  return fake;
}
const toGoogle = (fake: PeopleFake, tokens = fake.tokens.source(), batch?: number) =>
  createPeopleDestination(
    { endpoint: { url: fake.url, timeoutMs: 10_000 }, quota: { units: 10_000, windowMs: 60_000 }, ...(batch ? { batch } : {}) },
    tokens,
    { clock: systemClock, limits },
  );
const toOutlook = (fake: GraphFake, tokens = fake.tokens.source()) =>
  createGraphContactsDestination({ endpoint: { url: fake.url, timeoutMs: 10_000 } }, tokens, { clock: systemClock, limits });
const run = (transferId: string, destination: ContactsDestination, account = 'alice') =>
  runContactsTransfer({
    transferId,
    source: davSource(radicale, account),
    destination,
    store: createMemoryStateStore(),
    clock: systemClock,
    limits,
  });

describe('runContactsTransfer CardDAV → Google People API', () => {
  let fake: PeopleFake;

  it('creates every contact with every field, in batches, one change at a time', async () => {
    fake = await people();
    const result = await run('p1', toGoogle(fake, undefined, 16));
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ total: everyone.length, done: everyone.length, failed: 0 });
    expect(fake.people).toHaveLength(everyone.length);
    for (const contact of everyone) {
      const person = fake.byUid(contact.uid);
      expect(person, contact.uid).toBeDefined();
      const { resourceName: _r, etag: _e, photoBytes, ...fields } = person!;
      expect(compact(fields), contact.uid).toEqual(expectedPerson(contact));
      expect(photoBytes?.toString('base64') ?? '', contact.uid).toBe(contact.photo?.toString('base64') ?? '');
    }
    const batches = fake.log.filter((r) => r.path === '/v1/people:batchCreateContacts');
    expect(batches.length).toBe(Math.ceil(aliceBooks.contacts.contacts.length / 16) + Math.ceil(aliceBooks.famille.contacts.length / 16));
    expect(fake.overlapping).toBe(0);
    expect(result.receipts.map((r) => [r.container, r.sourceCount, r.destinationCount])).toEqual(
      expect.arrayContaining([[expect.any(String), aliceBooks.contacts.contacts.length, aliceBooks.contacts.contacts.length]]),
    );
  }, 60_000);

  it('adds none when run again as a new transfer', async () => {
    const result = await run('p2', toGoogle(fake));
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ done: everyone.length, failed: 0 });
    expect(fake.people).toHaveLength(everyone.length);
  }, 60_000);

  it('reports a contact Google refuses and creates the others of its batch', async () => {
    const refused = erinBook[3]!;
    const other = await people({ refuse: (person) => JSON.stringify(person).includes(refused.uid) });
    const result = await run('p3', toGoogle(other), 'erin');
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.failures).toEqual([
      expect.objectContaining({ reason: 'refused', itemId: refused.uid, detail: expect.stringContaining('400') }),
    ]);
    expect(other.people).toHaveLength(erinBook.length - 1);
    expect(other.byUid(refused.uid)).toBeUndefined();
  }, 60_000);

  it('waits when Google says the per-user rate is spent, then completes', async () => {
    const other = await people();
    other.failNext(2, {
      status: 429,
      body: {
        error: {
          code: 429,
          message: 'Quota exceeded',
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'RATE_LIMIT_EXCEEDED' }],
        },
      },
      throttle: true,
    });
    const result = await run('p4', toGoogle(other), 'erin');
    expect(result.status).toEqual({ state: 'completed' });
    expect(other.throttledRequests()).toHaveLength(2);
    expect(other.people).toHaveLength(erinBook.length);
  }, 60_000);
});

describe('runContactsTransfer CardDAV → Microsoft Graph', () => {
  let fake: GraphFake;

  it("creates every contact with every field in Outlook's places, the rest in its notes", async () => {
    fake = await graph();
    const result = await run('m1', toOutlook(fake));
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ total: everyone.length, done: everyone.length, failed: 0 });
    expect(fake.contacts).toHaveLength(everyone.length);
    for (const contact of everyone) {
      const stored = fake.byUid(contact.uid);
      expect(stored, contact.uid).toBeDefined();
      const { id: _id, photo, ...fields } = stored!;
      expect(compact(fields), contact.uid).toEqual(expectedGraphContact(contact));
      expect(photo?.bytes.toString('base64') ?? '', contact.uid).toBe(contact.photo?.toString('base64') ?? '');
    }
  }, 60_000);

  it('adds none when run again as a new transfer', async () => {
    const result = await run('m2', toOutlook(fake));
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ done: everyone.length, failed: 0 });
    expect(fake.contacts).toHaveLength(everyone.length);
  }, 60_000);

  it('waits as Retry-After says on 429 and 503, renews an expired token, and reports a refused contact', async () => {
    const refused = erinBook[1]!;
    const other = await graph({ refuse: (contact) => JSON.stringify(contact).includes(refused.uid) });
    other.failNext(1, {
      status: 429,
      body: graphError('TooManyRequests', 'Too many requests.'),
      headers: { 'retry-after': '1' },
      throttle: true,
    });
    other.failNext(1, {
      status: 503,
      body: graphError('ServiceUnavailable', 'Service unavailable.'),
      headers: { 'retry-after': '1' },
      throttle: true,
    });
    const result = await run('m3', toOutlook(other, other.tokens.source(200)), 'erin');
    expect(result.status).toEqual({ state: 'completed' });
    const [first, second] = other.throttledRequests();
    const next = (entry: typeof first) => other.log[other.log.indexOf(entry!) + 1]!.at;
    expect(next(first) - first!.at).toBeGreaterThanOrEqual(950);
    expect(next(second) - second!.at).toBeGreaterThanOrEqual(950);
    expect(other.log.some((r) => r.status === 401)).toBe(true);
    expect(result.failures).toEqual([expect.objectContaining({ reason: 'refused', itemId: refused.uid })]);
    expect(other.contacts).toHaveLength(erinBook.length - 1);
  }, 60_000);
});
