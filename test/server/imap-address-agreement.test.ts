/**
 * Every form of a custom IMAP host is accepted or refused alike by the browser's rule (the machine's
 * validation), the host check (`POST /api/validate-imap/`) and the credentials check
 * (`POST /api/validate/`), over real HTTP with the development adapters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateImapAddress } from '../../machines/validation.ts';
import { postJson, signIn, startHarness, type Harness } from './helpers/harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.stop();
  harness.remove();
});

const FORMS: Array<[string, boolean]> = [
  ['imap.example.com', true],
  ['imap.example.com:993', true],
  ['imap.example.com:143', true],
  ['imaps://imap.example.com:993', true],
  ['imap://imap.example.com:143', true],
  ['imap.example.com:0', false],
  ['imap.example.com:70000', false],
  ['ftp://imap.example.com', false],
  ['imap.example.com:993:1', false],
];

describe('one reading of a custom IMAP host, everywhere', () => {
  it.each(FORMS)('%s: accepted = %s by the rule, validate-imap and validate', async (imap, accepted) => {
    expect(validateImapAddress(imap) === null).toBe(accepted);

    const hostCheck = await postJson(harness.base, '/api/validate-imap/', { imap });
    expect(hostCheck.status).toBe(200);
    expect(await hostCheck.json()).toEqual({ ok: accepted });

    const session = await signIn(harness);
    const credentials = await session.post('/api/validate/', {
      email: 'someone@example.com',
      password: 'correct-password',
      imap,
      provider: 'other',
    });
    expect(credentials.status).toBe(200);
    expect(await credentials.json()).toEqual(accepted ? { ok: true, error: null } : { ok: false, error: 'INVALID_IMAP' });
  });
});
