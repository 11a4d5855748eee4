/**
 * The engine moves a generated sample mailbox (Maildir source) into the development mailbox store:
 * every message byte-identical (SHA-256) with its flags and internal date, special-use folders mapped
 * the way the provider names them, the tree rebuilt with the provider's delimiter; a second transfer,
 * and a transfer cancelled halfway and run again, leave every message exactly once.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMaildirDestination } from '../../server/development/mail/maildir/destination.ts';
import { createMaildirSource } from '../../server/development/mail/maildir/source.ts';
import { createMemoryStateStore, runMailTransfer, systemClock, type TransferStateStore } from '../../server/engine/index.ts';
import { expectedMailbox } from '../engine/support/imap-mailbox.ts';
import { readMaildir } from './support/read-maildir.ts';
import { renamed, sampleAccountForFile } from './support/sample-account.ts';

const sample = sampleAccountForFile('active@example.com', 'dev-mail-store-');
const stores = sample.stores;

const source = () => createMaildirSource({ root: sample.account().maildir });
const total = () => sample.account().messages.length;

function expected(delimiter: string, renames: Record<string, string>) {
  const mailbox = expectedMailbox(sample.account().messages, delimiter);
  mailbox.set('Old projects', []);
  return renamed(mailbox, renames);
}

describe('runMailTransfer Maildir sample → development mailbox store', () => {
  const gmail = path.join(stores, 'you@gmail.com');
  const GMAIL = { Sent: '[Gmail]/Sent Mail', Drafts: '[Gmail]/Drafts', Trash: '[Gmail]/Trash', Junk: '[Gmail]/Spam' };

  it('copies every folder byte-identical with flags and dates, into Gmail’s special-use folders', async () => {
    const result = await runMailTransfer({
      transferId: 'g1',
      source: source(),
      destination: createMaildirDestination({ root: gmail, provider: 'gmail' }),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ total: total(), done: total(), failed: 0 });
    expect(readMaildir(gmail)).toEqual(expected('/', GMAIL));
    expect(result.receipts.find((r) => r.container === 'Sent')).toMatchObject({ destination: '[Gmail]/Sent Mail', failed: 0 });
    // Gmail has no archive folder: the source's archive becomes an ordinary folder (a label).
    expect(result.receipts.find((r) => r.container === 'Archive')?.destination).toBe('Archive');
    for (const receipt of result.receipts) expect(receipt.destinationCount, receipt.container).toBe(receipt.sourceCount);
  }, 60_000);

  it('copies nothing twice when a new transfer runs again', async () => {
    const before = readMaildir(gmail);
    const result = await runMailTransfer({
      transferId: 'g2',
      source: source(),
      destination: createMaildirDestination({ root: gmail, provider: 'gmail' }),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ done: total(), failed: 0 });
    expect(readMaildir(gmail)).toEqual(before);
  }, 60_000);

  it('rebuilds the tree with the destination’s delimiter and its folder names (Dovecot-like “other”)', async () => {
    const other = path.join(stores, 'me@other.example');
    const result = await runMailTransfer({
      transferId: 'o1',
      source: source(),
      destination: createMaildirDestination({ root: other, provider: 'other' }),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    expect(result.status).toEqual({ state: 'completed' });
    expect(readMaildir(other)).toEqual(expected('.', {}));
    expect(result.receipts.find((r) => r.container === 'Travel/Été à Montréal')?.destination).toBe('Travel.Été à Montréal');
  }, 60_000);

  it('finishes a transfer cancelled halfway with every message exactly once', async () => {
    const outlook = path.join(stores, 'you@outlook.com');
    const destination = () => createMaildirDestination({ root: outlook, provider: 'outlook' });
    const memory = createMemoryStateStore();
    const cancel = new AbortController();
    let commits = 0;
    // Cancels after a few batches: some folders done, one part-way, others not started.
    const store: TransferStateStore = {
      ...memory,
      commit: async (id, commit) => {
        await memory.commit(id, commit);
        if (++commits === 6) cancel.abort();
      },
    };
    const first = await runMailTransfer({
      transferId: 'c1',
      source: source(),
      destination: destination(),
      store,
      clock: systemClock,
      signal: cancel.signal,
      limits: { batchMessages: 10 },
    });
    expect(first.status).toEqual({ state: 'cancelled' });
    expect(first.progress?.done).toBeLessThan(total());
    const second = await runMailTransfer({
      transferId: 'c1',
      source: source(),
      destination: destination(),
      store: memory,
      clock: systemClock,
      limits: { batchMessages: 10 },
    });
    expect(second.status).toEqual({ state: 'completed' });
    expect(second.progress).toMatchObject({ done: total(), failed: 0 });
    expect(readMaildir(outlook)).toEqual(expected('/', { Sent: 'Sent Items', Trash: 'Deleted Items', Junk: 'Junk Email' }));
  }, 60_000);
});
