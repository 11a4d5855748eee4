/**
 * Folder shapes met in the field, against real Dovecots:
 * - a destination that lists a parent only because a child exists (`"Clients" \NonExistent`): the
 *   export completes and `Clients` arrives with its mail (it used to end in error, and on every retry);
 * - four folder workers building a nested tree into a fresh account at once: never a race;
 * - a folder the source lists but cannot open, and a destination folder that refuses SELECT: that
 *   folder's failure in the item report, the rest of the mailbox arrives;
 * - a dot in a folder's name that the destination refuses (Dovecot's Maildir++ keeps the dot for its
 *   levels on disk): the folder arrives as `v1_2 notes`.
 */
import { chmodSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImapDestination,
  createImapSource,
  createMemoryStateStore,
  runMailTransfer,
  systemClock,
} from '../../server/engine/index.ts';
import { startDovecot, type Dovecot } from '../support/dovecot.ts';
import { expectedMailbox, imapClient, readMailbox, seedMailbox } from './support/imap-mailbox.ts';
import type { FixtureMessage } from './support/mail-fixture.ts';

let source: Dovecot;
let target: Dovecot;
const customer = { email: 'carol@example.com', password: 'carol-source-pw' };
const accounts = Array.from({ length: 8 }, (_, i) => ({ email: `dest${i}@example.net`, password: `dest-${i}-pw` }));

const message = (folder: string[], n: number): FixtureMessage => ({
  folder,
  raw: Buffer.from(
    `Message-ID: <shape-${folder.join('-')}-${n}@example.com>\r\nSubject: ${folder.join('/')} ${n}\r\n\r\nBody ${n} of ${folder.join('/')}\r\n`,
  ),
  flags: n % 2 ? ['\\Seen'] : ['\\Flagged'],
  internalDate: new Date(Date.UTC(2019, 0, 1 + n, 8, 30)),
});
const TREE = [['INBOX'], ['Clients'], ['Clients', '2019'], ['Clients', '2019', 'Q1'], ['Clients', '2020'], ['Projets', 'Été']];
const messages = TREE.flatMap((folder) => Array.from({ length: 12 }, (_, n) => message(folder, n)));

