/**
 * The XSRF token a page answer sets: drawn from a pool of random bytes (server/http/xsrf.ts), so the
 * pool must never hand out the same bytes twice, across its refills too.
 */
import { describe, expect, it } from 'vitest';
import { newXsrfToken } from '../../server/http/xsrf.ts';

describe('newXsrfToken', () => {
  it('gives 32 random bytes, never the same twice, across several refills of its pool', () => {
    const tokens = Array.from({ length: 1000 }, () => newXsrfToken());
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(tokens.every((token) => /^[A-Za-z0-9_-]{43}$/.test(token))).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
