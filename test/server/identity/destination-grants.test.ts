/**
 * The destination grants on the run's dialect: kept sealed, attached to one export, refreshed by one
 * caller at a time when they expire, deleted when the export ends. The refresher here is the seam the
 * OAuth clients fill (their refresh against a real authorization server is tested with them).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVault } from '../../../server/crypto/vault.ts';
import { createJobsStore } from '../../../server/db/jobs-store.ts';
import { createLifecycle } from '../../../server/jobs/lifecycle.ts';
import type { Db } from '../../../server/db/open.ts';
import { createLogger } from '../../../server/http/logger.ts';
import {
  createGrantKeeper,
  MIN_LIFETIME_MS,
  type GrantKeeper,
  type Refresh,
  type RefreshResult,
} from '../../../server/identity/destination-grants.ts';
import { openTestDatabase } from '../../support/test-database.ts';
import { newJob, NOW } from '../db/new-job.ts';

const HOUR = 60 * 60 * 1000;
const EXPORT = 'E'.repeat(32);
const TOKEN = 'destination-token-of-the-browser-0123456789a';

describe('destination grants', () => {
  let db: Db;
  let close: () => Promise<void>;
  let clock: { now: number };
  let refreshCalls: { refreshToken: string; use: string }[];
  let answer: () => Promise<RefreshResult>;

  const refresh: Refresh = async (refreshToken, use) => {
    refreshCalls.push({ refreshToken, use });
    return answer();
  };

  const keeper = (secret = 'grant-test-secret'): GrantKeeper =>
    createGrantKeeper({
      db,
      vault: createVault(secret),
      refreshers: { gmail: refresh, outlook: refresh },
      logger: createLogger('silent'),
      now: () => clock.now,
      unusedTtlMs: HOUR,
    });

  const tokens = (expiresAt: number, refreshToken: string | null = 'refresh-1') => ({
    refreshToken,
    access: { mail: { token: 'access-mail-1', expiresAt }, contacts: { token: 'access-mail-1', expiresAt } },
  });

  beforeEach(async () => {
    ({ db, close } = await openTestDatabase());
    clock = { now: NOW };
    refreshCalls = [];
    answer = async () => ({ kind: 'refreshed', accessToken: 'access-2', expiresAt: clock.now + HOUR, refreshToken: null });
  });
  afterEach(() => close());

  it('hands a kept consent to the export it is attached to, and to no other', async () => {
    const grants = keeper();
    await grants.keep(TOKEN, { provider: 'gmail', email: 'you@gmail.com', tokens: tokens(NOW + HOUR) });
    expect(await grants.forExport(EXPORT, 'mail')).toEqual({ kind: 'none' });
    expect(await grants.attach(TOKEN, EXPORT)).toBe(true);
    expect(await grants.forExport(EXPORT, 'mail')).toEqual({
      kind: 'access',
      email: 'you@gmail.com',
      accessToken: 'access-mail-1',
      expiresAt: NOW + HOUR,
    });
    // One consent, one export: a second load with the same destination token gets nothing.
    expect(await grants.attach(TOKEN, 'F'.repeat(32))).toBe(false);
    expect(await grants.attach('another-token', 'F'.repeat(32))).toBe(false);
    expect(refreshCalls).toEqual([]);
  });

  it('keeps no token in plain text, and a row sealed under another secret or for another row does not open', async () => {
    await keeper().keep(TOKEN, { provider: 'gmail', email: 'you@gmail.com', tokens: tokens(NOW + HOUR) });
    await keeper().keep('second-token', { provider: 'gmail', email: 'me@gmail.com', tokens: tokens(NOW + HOUR, 'refresh-of-me') });
    const rows = await db.selectFrom('destination_grants').selectAll().execute();
    expect(JSON.stringify(rows)).not.toMatch(/access-mail-1|refresh-1|refresh-of-me|destination-token/);

    expect(await keeper('another-secret').attach(TOKEN, EXPORT)).toBe(true);
    expect(await keeper('another-secret').forExport(EXPORT, 'mail')).toEqual({ kind: 'revoked' });
    // The second row's sealed tokens moved onto the first: they are bound to their own row.
    const second = rows.find((row) => row.email === 'me@gmail.com');
    await db
      .updateTable('destination_grants')
      .set({ sealed: second?.sealed ?? '' })
      .where('export_id', '=', EXPORT)
      .execute();
    expect(await keeper().forExport(EXPORT, 'mail')).toEqual({ kind: 'revoked' });
  });

  it('refuses to attach a consent that waited longer than the destination token lives', async () => {
    const grants = keeper();
    await grants.keep(TOKEN, { provider: 'gmail', email: 'you@gmail.com', tokens: tokens(NOW + 2 * HOUR) });
    clock.now += HOUR;
    expect(await grants.attach(TOKEN, EXPORT)).toBe(false);
  });

  it('refreshes a token about to expire once, keeps the new one and a rotated refresh token', async () => {
    const grants = keeper();
    await grants.keep(TOKEN, { provider: 'gmail', email: 'you@gmail.com', tokens: tokens(NOW + MIN_LIFETIME_MS - 1) });
    await grants.attach(TOKEN, EXPORT);
    answer = async () => ({ kind: 'refreshed', accessToken: 'access-2', expiresAt: clock.now + HOUR, refreshToken: 'refresh-2' });
    expect(await grants.forExport(EXPORT, 'contacts')).toMatchObject({ kind: 'access', accessToken: 'access-2' });
    expect(await grants.forExport(EXPORT, 'contacts')).toMatchObject({ kind: 'access', accessToken: 'access-2' });
    expect(refreshCalls).toEqual([{ refreshToken: 'refresh-1', use: 'contacts' }]);
    // Each use has its own token (Microsoft: one resource per access token): mail refreshes on its own.
    clock.now += 1;
    answer = async () => ({ kind: 'refreshed', accessToken: 'access-3', expiresAt: clock.now + HOUR, refreshToken: null });
    expect(await grants.forExport(EXPORT, 'mail')).toMatchObject({ kind: 'access', accessToken: 'access-3' });
    expect(refreshCalls[1]).toEqual({ refreshToken: 'refresh-2', use: 'mail' });
  });

  it('renews a token the destination refused though it has time left, once, however many callers saw it refused', async () => {
    const grants = keeper();
    await grants.keep(TOKEN, { provider: 'outlook', email: 'you@outlook.com', tokens: tokens(NOW + HOUR) });
    await grants.attach(TOKEN, EXPORT);
    expect(await grants.forExport(EXPORT, 'mail', 'an-older-token')).toMatchObject({ kind: 'access', accessToken: 'access-mail-1' });
    expect(refreshCalls).toEqual([]);
    expect(await grants.forExport(EXPORT, 'mail', 'access-mail-1')).toMatchObject({ kind: 'access', accessToken: 'access-2' });
    // A second connection that was refused the same token gets the renewed one, without another refresh.
    expect(await grants.forExport(EXPORT, 'mail', 'access-mail-1')).toMatchObject({ kind: 'access', accessToken: 'access-2' });
    expect(refreshCalls).toEqual([{ refreshToken: 'refresh-1', use: 'mail' }]);
  });

  it('lets one of many callers refresh; the others wait for its token', async () => {
    const grants = keeper();
    const other = keeper();
    await grants.keep(TOKEN, { provider: 'gmail', email: 'you@gmail.com', tokens: tokens(NOW) });
    await grants.attach(TOKEN, EXPORT);
    answer = async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { kind: 'refreshed', accessToken: 'access-2', expiresAt: clock.now + HOUR, refreshToken: 'refresh-2' };
    };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => (index % 2 ? other : grants).forExport(EXPORT, 'mail')));
    expect(refreshCalls).toHaveLength(1);
    expect(answers.every((one) => one.kind === 'access' && one.accessToken === 'access-2')).toBe(true);
  });

  it('says revoked when the provider refuses the refresh or there is no refresh token, unavailable when it cannot be asked', async () => {
    const grants = keeper();
    await grants.keep(TOKEN, { provider: 'gmail', email: 'you@gmail.com', tokens: tokens(NOW) });
    await grants.attach(TOKEN, EXPORT);
    answer = async () => ({ kind: 'revoked' });
    expect(await grants.forExport(EXPORT, 'mail')).toEqual({ kind: 'revoked' });
    answer = () => Promise.reject(new Error('connection reset'));
    expect(await grants.forExport(EXPORT, 'mail')).toEqual({ kind: 'unavailable' });
    // The failed attempts let their claim go: the next reader refreshes.
    answer = async () => ({ kind: 'refreshed', accessToken: 'access-2', expiresAt: clock.now + HOUR, refreshToken: null });
    expect(await grants.forExport(EXPORT, 'mail')).toMatchObject({ kind: 'access', accessToken: 'access-2' });

    await grants.keep('no-refresh', { provider: 'gmail', email: 'you@gmail.com', tokens: tokens(NOW, null) });
    await grants.attach('no-refresh', 'F'.repeat(32));
    expect(await grants.forExport('F'.repeat(32), 'mail')).toEqual({ kind: 'revoked' });
  });

  it('forgets an export’s tokens on delete, and purges those of ended exports and unused consents', async () => {
    const grants = keeper();
    const jobs = createJobsStore(db);
    for (const [token, exportId] of [
      ['a', 'A'.repeat(32)],
      ['b', 'B'.repeat(32)],
      ['c', null],
    ] as const) {
      await grants.keep(token, { provider: 'gmail', email: 'you@gmail.com', tokens: tokens(NOW + HOUR) });
      if (exportId) {
        await jobs.insertUnlessDuplicate(newJob(exportId, `key-${token}`), NOW - HOUR);
        await grants.attach(token, exportId);
      }
    }
    await grants.delete('A'.repeat(32));
    await grants.delete('A'.repeat(32));
    expect(await grants.forExport('A'.repeat(32), 'mail')).toEqual({ kind: 'none' });

    await createLifecycle(db).end({
      exportId: 'B'.repeat(32),
      emailStatus: 'completed',
      contactsStatus: null,
      finishedAt: NOW,
      downloadExpiresAt: null,
    });
    clock.now += HOUR;
    expect(await grants.purge()).toBe(2);
    expect(await db.selectFrom('destination_grants').select('grant_key').execute()).toEqual([]);
  });
});
