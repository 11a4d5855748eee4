/** The load's idempotency key follows what the request means, never how it was written. */
import { describe, expect, it } from 'vitest';
import { loadKey, type LoadMeaning } from '../../../server/jobs/load-key.ts';

const base: LoadMeaning = {
  account: 'active@example.com',
  operations: ['emailmigration', 'contactsmigration'],
  destination: { provider: 'other', email: 'me@elsewhere.example' },
  formats: { email: null, contacts: null },
};

describe('loadKey', () => {
  it('is the same for the same meaning written differently', () => {
    const key = loadKey(base);
    expect(loadKey({ ...base, account: '  Active@Example.COM ' })).toBe(key);
    expect(loadKey({ ...base, operations: ['contactsmigration', 'emailmigration', 'emailmigration'] })).toBe(key);
    expect(loadKey({ ...base, destination: { provider: 'other', email: 'ME@elsewhere.example' } })).toBe(key);
  });

  it.each<[string, Partial<LoadMeaning>]>([
    ['another account', { account: 'someone@example.com' }],
    ['other operations', { operations: ['emailmigration'] }],
    ['another destination provider', { destination: { provider: 'gmail', email: 'me@elsewhere.example' } }],
    ['another destination address', { destination: { provider: 'other', email: 'you@elsewhere.example' } }],
    ['another email format', { formats: { email: 'MBOX', contacts: null } }],
    ['another contacts format', { formats: { email: null, contacts: 'VCF' } }],
  ])('differs for %s', (_name, change) => {
    expect(loadKey({ ...base, ...change })).not.toBe(loadKey(base));
  });

  it('is a digest: no address in it', () => {
    expect(loadKey(base)).toMatch(/^[0-9a-f]{64}$/);
  });
});
