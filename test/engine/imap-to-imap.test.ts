/**
 * IMAP → IMAP against two real Dovecots (different delimiters, different special-use names): every
 * folder arrives with every message byte-identical (SHA-256), with its flags and internal date; a nested
 * and a non-ASCII folder keep their tree; special-use folders map instead of being duplicated; the source
 * is read through the master user; a second run copies nothing twice.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImapDestination,
  createImapSource,
  createMemoryStateStore,
  runMailTransfer,
  systemClock,
} from '../../server/engine/index.ts';
import { startDovecot, type Dovecot } from '../support/dovecot.ts';
import { expectedMailbox, readMailbox, seedMailbox } from './support/imap-mailbox.ts';
import { fixtureMailbox } from './support/mail-fixture.ts';

let source: Dovecot;
let target: Dovecot;
const customer = { email: 'alice@example.com', password: 'alice-source-pw' };
const recipient = { email: 'bob@example.net', password: 'bob-destination-pw' };
// One message without a final line end, for the providers that want one added.
const unterminated = {
  folder: ['INBOX'],
  raw: Buffer.from('Subject: no final CRLF\r\nMessage-ID: <open-end@example.net>\r\n\r\nlast line'),
  flags: ['\\Seen'],
  internalDate: new Date('2015-06-01T10:00:00Z'),
};
const messages = [...fixtureMailbox(1, 60), unterminated];
const yahooLike = { email: 'yael@example.net', password: 'yael-destination-pw' };

beforeAll(async () => {
  [source, target] = await Promise.all([
    startDovecot({ users: [customer], separator: '/' }),
    startDovecot({ users: [recipient, yahooLike], separator: '.', folderNames: { '\\Sent': 'Sent Items', '\\Junk': 'Spam' } }),
  ]);
  await seedMailbox(source, customer.email, customer.password, messages);
}, 60_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

const imapSource = () =>
  createImapSource({
    endpoint: { host: source.host, port: source.port, tls: 'implicit', ca: source.certificate },
    mailbox: customer.email,
    master: { user: source.master.user, password: source.master.password, separator: source.master.separator },
  });

const imapDestination = (auth: 'password' | 'xoauth2' = 'password', user = recipient, finalCrlf = false) =>
  createImapDestination(
    {
      endpoint: { host: target.host, port: target.starttlsPort, tls: 'starttls', ca: target.certificate },
      user: user.email,
      auth,
      finalCrlf,
    },
    auth === 'password' ? user.password : target.accessToken(user.email),
  );

describe('runMailTransfer IMAP → IMAP', () => {
  it('copies every folder byte-identical with flags and dates, mapping special-use folders', async () => {
    const store = createMemoryStateStore();
    const result = await runMailTransfer({
      transferId: 't1',
      source: imapSource(),
      destination: imapDestination(),
      store,
      clock: systemClock,
    });
    expect(result.status).toEqual({ state: 'completed' });

    const expected = expectedMailbox(messages, '.');
    expected.set('Sent Items', expected.get('Sent') ?? []);
    expected.delete('Sent');
    expected.set('Spam', expected.get('Junk') ?? []);
    expected.delete('Junk');
    for (const empty of ['Trash']) expected.set(empty, []);
    const actual = await readMailbox(target, recipient.email, recipient.password);
    expect(new Set(actual.keys())).toEqual(new Set([...expected.keys()]));
    for (const [folder, list] of expected) expect(actual.get(folder), folder).toEqual(list);
    expect(actual.has('Sent')).toBe(false);

    expect(result.progress).toMatchObject({
      total: messages.length,
      done: messages.length,
      failed: 0,
      bytesDone: messages.reduce((s, m) => s + m.raw.length, 0),
    });
    expect(result.failures).toEqual([]);
    const inbox = result.receipts.find((r) => r.container === 'INBOX');
    expect(inbox).toMatchObject({ destination: 'INBOX', failed: 0 });
    expect(inbox?.sourceCount).toBe(inbox?.destinationCount);
    expect(result.receipts.find((r) => r.container === 'Réunions/Été 2019')).toMatchObject({ destination: 'Réunions.Été 2019' });
  }, 60_000);

  it('copies nothing twice when run again, even as a new transfer over XOAUTH2', async () => {
    const before = await readMailbox(target, recipient.email, recipient.password);
    const store = createMemoryStateStore();
    const result = await runMailTransfer({
      transferId: 't2',
      source: imapSource(),
      destination: imapDestination('xoauth2'),
      store,
      clock: systemClock,
    });
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ done: messages.length, failed: 0 });
    expect(await readMailbox(target, recipient.email, recipient.password)).toEqual(before);
  }, 60_000);

  it('adds a final CRLF where the destination wants one, and still copies nothing twice', async () => {
    const run = (transferId: string) =>
      runMailTransfer({
        transferId,
        source: imapSource(),
        destination: imapDestination('password', yahooLike, true),
        store: createMemoryStateStore(),
        clock: systemClock,
      });
    expect((await run('t3')).status).toEqual({ state: 'completed' });
    const once = await readMailbox(target, yahooLike.email, yahooLike.password);
    const withCrlf = Buffer.concat([unterminated.raw, Buffer.from('\r\n')]);
    const inbox = once.get('INBOX') ?? [];
    expect(inbox.map((m) => m.sha256)).toContain(createHash('sha256').update(withCrlf).digest('hex'));
    expect(inbox.map((m) => m.sha256)).not.toContain(createHash('sha256').update(unterminated.raw).digest('hex'));
    expect(inbox).toHaveLength(expectedMailbox(messages, '.').get('INBOX')?.length ?? -1);
    expect((await run('t4')).progress).toMatchObject({ done: messages.length, failed: 0 });
    expect(await readMailbox(target, yahooLike.email, yahooLike.password)).toEqual(once);
  }, 60_000);

  it("reads a message's Message-ID only where the copy loop asks for it (a second pass over the source otherwise)", async () => {
    const session = await imapSource().connect();
    try {
      const all = await session.index('INBOX');
      expect(all.messages.length).toBeGreaterThan(2);
      expect(all.messages.every((ref) => ref.messageId !== null)).toBe(true);
      const [first] = all.messages;
      const some = await session.index('INBOX', (ref) => ref.uid === first?.uid);
      expect(some.messages.map((ref) => [ref.uid, ref.size, ref.internalDate.getTime()])).toEqual(
        all.messages.map((ref) => [ref.uid, ref.size, ref.internalDate.getTime()]),
      );
      expect(some.messages.filter((ref) => ref.messageId !== null)).toEqual([first]);
    } finally {
      await session.close();
    }
  });

  it('renews an XOAUTH2 token the server refuses, and fails as a refused login when there is no newer one', async () => {
    const endpoint = { host: target.host, port: target.port, tls: 'implicit' as const, ca: target.certificate };
    const asked: Array<string | undefined> = [];
    // The first token is one the server no longer takes (expired); asked again, the source has a fresh one.
    const renewing = async (rejected?: string) => {
      asked.push(rejected);
      return rejected === undefined ? 'expired-token' : target.accessToken(recipient.email);
    };
    const renewed = await runMailTransfer({
      transferId: 't5',
      source: imapSource(),
      destination: createImapDestination({ endpoint, user: recipient.email, auth: 'xoauth2' }, renewing),
      store: createMemoryStateStore(),
      clock: systemClock,
      limits: { parallelFolders: 1 },
    });
    expect(renewed.status).toEqual({ state: 'completed' });
    expect(asked).toContain('expired-token');

    const withdrawn = async () => 'expired-token';
    const refused = await runMailTransfer({
      transferId: 't6',
      source: imapSource(),
      destination: createImapDestination({ endpoint, user: recipient.email, auth: 'xoauth2' }, withdrawn),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    expect(refused.status).toMatchObject({ state: 'failed', reason: 'destination-login-refused' });
  }, 60_000);
});
