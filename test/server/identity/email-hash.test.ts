import { createHmac, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emailHash } from '../../../server/identity/email-hash.ts';

describe('emailHash', () => {
  it('is 40 lowercase hex characters, as the status-from-email hash of spec §5', () => {
    expect(emailHash('active@example.com', 'secret')).toMatch(/^[0-9a-f]{40}$/);
  });

  it('is the HMAC-SHA1 of the lowercased address', () => {
    const expected = createHmac('sha1', 'secret').update('active@example.com').digest('hex');
    expect(emailHash(' Active@Example.COM ', 'secret')).toBe(expected);
  });

  it('depends on the secret, so it is not a plain SHA-1 anyone can compute', () => {
    const plain = createHash('sha1').update('active@example.com').digest('hex');
    expect(emailHash('active@example.com', 'secret')).not.toBe(plain);
    expect(emailHash('active@example.com', 'secret')).not.toBe(emailHash('active@example.com', 'other'));
  });

  it('differs between addresses', () => {
    expect(emailHash('a@example.com', 's')).not.toBe(emailHash('b@example.com', 's'));
  });

  it('refuses an empty secret', () => {
    expect(() => emailHash('a@example.com', '')).toThrow(/secret/);
  });
});