beforeAll(async () => {
  [source, target] = await Promise.all([
    startDovecot({ users: [customer], separator: '/' }),
    startDovecot({ users: accounts, separator: '/' }),
  ]);
  await seedMailbox(source, customer.email, customer.password, messages);
}, 60_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

const transfer = (account: { email: string; password: string }, transferId: string) =>
  runMailTransfer({
    transferId,
    source: createImapSource({
      endpoint: { host: source.host, port: source.port, tls: 'implicit', ca: source.certificate },
      mailbox: customer.email,
      master: source.master,
    }),
    destination: createImapDestination(
      {
        endpoint: { host: target.host, port: target.port, tls: 'implicit', ca: target.certificate },
        user: account.email,
        auth: 'password',
        maxConnections: 8,
      },
      account.password,
    ),
    store: createMemoryStateStore(),
    clock: systemClock,
  });

/** The Maildir folder of a path on disk (Dovecot's Maildir++ layout: `.Archive.2019`). */
const folderDir = (dovecot: Dovecot, email: string, folder: string) => path.join(dovecot.maildir(email), `.${folder.split('/').join('.')}`);

describe('folder shapes', () => {
  it('fills a parent the destination lists only because its child exists', async () => {
    const [account] = accounts as [(typeof accounts)[number]];
    const client = await imapClient(target, account.email, account.password);
    await client.mailboxCreate('Clients/2019');
    const listed = (await client.list()).find((f) => f.path === 'Clients');
    await client.logout();
    expect(listed?.flags.has('\\NonExistent') || listed?.flags.has('\\Noselect')).toBe(true);

    const result = await transfer(account, 'nonexistent-parent');
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.failures).toEqual([]);
    const actual = await readMailbox(target, account.email, account.password);
    for (const [folder, list] of expectedMailbox(messages, '/')) expect(actual.get(folder), folder).toEqual(list);
  }, 60_000);

  it('builds a nested tree into fresh accounts with four workers at once, every time', async () => {
    const expected = expectedMailbox(messages, '/');
    for (const [i, account] of accounts.slice(1, 5).entries()) {
      const result = await transfer(account, `race-${i}`);
      expect(result.status, account.email).toEqual({ state: 'completed' });
      const actual = await readMailbox(target, account.email, account.password);
      for (const [folder, list] of expected) expect(actual.get(folder), `${account.email} ${folder}`).toEqual(list);
    }
  }, 120_000);

  it('reports a source folder that cannot be opened, and moves the rest', async () => {
    const account = accounts[5] as (typeof accounts)[number];
    const legacy = folderDir(source, customer.email, 'Clients/2020');
    chmodSync(legacy, 0o000);
    try {
      const result = await transfer(account, 'unopenable-source');
      expect(result.status).toEqual({ state: 'completed' });
      expect(result.failures).toEqual([expect.objectContaining({ container: 'Clients/2020', reason: 'folder-refused', uid: null })]);
      const actual = await readMailbox(target, account.email, account.password);
      for (const [folder, list] of expectedMailbox(messages, '/')) {
        if (folder !== 'Clients/2020') expect(actual.get(folder), folder).toEqual(list);
      }
      expect(result.progress?.done).toBe(messages.length - 12);
    } finally {
      chmodSync(legacy, 0o700);
    }
  }, 60_000);

  it('puts a folder whose name the destination refuses for a dot in it under the name without the dot', async () => {
    const account = accounts[7] as (typeof accounts)[number];
    const dotted = await startDovecot({ users: [customer], separator: '/', layout: 'fs' });
    try {
      const kept = [message(['INBOX'], 1), message(['v1.2 notes'], 2), message(['v1.2 notes', 'draft.old'], 3)];
      await seedMailbox(dotted, customer.email, customer.password, kept);
      const result = await runMailTransfer({
        transferId: 'dotted',
        source: createImapSource({
          endpoint: { host: dotted.host, port: dotted.port, tls: 'implicit', ca: dotted.certificate },
          mailbox: customer.email,
          master: dotted.master,
        }),
        destination: createImapDestination(
          {
            endpoint: { host: target.host, port: target.port, tls: 'implicit', ca: target.certificate },
            user: account.email,
            auth: 'password',
          },
          account.password,
        ),
        store: createMemoryStateStore(),
        clock: systemClock,
      });
      expect(result.status).toEqual({ state: 'completed' });
      expect(result.failures).toEqual([]);
      expect(result.receipts.find((r) => r.container === 'v1.2 notes')).toMatchObject({
        destination: 'v1_2 notes',
        sourceCount: 1,
        destinationCount: 1,
      });
      const actual = await readMailbox(target, account.email, account.password);
      const expected = expectedMailbox(kept, '/');
      expect(actual.get('v1_2 notes')).toEqual(expected.get('v1.2 notes'));
      expect(actual.get('v1_2 notes/draft_old')).toEqual(expected.get('v1.2 notes/draft.old'));
    } finally {
      await dotted.stop();
    }
  }, 60_000);

  it('reports a destination folder that refuses to open, and moves the rest', async () => {
    const account = accounts[6] as (typeof accounts)[number];
    const client = await imapClient(target, account.email, account.password);
    await client.mailboxCreate('Projets/Été');
    await client.logout();
    const broken = folderDir(target, account.email, 'Projets/&AMk-t&AOk-');
    chmodSync(broken, 0o000);
    const result = await transfer(account, 'unopenable-destination').finally(() => chmodSync(broken, 0o700));
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.failures).toEqual([expect.objectContaining({ container: 'Projets/Été', reason: 'folder-refused', uid: null })]);
    expect(result.failures[0]?.detail).toMatch(/Projets\/Été/);
    expect(result.progress?.done).toBe(messages.length - 12);
    const actual = await readMailbox(target, account.email, account.password);
    for (const [folder, list] of expectedMailbox(messages, '/'))
      expect(actual.get(folder), folder).toEqual(folder === 'Projets/Été' ? [] : list);
  }, 60_000);
});
