/**
 * IMAP → ZIP of MBOX or EML files, from a real Dovecot: the archive is read back with an independent
 * ZIP reader and every message of every folder compared by SHA-256; folder trees become paths.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createArchiveDestination,
  createImapSource,
  createMemoryStateStore,
  openZipArchive,
  runMailTransfer,
  systemClock,
} from '../../server/engine/index.ts';
import { startDovecot, type Dovecot } from '../support/dovecot.ts';
import { readZip, sha256, splitMboxrd } from './support/archive-reader.ts';
import { firstCommit } from './support/engine-setup.ts';
import { seedMailbox } from './support/imap-mailbox.ts';
import { fixtureMailbox, type FixtureMessage } from './support/mail-fixture.ts';

let source: Dovecot;
let dir: string;
const customer = { email: 'carol@example.com', password: 'carol-source-pw' };
const messages = fixtureMailbox(2, 50);

beforeAll(async () => {
  source = await startDovecot({ users: [customer] });
  await seedMailbox(source, customer.email, customer.password, messages);
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-archive-'));
}, 60_000);

afterAll(async () => {
  await source?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const imapSource = () =>
  createImapSource({
    endpoint: { host: source.host, port: source.port, tls: 'implicit', ca: source.certificate },
    mailbox: customer.email,
    master: source.master,
  });

function expectedByFolder(list: FixtureMessage[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of list) out.set(m.folder.join('/'), [...(out.get(m.folder.join('/')) ?? []), sha256(m.raw)].sort());
  return out;
}

describe('runMailTransfer IMAP → archive', () => {
  it('writes one mboxrd file per folder holding every message byte for byte', async () => {
    const file = path.join(dir, 'mbox.zip');
    const archive = openZipArchive(file);
    const result = await runMailTransfer({
      transferId: 'm1',
      source: imapSource(),
      destination: createArchiveDestination({ archive, format: 'MBOX' }),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    await archive.close();
    expect(result.status).toEqual({ state: 'completed' });

    const entries = readZip(file);
    const actual = new Map(
      [...entries].map(([name, data]) => [name.replace(/^email\//, '').replace(/\.mbox$/, ''), splitMboxrd(data).map(sha256).sort()]),
    );
    const expected = expectedByFolder(messages);
    for (const empty of ['Trash']) expected.set(empty, []);
    expect(actual).toEqual(expected);
    expect(entries.has('email/Réunions/Été 2019.mbox')).toBe(true);
    expect(result.receipts.find((r) => r.container === 'INBOX')).toMatchObject({
      destination: 'email/INBOX.mbox',
      destinationCount: expected.get('INBOX')?.length,
    });
  }, 60_000);

  it('writes one .eml per message in a directory per folder', async () => {
    const file = path.join(dir, 'eml.zip');
    const archive = openZipArchive(file);
    const result = await runMailTransfer({
      transferId: 'e1',
      source: imapSource(),
      destination: createArchiveDestination({ archive, format: 'EML' }),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    await archive.close();
    expect(result.status).toEqual({ state: 'completed' });

    const actual = new Map<string, string[]>();
    for (const [name, data] of readZip(file)) {
      const match = /^email\/(.+)\/\d{6}\.eml$/.exec(name);
      expect(match, name).not.toBeNull();
      const folder = match?.[1] as string;
      actual.set(folder, [...(actual.get(folder) ?? []), sha256(data)].sort());
    }
    expect(actual).toEqual(expectedByFolder(messages));
  }, 60_000);

  it('offers no file after a cancel', async () => {
    const file = path.join(dir, 'cancelled.zip');
    const archive = openZipArchive(file);
    const controller = new AbortController();
    const store = createMemoryStateStore();
    const running = runMailTransfer({
      transferId: 'c1',
      source: imapSource(),
      destination: createArchiveDestination({ archive, format: 'EML' }),
      store,
      clock: systemClock,
      signal: controller.signal,
      limits: { batchMessages: 2 },
    });
    // Cancel as soon as the first batch is committed.
    await firstCommit(store, 'c1', 'emailmigration');
    controller.abort();
    const result = await running;
    expect(result.status).toEqual({ state: 'cancelled' });
    expect(result.progress?.done).toBeLessThan(messages.length);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
  }, 60_000);
});
