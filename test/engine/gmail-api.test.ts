/**
 * Dovecot → Gmail through its import API, against the Gmail fake (test/support/provider-fakes): every
 * message arrives once with its labels, flags and date (a message in several folders is one message
 * with several labels), nested and non-ASCII folders become nested labels, a re-run and a resume after
 * a failure between import and checkpoint add nothing, pacing keeps inside the user's quota, a
 * throttled run waits as told and completes, an expired token is renewed, a refused consent fails the
 * run, a daily limit pauses it, and refused or too-big messages land in the item report.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGmailDestination,
  createMemoryStateStore,
  runMailTransfer,
  systemClock,
  type TransferLimits,
  type TransferStateStore,
} from '../../server/engine/index.ts';
import { startDovecot, type Dovecot } from '../support/dovecot.ts';
import { googleError } from '../support/provider-fakes/fake-server.ts';
import { GmailFake, type GmailFakeOptions } from '../support/provider-fakes/gmail-fake.ts';
import { sourceOf } from './support/engine-setup.ts';
import { expectedGmail } from './support/gmail-expected.ts';
import { seedMailbox } from './support/imap-mailbox.ts';
import { fixtureMailbox, type FixtureMessage } from './support/mail-fixture.ts';

let dovecot: Dovecot;
const customer = { email: 'alice@example.com', password: 'alice-source-pw' };
const large = { email: 'lars@example.com', password: 'lars-source-pw' };
// Over 5 MB: imported as a resumable upload.
const largeMessage: FixtureMessage = {
  folder: ['INBOX'],
  raw: Buffer.from(
    `Subject: six megabytes\r\nDate: Tue, 02 Mar 2021 10:00:00 +0000\r\nMessage-ID: <large@example.net>\r\n\r\n${'0123456789abcdef'
      .repeat(64)
      .concat('\r\n')
      .repeat(6 * 1024)}`,
  ),
  flags: ['\\Seen', '\\Flagged'],
  internalDate: new Date('2021-03-02T10:00:05Z'),
};
const fixture = fixtureMailbox(11, 40);
// The same messages in more folders, as a mail client's copy leaves them: same bytes, date and flags.
const copies: FixtureMessage[] = [12, 13, 20].flatMap((n) => {
  const original = fixture[n] as FixtureMessage;
  return [['Archive'], ['Projects', '2019'], ['Réunions', 'Été 2019']]
    .filter((f) => f.join('/') !== original.folder.join('/'))
    .slice(0, 2)
    .map((folder) => ({ ...original, folder }));
});
const messages = [...fixture, ...copies];

const fakes: GmailFake[] = [];
async function gmail(options: GmailFakeOptions = {}): Promise<GmailFake> {
  const fake = await new GmailFake(options).start();
  fakes.push(fake);
  return fake;
}

beforeAll(async () => {
  dovecot = await startDovecot({ users: [customer, large], separator: '/' });
  await seedMailbox(dovecot, customer.email, customer.password, messages);
  await seedMailbox(dovecot, large.email, large.password, [largeMessage]);
}, 60_000);

afterAll(async () => {
  await Promise.all([dovecot?.stop(), ...fakes.map((fake) => fake.stop())]);
});

const source = (mailbox = customer.email) => sourceOf(dovecot, mailbox);
type DestinationOptions = {
  tokens?: (rejected?: string) => Promise<string>;
  maxMessageBytes?: number;
  quota?: { units: number; windowMs: number };
  limits?: Partial<TransferLimits>;
};
const destination = (fake: GmailFake, options: DestinationOptions = {}) =>
  createGmailDestination(
    {
      endpoint: { url: fake.url, timeoutMs: 10_000 },
      ...(options.maxMessageBytes ? { maxMessageBytes: options.maxMessageBytes } : {}),
      ...(options.quota ? { quota: options.quota } : {}),
    },
    options.tokens ?? fake.tokens.source(),
    { clock: systemClock, limits: options.limits ?? { backoffBaseMs: 20, backoffMaxMs: 200 } },
  );

const sha = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');
const actualOf = (fake: GmailFake) =>
  fake
    .messagesWithLabelNames()
    .map((m) => ({ sha256: sha(m.raw), labels: m.labels, internalDate: m.internalDate }))
    .sort((a, b) => a.sha256.localeCompare(b.sha256) || a.labels.join().localeCompare(b.labels.join()));

describe('runMailTransfer IMAP → Gmail API', () => {
  let shared: GmailFake;

  it('imports every message once with its labels, flags and date', async () => {
    shared = await gmail();
    const store = createMemoryStateStore();
    const result = await runMailTransfer({
      transferId: 'g1',
      source: source(),
      destination: destination(shared),
      store,
      clock: systemClock,
      limits: { batchMessages: 7 },
    });
    expect(result.status).toEqual({ state: 'completed' });
    expect(actualOf(shared)).toEqual(expectedGmail(messages));
    expect(result.progress).toMatchObject({ total: messages.length, done: messages.length, failed: 0 });
    expect(result.failures).toEqual([]);
    // Nested folders are nested labels, their parents made too; system folders are system labels.
    const userLabels = [...shared.labels.values()]
      .filter((label) => label.type === 'user')
      .map((label) => label.name)
      .sort();
    expect(userLabels).toEqual(['Archive', 'Projects', 'Projects/2019', 'Réunions', 'Réunions/Été 2019']);
    expect(result.receipts.find((r) => r.container === 'Sent')).toMatchObject({ destination: 'SENT' });
    const inbox = result.receipts.find((r) => r.container === 'INBOX');
    expect(inbox?.destinationCount).toBe(expectedGmail(messages.filter((m) => m.folder[0] === 'INBOX')).length);
    // Several copies in one folder and one message in several folders were imported once.
    expect(shared.messages.length).toBeLessThan(messages.length - copies.length);
  }, 60_000);

  it('imports nothing again when run again as a new transfer', async () => {
    const before = actualOf(shared);
    const imports = shared.log.filter((r) => r.path.endsWith('/messages/import')).length;
    const result = await runMailTransfer({
      transferId: 'g2',
      source: source(),
      destination: destination(shared),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ done: messages.length, failed: 0 });
    expect(shared.log.filter((r) => r.path.endsWith('/messages/import')).length).toBe(imports);
    expect(actualOf(shared)).toEqual(before);
  }, 60_000);

  it('adds nothing twice when a run died between its imports and their checkpoint', async () => {
    const fake = await gmail();
    const store = createMemoryStateStore();
    let commits = 0;
    const dying: TransferStateStore = {
      ...store,
      commit: async (id, commit) => {
        if (++commits > 3) throw new Error('the process died here');
        await store.commit(id, commit);
      },
    };
    const first = await runMailTransfer({
      transferId: 'g3',
      source: source(),
      destination: destination(fake),
      store: dying,
      clock: systemClock,
      limits: { batchMessages: 4, parallelFolders: 1 },
    });
    expect(first.status).toMatchObject({ state: 'failed', reason: 'internal' });
    const imported = fake.messages.length;
    expect(imported).toBeGreaterThan((await store.load('g3', 'emailmigration')).progress?.done ?? 0);
    const second = await runMailTransfer({
      transferId: 'g3',
      source: source(),
      destination: destination(fake),
      store,
      clock: systemClock,
      limits: { batchMessages: 4 },
    });
    expect(second.status).toEqual({ state: 'completed' });
    expect(second.progress).toMatchObject({ total: messages.length, done: messages.length, failed: 0 });
    expect(actualOf(fake)).toEqual(expectedGmail(messages));
  }, 60_000);

  it('keeps within the user quota it is given: the fake never has to refuse', async () => {
    // A window of seconds: the fake runs in this process, so a busy event loop delays what it sees.
    const quota = { units: 1000, windowMs: 4000 };
    const fake = await gmail({ quota });
    const result = await runMailTransfer({
      transferId: 'g4',
      source: source(),
      destination: destination(fake, { quota }),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    expect(result.status).toEqual({ state: 'completed' });
    expect(fake.throttledRequests()).toEqual([]);
    const spent = fake.log.reduce((sum, r) => sum + r.units, 0);
    const took = (fake.log.at(-1)?.at ?? 0) - (fake.log[0]?.at ?? 0);
    // Spending `spent` units at this rate cannot take less than this (less one window's burst).
    expect(spent).toBeGreaterThan(quota.units);
    expect(took).toBeGreaterThanOrEqual(((spent - quota.units) / quota.units) * quota.windowMs - 50);
    expect(actualOf(fake)).toEqual(expectedGmail(messages));
  }, 60_000);

  it('waits as a throttling answer says and completes', async () => {
    const fake = await gmail({ rateLimitStatus: 403 });
    fake.failNext(2, {
      status: 429,
      body: googleError(429, 'RESOURCE_EXHAUSTED', 'Too many concurrent requests for user', 'rateLimitExceeded', 'usageLimits'),
      headers: { 'retry-after': '1' },
      throttle: true,
    });
    fake.failNext(1, {
      status: 403,
      body: googleError(403, 'PERMISSION_DENIED', 'User-rate limit exceeded', 'userRateLimitExceeded', 'usageLimits'),
      throttle: true,
    });
    const limits = { parallelFolders: 1, backoffBaseMs: 300, backoffMaxMs: 300 };
    const result = await runMailTransfer({
      transferId: 'g5',
      source: source(),
      destination: destination(fake, { limits }),
      store: createMemoryStateStore(),
      clock: systemClock,
      limits,
    });
    expect(result.status).toEqual({ state: 'completed' });
    const throttled = fake.throttledRequests();
    expect(throttled).toHaveLength(3);
    const after = (entry: (typeof throttled)[number]) => fake.log[fake.log.indexOf(entry) + 1]?.at ?? Number.POSITIVE_INFINITY;
    expect(after(throttled[0]!) - throttled[0]!.at).toBeGreaterThanOrEqual(950);
    expect(after(throttled[1]!) - throttled[1]!.at).toBeGreaterThanOrEqual(950);
    expect(after(throttled[2]!) - throttled[2]!.at).toBeGreaterThanOrEqual(140);
    expect(actualOf(fake)).toEqual(expectedGmail(messages));
  }, 60_000);

  it('renews an access token that expired during the run', async () => {
    const fake = await gmail();
    // The quota makes the run last several seconds on any machine, so a token of 1.5 s expires during it;
    // a renewed one must outlive one request even on a busy machine (a fresh token refused means no consent).
    const tokens = fake.tokens.source(1500);
    const result = await runMailTransfer({
      transferId: 'g6',
      source: source(),
      destination: destination(fake, { tokens, quota: { units: 300, windowMs: 1000 } }),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    expect(result.status).toEqual({ state: 'completed' });
    expect(fake.log.filter((r) => r.status === 401).length).toBeGreaterThan(0);
    expect(fake.tokens.issued.length).toBeGreaterThanOrEqual(2);
    expect(actualOf(fake)).toEqual(expectedGmail(messages));
  }, 60_000);

  it('fails at once when the consent is refused, and sleeps on a daily limit', async () => {
    const fake = await gmail();
    const refused = await runMailTransfer({
      transferId: 'g7',
      source: source(),
      destination: destination(fake, { tokens: async () => 'ya29.withdrawn' }),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    expect(refused.status).toMatchObject({ state: 'failed', reason: 'destination-login-refused' });
    expect(fake.messages).toEqual([]);

    fake.failNext(1, {
      status: 403,
      body: googleError(403, 'PERMISSION_DENIED', 'Daily Limit Exceeded', 'dailyLimitExceeded', 'usageLimits'),
    });
    const paused = await runMailTransfer({
      transferId: 'g8',
      source: source(),
      destination: destination(fake),
      store: createMemoryStateStore(),
      clock: systemClock,
      limits: { parallelFolders: 1 },
    });
    expect(paused.status).toMatchObject({ state: 'sleeping', reason: 'daily-limit' });
  }, 60_000);

  it('reports too-big and refused messages in the item report and imports the rest', async () => {
    const largest = [...messages].sort((a, b) => b.raw.length - a.raw.length);
    const limit = (largest[1] as FixtureMessage).raw.length - 1; // the two largest are over our limit
    const serverLimit = (largest[3] as FixtureMessage).raw.length - 1; // the next two the server refuses (413)
    const refusedId = /Message-ID: (<[^>]+>)/.exec((messages[30] as FixtureMessage).raw.toString('latin1'))?.[1] as string;
    const fake = await gmail({ maxUploadBytes: serverLimit, refuse: (raw) => raw.includes(refusedId) });
    const result = await runMailTransfer({
      transferId: 'g9',
      source: source(),
      destination: destination(fake, { maxMessageBytes: limit }),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    expect(result.status).toEqual({ state: 'completed' });
    const reasons = result.failures.map((f) => f.reason).sort();
    expect(reasons.filter((r) => r === 'too-big').length).toBeGreaterThanOrEqual(4);
    expect(result.failures.find((f) => f.reason === 'refused')).toMatchObject({
      itemId: refusedId,
      detail: expect.stringContaining('400'),
    });
    expect(result.failures.filter((f) => f.reason === 'too-big' && f.detail.includes('413')).length).toBeGreaterThanOrEqual(2);
    expect(fake.messages.every((m) => m.raw.length <= serverLimit && !m.raw.includes(refusedId))).toBe(true);
    expect(result.progress?.done).toBe(messages.length - result.progress!.failed);
  }, 60_000);

  it('imports a message over 5 MB as a resumable upload', async () => {
    const fake = await gmail();
    const result = await runMailTransfer({
      transferId: 'g10',
      source: source(large.email),
      destination: destination(fake),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    expect(result.status).toEqual({ state: 'completed' });
    expect(largeMessage.raw.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(actualOf(fake)).toEqual(expectedGmail([largeMessage]));
    expect(fake.log.filter((r) => r.method === 'PUT' && r.path.endsWith('/messages/import'))).toHaveLength(1);
  }, 60_000);
});
