/**
 * Contacts transfers meeting faults, against real Radicales and a real socket: each ends in a clear
 * recorded outcome, none hangs or throws.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContactsArchiveDestination,
  createMemoryStateStore,
  DEFAULT_LIMITS,
  openZipArchive,
  runContactsTransfer,
  systemClock,
} from '../../server/engine/index.ts';
import { freePort } from '../support/free-port.ts';
import { startRadicale, type Radicale, type RadicaleUser } from '../support/radicale.ts';
import { readZip } from './support/archive-reader.ts';
import { bob, davDestination, davSource, startSeededRadicale } from './support/contacts-setup.ts';
import { instantClock } from './support/engine-setup.ts';

const hana: RadicaleUser = { user: 'hana', password: 'hana-dav-pw' };
let source: Radicale;
let target: Radicale;
let nonsense: Server;
let nonsenseUrl: string;
let dir: string;

beforeAll(async () => {
  [source, target] = await Promise.all([startSeededRadicale(), startRadicale({ users: [hana] })]);
  // A web server that answers every request with a 200 HTML page (a captive portal, a misconfigured proxy).
  nonsense = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome!</body></html>'));
  await new Promise<void>((resolve) => nonsense.listen(0, '127.0.0.1', resolve));
  nonsenseUrl = `http://127.0.0.1:${(nonsense.address() as AddressInfo).port}/`;
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-contacts-faults-'));
}, 60_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop(), new Promise((resolve) => nonsense?.close(resolve))]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const run = (
  transferId: string,
  sourceAdapter = davSource(source, 'bob'),
  destination = davDestination(target, hana),
  clock = instantClock(),
) => runContactsTransfer({ transferId, source: sourceAdapter, destination, store: createMemoryStateStore(), clock });

describe('a contacts transfer', () => {
  it('from an unreachable CardDAV server retries with backoff, then fails with source-unreachable', async () => {
    const clock = instantClock();
    const result = await run(
      'u1',
      davSource(source, 'bob', { url: `http://127.0.0.1:${await freePort()}/` }),
      davDestination(target, hana),
      clock,
    );
    expect(result.status).toMatchObject({ state: 'failed', reason: 'source-unreachable' });
    expect(result.status.state === 'failed' && result.status.detail).toMatch(/127\.0\.0\.1/);
    expect(clock.slept).toHaveLength(DEFAULT_LIMITS.connectionAttempts - 1);
    expect(result.progress).toBeNull();
  }, 60_000);

  it('from a server that answers nonsense fails with source-unreachable, saying what it answered', async () => {
    const result = await run('u2', davSource(source, 'bob', { url: nonsenseUrl }));
    expect(result.status).toMatchObject({ state: 'failed', reason: 'source-unreachable' });
    expect(result.status.state === 'failed' && result.status.detail).toMatch(/without a WebDAV multi-status/);
  }, 60_000);

  it('with a wrong service password ends at once with source-login-refused', async () => {
    const clock = instantClock();
    const result = await run(
      'l1',
      davSource(source, 'bob', { service: { user: source.service.user, password: 'wrong' } }),
      davDestination(target, hana),
      clock,
    );
    expect(result.status).toMatchObject({ state: 'failed', reason: 'source-login-refused' });
    expect(clock.slept).toEqual([]);
  }, 60_000);

  it('through an account the provider did not grant access to ends with source-login-refused', async () => {
    // bob may read his own address books, not alice's: only the service account reads everyone's.
    const result = await run('l2', davSource(source, 'alice', { service: bob }));
    expect(result.status).toMatchObject({ state: 'failed', reason: 'source-login-refused' });
  }, 60_000);

  it('with a wrong destination password ends at once with destination-login-refused', async () => {
    const result = await run('l3', davSource(source, 'bob'), davDestination(target, { ...hana, password: 'wrong' }));
    expect(result.status).toMatchObject({ state: 'failed', reason: 'destination-login-refused' });
  }, 60_000);

  it('of an account that never kept contacts completes with nothing to copy and an empty file', async () => {
    const file = path.join(dir, 'empty.zip');
    const archive = openZipArchive(file);
    const result = await runContactsTransfer({
      transferId: 'e1',
      source: davSource(source, 'nobody-here'),
      destination: createContactsArchiveDestination({ archive, format: 'VCF' }),
      store: createMemoryStateStore(),
      clock: systemClock,
    });
    await archive.close();
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.progress).toMatchObject({ total: 0, done: 0, failed: 0 });
    expect(result.receipts).toEqual([]);
    expect(readZip(file).get('contacts/contacts.vcf')?.length).toBe(0);
  }, 60_000);
});
