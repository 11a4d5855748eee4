/**
 * The engine's side of "what to move", against real Dovecots: the IMAP source counts and indexes only
 * the messages since a day (SEARCH SINCE, by internal date, whole days), a plan that leaves a folder out
 * never copies it, and a second run into the same mailbox finds the chosen messages there and copies
 * none twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImapDestination,
  createImapSource,
  createMemoryStateStore,
  runMailTransfer,
  systemClock,
  type MailPlanOptions,
} from '../../server/engine/index.ts';
import { startDovecot, type Dovecot } from '../support/dovecot.ts';
import { expectedMailbox, readMailbox, seedMailbox } from './support/imap-mailbox.ts';
import type { FixtureMessage } from './support/mail-fixture.ts';

let source: Dovecot;
let target: Dovecot;
const customer = { email: 'dana@example.com', password: 'dana-source-pw' };
const account = { email: 'erin@example.net', password: 'erin-dest-pw' };

/** Message n of a folder, received on day n of 2026 at 23:30 UTC (late, so a day's edge is tested). */
const message = (folder: string[], n: number): FixtureMessage => ({
  folder,
  raw: Buffer.from(`Message-ID: <range-${folder.join('-')}-${n}@example.com>\r\nSubject: ${folder.join('/')} ${n}\r\n\r\nBody ${n}\r\n`),
  flags: ['\\Seen'],
  internalDate: new Date(Date.UTC(2026, 0, n, 23, 30)),
});
const FOLDERS = [['INBOX'], ['Junk'], ['Work']];
const messages = FOLDERS.flatMap((folder) => Array.from({ length: 10 }, (_, i) => message(folder, i + 1)));
const SINCE = '2026-01-06';
const plan: MailPlanOptions = { since: SINCE, skipFolders: ['Junk'] };
const chosen = messages.filter((m) => m.internalDate.getUTCDate() >= 6 && m.folder[0] !== 'Junk');

const imapSource = () =>
  createImapSource({
    endpoint: { host: source.host, port: source.port, tls: 'implicit', ca: source.certificate },
    mailbox: customer.email,
    master: source.master,
  });

const transfer = (transferId: string) =>
  runMailTransfer({
    transferId,
    source: imapSource(),
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
    plan,
  });

beforeAll(async () => {
  [source, target] = await Promise.all([
    startDovecot({ users: [customer], separator: '/' }),
    startDovecot({ users: [account], separator: '/' }),
  ]);
  await seedMailbox(source, customer.email, customer.password, messages);
}, 60_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

describe('what to move, in the engine', () => {
  it('counts and indexes only the messages since the day, whole days', async () => {
    const session = await imapSource().connect();
    try {
      const range = { since: new Date(`${SINCE}T00:00:00Z`) };
      const inWork = messages.filter((m) => m.folder[0] === 'Work' && m.internalDate.getUTCDate() >= 6);
      expect(await session.status('Work', range)).toEqual({ count: 5, bytes: inWork.reduce((sum, m) => sum + m.raw.length, 0) });
      const index = await session.index(
        'Work',
        () => true,
        () => false,
        range,
      );
      expect(index.messages.map((ref) => ref.messageId)).toEqual(
        inWork.map((m) => `<range-Work-${m.internalDate.getUTCDate()}@example.com>`),
      );
      expect(await session.status('Work')).toMatchObject({ count: 10 });
    } finally {
      await session.close();
    }
  });

  it('copies only the chosen folders and days, and a second run copies none of them again', async () => {
    const first = await transfer('range-1');
    expect(first.status).toEqual({ state: 'completed' });
    expect(first.progress).toMatchObject({ total: chosen.length, done: chosen.length, failed: 0 });
    // The server's own empty special folders have receipts too; Junk, left out, has none.
    expect(first.receipts.some((receipt) => receipt.container === 'Junk')).toBe(false);
    const moved = first.receipts.filter((receipt) => receipt.sourceCount > 0);
    expect(moved.map((receipt) => [receipt.container, receipt.sourceCount, receipt.destinationCount]).sort()).toEqual([
      ['INBOX', 5, 5],
      ['Work', 5, 5],
    ]);
    const nonEmpty = (mailbox: Map<string, unknown[]>) => new Map([...mailbox].filter(([, list]) => list.length > 0).sort());
    expect(nonEmpty(await readMailbox(target, account.email, account.password))).toEqual(nonEmpty(expectedMailbox(chosen, '/')));

    // A new run into the same mailbox (a later pass before the account closes): the duplicate check finds them all.
    const second = await transfer('range-2');
    expect(second.progress).toMatchObject({ total: chosen.length, done: chosen.length });
    expect(nonEmpty(await readMailbox(target, account.email, account.password))).toEqual(nonEmpty(expectedMailbox(chosen, '/')));
  });
});
