/**
 * Resume after a kill: the contacts transfer runs in a child process that is SIGKILLed at a random
 * point (before any progress, or after a random number of contacts), then started again from its saved
 * state. Over several seeds the destination must end holding every contact exactly once, and the
 * counters must say exactly that.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRadicale, type Radicale } from '../support/radicale.ts';
import { servedAccount } from './support/carddav-book.ts';
import { progressDone, runChild, savedRecord } from './support/child-run.ts';
import { aliceBooks, startSeededRadicale } from './support/contacts-setup.ts';
import type { ContactsChildConfig } from './support/contacts-transfer-child.ts';
import { random } from './support/mail-fixture.ts';

const CHILD = fileURLToPath(new URL('./support/contacts-transfer-child.ts', import.meta.url));
const SEEDS = [101, 202, 303];
const recipients = SEEDS.map((seed) => ({ user: `r${seed}`, password: `pw-${seed}` }));
const uids = Object.values(aliceBooks)
  .flatMap((b) => b.contacts.map((c) => c.uid))
  .sort();

let source: Radicale;
let target: Radicale;
let dir: string;

beforeAll(async () => {
  [source, target] = await Promise.all([startSeededRadicale(), startRadicale({ users: recipients })]);
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-contacts-kill-'));
}, 60_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a contacts transfer killed at a random point', () => {
  it.each(SEEDS.map((seed, i) => [seed, i]))(
    'resumes with 0 lost and 0 duplicated (seed %i)',
    async (seed, i) => {
      const rand = random(seed);
      const recipient = recipients[i] as { user: string; password: string };
      const stateFile = path.join(dir, `state-${seed}.json`);
      const config: ContactsChildConfig = {
        transferId: `kill-${seed}`,
        stateFile,
        source: { url: source.url, account: 'alice', service: source.service },
        destination: { url: target.url, user: recipient.user, password: recipient.password },
        batchContacts: 1 + Math.floor(rand() * 5),
      };
      const killAt = Math.floor(rand() * uids.length * 0.8);
      const started = Date.now();
      const delayMs = Math.floor(rand() * 300);
      const killed = await runChild(CHILD, config, () =>
        killAt === 0 ? Date.now() - started >= delayMs : progressDone(stateFile) >= killAt,
      );
      expect(killed.signal, killed.output).toBe('SIGKILL');

      const finished = await runChild(CHILD, config, () => false);
      expect(finished.code, finished.output).toBe(0);

      const arrived = [...(await servedAccount(target, recipient)).values()].flat().map((c) => /^UID:(.*)$/m.exec(c.text)?.[1]?.trim());
      expect(arrived.sort()).toEqual(uids);
      const state = savedRecord(stateFile);
      expect(state?.progress).toMatchObject({ total: uids.length, done: uids.length, failed: 0 });
      expect(state?.receipts.map((r) => [r.container, r.sourceCount, r.destinationCount])).toEqual([
        ['Contacts', 30, 30],
        ['Famille & Amis', 12, 12],
      ]);
    },
    120_000,
  );
});
