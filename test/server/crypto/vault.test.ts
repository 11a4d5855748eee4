/** server/crypto/vault.ts: sealed secrets open only with the same key and purpose, and never leak. */
import { describe, expect, it } from 'vitest';
import { createVault } from '../../../server/crypto/vault.ts';

const vault = createVault('a-service-secret-of-at-least-32-characters');

describe('the credentials vault', () => {
  it('seals and opens, with a fresh IV each time and no trace of the plain text', () => {
    const a = vault.seal('hunter2-Pässword', 'destination-password:E1');
    const b = vault.seal('hunter2-Pässword', 'destination-password:E1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('hunter2');
    expect(Buffer.from(a.split('.')[2] ?? '', 'base64url').toString('utf8')).not.toContain('hunter2');
    expect(vault.open(a, 'destination-password:E1')).toBe('hunter2-Pässword');
  });

  it('refuses another purpose, another key, a changed byte and garbage', () => {
    const sealed = vault.seal('token', 'oauth:E1');
    expect(vault.open(sealed, 'oauth:E2')).toBeNull();
    expect(createVault('another-service-secret-of-32-characters!!').open(sealed, 'oauth:E1')).toBeNull();
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(vault.open([v, iv, flipped.toString('base64url'), tag].join('.'), 'oauth:E1')).toBeNull();
    for (const bad of ['', 'v1', 'v1.a.b', 'v2.a.b.c', 'v1.!!.!!.!!', `${sealed}.extra`]) expect(vault.open(bad, 'oauth:E1')).toBeNull();
  });
});
