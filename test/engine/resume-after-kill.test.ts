/**
 * Resume after a kill: the transfer runs in a child process that is SIGKILLed at a random point
 * (before any progress, or after a random number of messages), then started again from its saved
 * state. Over several seeds the destination must end holding every message exactly once, and the
 * counters must say exactly that. And a kill in the middle of a pipelined burst: with 40 messages a
 * batch, the child is killed when the destination's Maildir holds more messages than the saved state
 * has counted (a burst partly arrived, its checkpoint not yet moved).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type Dovecot } from '../support/dovecot.ts';
import { progressDone, runChild, savedRecord } from './support/child-run.ts';
import { expectedMailbox, readMailbox, seedMailbox } from './support/imap-mailbox.ts';
import { fixtureMailbox, random } from './support/mail-fixture.ts';
import type { ChildConfig } from './support/transfer-child.ts';

const CHILD = fileURLToPath(new URL('./support/transfer-child.ts', import.meta.url));
const SEEDS = [101, 202, 303, 404];
const customer = { email: 'lee@example.com', password: 'lee-source-pw' };
const recipients = SEEDS.map((seed) => ({ email: `r${seed}@example.net`, password: `pw-${seed}` }));
const burst = { email: 'burst@example.net', password: 'pw-burst' };
const messages = fixtureMailbox(5, 80);

let source: Dovecot;
let target: Dovecot;
let dir: string;

beforeAll(async () => {
  [source, target] = await Promise.all([
    startDovecot({ users: [customer] }),
    startDovecot({ users: [...recipients, burst], separator: '.' }),
  ]);
  await seedMailbox(source, customer.email, customer.password, messages);
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-kill-'));
}, 60_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a transfer killed at a random point', () => {
  it.each(SEEDS.map((seed, i) => [seed, i]))(
    'resumes with 0 lost and 0 duplicated (seed %i)',
    async (seed, i) => {
      const rand = random(seed);
      const recipient = recipients[i] as { email: string; password: string };
      const stateFile = path.join(dir, `state-${seed}.json`);
      const config: ChildConfig = {
        transferId: `kill-${seed}`,
        stateFile,
        source: {
          endpoint: { host: source.host, port: source.port, tls: 'implicit', ca: source.certificate },
          mailbox: customer.email,
          master: source.master,
        },
        destination: {
          endpoint: { host: target.host, port: target.port, tls: 'implicit', ca: target.certificate },
          user: recipient.email,
          password: recipient.password,
        },
        limits: { batchMessages: 1 + Math.floor(rand() * 4), parallelFolders: 1 + Math.floor(rand() * 3) },
      };
      const killAt = Math.floor(rand() * messages.length * 0.8);
      const started = Date.now();
      const delayMs = Math.floor(rand() * 400);
      const killed = await runChild(CHILD, config, () =>
        killAt === 0 ? Date.now() - started >= delayMs : progressDone(stateFile) >= killAt,
      );
      expect(killed.signal, killed.output).toBe('SIGKILL');

      const finished = await runChild(CHILD, config, () => false);
      expect(finished.code, finished.output).toBe(0);

      const actual = await readMailbox(target, recipient.email, recipient.password);
      for (const [folder, list] of expectedMailbox(messages, '.')) expect(actual.get(folder), folder).toEqual(list);
      const state = savedRecord(stateFile);
      expect(state?.progress).toMatchObject({ total: messages.length, done: messages.length, failed: 0 });
    },
    120_000,
  );
});

/** Messages in a Maildir account on disk, every folder (`cur/` and `new/`). */
function onDisk(root: string): number {
  if (!existsSync(root)) return 0;
  let count = 0;
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    if (entry.name === 'cur' || entry.name === 'new') count += readdirSync(path.join(root, entry.name)).length;
    else if (entry.name.startsWith('.')) count += onDisk(path.join(root, entry.name));
  }
  return count;
}

describe('a transfer killed in the middle of a pipelined burst', () => {
  it('resumes with 0 lost and 0 duplicated', async () => {
    const stateFile = path.join(dir, 'state-burst.json');
    const config: ChildConfig = {
      transferId: 'kill-burst',
      stateFile,
      source: {
        endpoint: { host: source.host, port: source.port, tls: 'implicit', ca: source.certificate },
        mailbox: customer.email,
        master: source.master,
      },
      destination: {
        endpoint: { host: target.host, port: target.port, tls: 'implicit', ca: target.certificate },
        user: burst.email,
        password: burst.password,
      },
      limits: { batchMessages: 40, parallelFolders: 1 },
    };
    let ahead = 0;
    const killed = await runChild(CHILD, config, () => {
      ahead = onDisk(target.maildir(burst.email)) - progressDone(stateFile);
      return ahead > 0;
    });
    expect(killed.signal, killed.output).toBe('SIGKILL');
    expect(ahead).toBeGreaterThan(0);

    const finished = await runChild(CHILD, config, () => false);
    expect(finished.code, finished.output).toBe(0);
    const actual = await readMailbox(target, burst.email, burst.password);
    for (const [folder, list] of expectedMailbox(messages, '.')) expect(actual.get(folder), folder).toEqual(list);
    expect(savedRecord(stateFile)?.progress).toMatchObject({ total: messages.length, done: messages.length, failed: 0 });
  }, 120_000);
});
