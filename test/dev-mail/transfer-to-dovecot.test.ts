/**
 * The engine moves a generated sample mailbox (Maildir source) into a real Dovecot over IMAP, as a
 * development export would move it into a provider: every message byte-identical (SHA-256) with its
 * flags and internal date, special-use folders mapped to the server's own names, nested and non-ASCII
 * folders rebuilt with its delimiter; a second transfer copies nothing twice.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaildirSource } from '../../server/development/mail/maildir/source.ts';
import { createMemoryStateStore, runMailTransfer, systemClock } from '../../server/engine/index.ts';
import { startDovecot, type Dovecot } from '../support/dovecot.ts';
import { destinationOf } from '../engine/support/engine-setup.ts';
import { expectedMailbox, readMailbox } from '../engine/support/imap-mailbox.ts';
import { renamed, sampleAccount, type SampleAccount } from './support/sample-account.ts';

let account: SampleAccount;
let dovecot: Dovecot;
const recipient = { email: 'bob@example.net', password: 'bob-destination-pw' };

beforeAll(async () => {
  [account, dovecot] = await Promise.all([
    sampleAccount('active@example.com'),
    startDovecot({ users: [recipient], separator: '.', folderNames: { '\\Sent': 'Sent Items', '\\Junk': 'Spam' } }),
  ]);
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
  if (account) rmSync(account.dir, { recursive: true, force: true });
});

const run = (transferId: string) =>
  runMailTransfer({
    transferId,
    source: createMaildirSource({ root: account.maildir }),
    destination: destinationOf(dovecot, recipient),
    store: createMemoryStateStore(),
    clock: systemClock,
  });

describe('runMailTransfer Maildir sample → Dovecot', () => {
  it('copies every folder byte-identical with flags and dates, mapping special-use folders', async () => {
    const result = await run('d1');
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ total: account.messages.length, done: account.messages.length, failed: 0 });
    const expected = renamed(expectedMailbox(account.messages, '.'), { Sent: 'Sent Items', Junk: 'Spam' });
    expected.set('Old projects', []);
    const actual = await readMailbox(dovecot, recipient.email, recipient.password);
    // Dovecot creates `Travel` as the parent of `Travel.Été à Montréal`; it holds nothing.
    expect(actual.get('Travel') ?? []).toEqual([]);
    actual.delete('Travel');
    expect(actual).toEqual(expected);
    expect(result.receipts.find((r) => r.container === 'Документы')).toMatchObject({
      destination: 'Документы',
      sourceCount: expected.get('Документы')?.length,
    });
  }, 120_000);

  it('copies nothing twice when run again', async () => {
    const before = await readMailbox(dovecot, recipient.email, recipient.password);
    const result = await run('d2');
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ done: account.messages.length, failed: 0 });
    expect(await readMailbox(dovecot, recipient.email, recipient.password)).toEqual(before);
  }, 120_000);
});
