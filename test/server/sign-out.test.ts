/**
 * Sign-out (POST /api/sign-out/): "Start over" ends the portal's tokens of the browser at once — the
 * sign-in's bearer and a consent's token stop validating before their hour is up — and clears the
 * download-session cookies; it needs the XSRF header, and a malformed body changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startHarness, type Harness } from './helpers/harness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
  await harness?.remove();
});

describe('sign-out', () => {
  it('ends the sign-in and a consent before their hour, and clears the download cookies', async () => {
    const session = await signIn(harness);
    const consent = await harness.tokens.issue({ email: session.email, purpose: 'destination', provider: 'gmail' });
    const other = await signIn(harness, 'opted-out@example.com');
    expect((await session.post('/api/capabilities/', { email: session.email })).status).toBe(200);

    const out = await session.post('/api/sign-out/', { tokens: [session.token, consent] });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    const cleared = out.headers.getSetCookie().filter((cookie) => cookie.startsWith('download-session=;'));
    expect(cleared.map((cookie) => /Path=([^;]+)/.exec(cookie)?.[1]).sort()).toEqual(['/api/downloads/', '/api/reports/']);
    expect(cleared.every((cookie) => /Max-Age=0/.test(cookie))).toBe(true);

    expect(await harness.tokens.verify(session.token)).toBeNull();
    expect(await harness.tokens.verify(consent)).toBeNull();
    expect((await session.post('/api/capabilities/', { email: session.email })).status).toBe(401);
    // Another browser's sign-in is not touched.
    expect((await other.post('/api/capabilities/', { email: other.email })).status).toBe(200);
  });

  it('needs the XSRF header, and a malformed body ends nothing', async () => {
    const session = await signIn(harness);
    const { 'X-XSRF-TOKEN': _, ...withoutXsrf } = session.headers;
    const forged = await fetch(`${harness.base}/api/sign-out/`, {
      method: 'POST',
      headers: withoutXsrf,
      body: JSON.stringify({ tokens: [session.token] }),
    });
    expect(forged.status).toBe(403);
    expect((await session.post('/api/sign-out/', { tokens: session.token })).status).toBe(400);
    expect((await session.post('/api/sign-out/', { tokens: ['x', 'y', 'z', 'w', 'v'] })).status).toBe(400);
    expect(await harness.tokens.verify(session.token)).not.toBeNull();
    // A token that is not live (or not a token at all) is nothing to end: the same answer.
    expect(await (await session.post('/api/sign-out/', { tokens: ['not-a-token'] })).json()).toEqual({ ok: true });
  });
});
