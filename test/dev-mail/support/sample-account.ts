/** One scenario account's sample data written into a temp folder, with the messages it holds. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { generateMailbox, type SampleMessage } from '../../../server/development/mail/sample/messages.ts';
import { seedOf } from '../../../server/development/mail/sample/random.ts';
import { writeSampleAccount } from '../../../server/development/mail/sample/write-account.ts';

export type SampleAccount = { dir: string; maildir: string; messages: SampleMessage[] };

export async function sampleAccount(address: string): Promise<SampleAccount> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dev-mail-account-'));
  await writeSampleAccount(dir, address);
  return { dir, maildir: path.join(dir, 'Maildir'), messages: await generateMailbox(seedOf(address), address) };
}

/** Renames folders of an expected mailbox (special-use folders land under the provider's names). */
export function renamed<T>(expected: Map<string, T>, renames: Record<string, string>): Map<string, T> {
  return new Map([...expected].map(([folder, list]) => [renames[folder] ?? folder, list]));
}

/**
 * For one test file: the sample account of `address`, written before its tests, and a folder for the
 * stores the tests fill; both removed after. `account()` is read inside tests (it exists only then).
 */
export function sampleAccountForFile(address: string, storesPrefix: string): { account: () => SampleAccount; stores: string } {
  let account: SampleAccount | null = null;
  const stores = mkdtempSync(path.join(tmpdir(), storesPrefix));
  beforeAll(async () => {
    account = await sampleAccount(address);
  }, 60_000);
  afterAll(() => {
    if (account) rmSync(account.dir, { recursive: true, force: true });
    rmSync(stores, { recursive: true, force: true });
  });
  return {
    account: () => {
      if (!account) throw new Error('the sample account is written before the tests run');
      return account;
    },
    stores,
  };
}
