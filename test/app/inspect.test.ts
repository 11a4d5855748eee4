import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets } from '../../src/app/inspect.ts';

describe('the inspector masks secrets before they leave the page', () => {
  it('masks tokens, passwords and hashes at any depth and keeps the rest', () => {
    const context = {
      srcAccount: { email: 'pat@northwave.net', tokenId: 'tok-1', provider: 'northwave' },
      dstAccount: { provider: 'other', email: 'me@example.org', password: 'pw' },
      other: { email: 'me@example.org', password: 'pw', errors: { email: null } },
      emailHash: 'a'.repeat(40),
      jobs: [{ id: 'x', startedAt: 'y' }],
    };
    const masked = maskSecrets(context);
    expect(masked.srcAccount).toEqual({ email: 'pat@northwave.net', tokenId: MASK, provider: 'northwave' });
    expect(masked.dstAccount.password).toBe(MASK);
    expect(masked.other.password).toBe(MASK);
    expect(masked.emailHash).toBe(MASK);
    expect(masked.jobs).toEqual(context.jobs);
    expect(context.srcAccount.tokenId).toBe('tok-1');
  });

  it('masks the callback query of a ROUTE.VISITED event', () => {
    const event = { type: 'ROUTE.VISITED', path: '/oauth-callback', query: { token_id: 'tok-2', email: 'pat@x.net' }, hash: '' };
    expect(JSON.stringify(maskSecrets(event))).not.toContain('tok-2');
    expect(maskSecrets(event).query.email).toBe('pat@x.net');
  });

  it('keeps the URL fragment of ROUTE.VISITED but masks the email hash of the status callback', () => {
    expect(maskSecrets({ hash: '#error' }).hash).toBe('#error');
    expect(maskSecrets({ query: { hash: 'b'.repeat(40) } }).query.hash).toBe(MASK);
  });

  it('leaves empty secrets empty, so the inspector still shows that none is set', () => {
    expect(maskSecrets({ password: '' }).password).toBe('');
  });
});
