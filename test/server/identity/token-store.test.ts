import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTokenStore } from '../../../server/identity/token-store.ts';

describe('token store', () => {
  let db: Database.Database;
  let clock: number;
  const now = () => clock;

  beforeEach(() => {
    db = new Database(':memory:');
    clock = 1_700_000_000_000;
  });
  afterEach(() => db.close());

  it('issues a random URL-safe token of at least 128 bits that verifies to its claims', () => {
    const store = createTokenStore(db, { ttlMs: 60_000, now });
    const token = store.issue({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(store.verify(token)).toEqual({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
  });

  it('never issues the same token twice', () => {
    const store = createTokenStore(db, { ttlMs: 60_000, now });
    const tokens = new Set(
      Array.from({ length: 200 }, () => store.issue({ email: 'a@example.com', purpose: 'status', provider: 'northwave' })),
    );
    expect(tokens.size).toBe(200);
  });

  it('keeps the purpose and provider of destination tokens apart from source tokens', () => {
    const store = createTokenStore(db, { ttlMs: 60_000, now });
    const source = store.issue({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
    const destination = store.issue({ email: 'you@gmail.com', purpose: 'destination', provider: 'gmail' });
    expect(store.verify(source)?.purpose).toBe('source');
    expect(store.verify(destination)).toEqual({ email: 'you@gmail.com', purpose: 'destination', provider: 'gmail' });
  });

  it('answers null for unknown, malformed and empty tokens', () => {
    const store = createTokenStore(db, { ttlMs: 60_000, now });
    store.issue({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
    expect(store.verify('A'.repeat(43))).toBeNull();
    expect(store.verify('not a token')).toBeNull();
    expect(store.verify('')).toBeNull();
    expect(store.verify("' OR 1=1 --")).toBeNull();
  });

  it('expires a token after the TTL', () => {
    const store = createTokenStore(db, { ttlMs: 60_000, now });
    const token = store.issue({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
    clock += 59_999;
    expect(store.verify(token)).not.toBeNull();
    clock += 1;
    expect(store.verify(token)).toBeNull();
  });

  it('stores only a SHA-256 digest: the plain token appears nowhere in the database', () => {
    const store = createTokenStore(db, { ttlMs: 60_000, now });
    const token = store.issue({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
    const rows = db.prepare('SELECT * FROM identity_tokens').all() as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(rows[0]?.token_digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('survives a second store over the same database (restart) and drops expired rows on issue', () => {
    const first = createTokenStore(db, { ttlMs: 1_000, now });
    const old = first.issue({ email: 'a@example.com', purpose: 'source', provider: 'northwave' });
    const second = createTokenStore(db, { ttlMs: 1_000, now });
    expect(second.verify(old)?.email).toBe('a@example.com');
    clock += 5_000;
    second.issue({ email: 'b@example.com', purpose: 'source', provider: 'northwave' });
    const count = db.prepare('SELECT COUNT(*) AS n FROM identity_tokens').get() as { n: number };
    expect(count.n).toBe(1);
  });

  it('refuses a non-positive TTL', () => {
    expect(() => createTokenStore(db, { ttlMs: 0 })).toThrow(/ttlMs/);
  });
});
