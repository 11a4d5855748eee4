import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/open.ts';
import { createTokenStore } from '../../../server/identity/token-store.ts';
import { openTestDatabase } from '../../support/test-database.ts';

describe('token store', () => {
  let db: Db;
  let close: () => Promise<void>;
  let clock: number;
  const now = () => clock;

  beforeEach(async () => {
    ({ db, close } = await openTestDatabase());
    clock = 1_700_000_000_000;
  });
  afterEach(() => close());

  it('issues a random URL-safe token of at least 128 bits that verifies to its claims', async () => {
    const store = createTokenStore(db, { ttlMs: 60_000, now });
    const token = await store.issue({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await store.verify(token)).toEqual({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
  });

  it('never issues the same token twice', async () => {
    const store = createTokenStore(db, { ttlMs: 60_000, now });
    const tokens = new Set(
      await Promise.all(
        Array.from({ length: 200 }, () => store.issue({ email: 'a@example.com', purpose: 'status', provider: 'northwave' })),
      ),
    );
    expect(tokens.size).toBe(200);
  });

  it('keeps the purpose and provider of destination tokens apart from source tokens', async () => {
    const store = createTokenStore(db, { ttlMs: 60_000, now });
    const source = await store.issue({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
    const destination = await store.issue({ email: 'you@gmail.com', purpose: 'destination', provider: 'gmail' });
    expect((await store.verify(source))?.purpose).toBe('source');
    expect(await store.verify(destination)).toEqual({ email: 'you@gmail.com', purpose: 'destination', provider: 'gmail' });
  });

  it('answers null for unknown, malformed and empty tokens', async () => {
    const store = createTokenStore(db, { ttlMs: 60_000, now });
    await store.issue({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
    expect(await store.verify('A'.repeat(43))).toBeNull();
    expect(await store.verify('not a token')).toBeNull();
    expect(await store.verify('')).toBeNull();
    expect(await store.verify("' OR 1=1 --")).toBeNull();
  });

  it('expires a token after the TTL', async () => {
    const store = createTokenStore(db, { ttlMs: 60_000, now });
    const token = await store.issue({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
    clock += 59_999;
    expect(await store.verify(token)).not.toBeNull();
    clock += 1;
    expect(await store.verify(token)).toBeNull();
  });

  it('stores only a SHA-256 digest: the plain token appears nowhere in the database', async () => {
    const store = createTokenStore(db, { ttlMs: 60_000, now });
    const token = await store.issue({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
    const rows = await db.selectFrom('identity_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.token_digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('survives a second store over the same database (restart) and drops expired rows on issue', async () => {
    const first = createTokenStore(db, { ttlMs: 1_000, now });
    const old = await first.issue({ email: 'a@example.com', purpose: 'source', provider: 'northwave' });
    const second = createTokenStore(db, { ttlMs: 1_000, now });
    expect((await second.verify(old))?.email).toBe('a@example.com');
    clock += 5_000;
    await second.issue({ email: 'b@example.com', purpose: 'source', provider: 'northwave' });
    expect(await db.selectFrom('identity_tokens').select('email').execute()).toEqual([{ email: 'b@example.com' }]);
  });

  it('refuses a non-positive TTL', () => {
    expect(() => createTokenStore(db, { ttlMs: 0 })).toThrow(/ttlMs/);
  });
});
