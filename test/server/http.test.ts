/** What every answer shares: security headers, the error shapes, limits, health, and the support webhook. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loggablePath } from '../../server/http/logger.ts';
import { fileLoad, postJson, signIn, startHarness, type Harness } from './helpers/harness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    engine: (simulated) => ({
      ...simulated,
      // A vendor bug must become a 500 without details, never a crash.
      progress: () => Promise.reject(new Error('secret internal detail at /srv/vendor.ts:42')),
    }),
  });
});

afterAll(async () => {
  await harness.stop();
  await harness.remove();
});

describe('headers on every answer', () => {
  it.each(['/', '/healthz', '/api/nope/', '/api/v2/status/?job_id=x', '/api/oauth/?provider=northwave&logout=true'])(
    '%s carries the security headers',
    async (path) => {
      // The service's own answer (the sign-in's is a redirect to the authorization server).
      const response = await fetch(`${harness.base}${path}`, { redirect: 'manual' });
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      // No inline allowance at all: a page lets its own <style> elements in by a nonce (static.test.ts).
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("style-src 'self'");
      // Served over plain http here (no https public address): no HSTS.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('carries them on an answer made in-process (app.request), with no Node response to set them on', async () => {
    const response = await harness.service.app.request('/healthz');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('sets the XSRF cookie on the page only, never on an API answer', async () => {
    for (const path of ['/healthz', '/api/v2/status/?job_id=x', '/api/nope/']) {
      expect((await fetch(`${harness.base}${path}`)).headers.get('set-cookie')).toBeNull();
    }
    expect((await fetch(`${harness.base}/destination-account`)).headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
  });

  it('sends Strict-Transport-Security when the public address is https', async () => {
    const https = await startHarness({ env: { PUBLIC_URL: 'https://export.example.com' } });
    try {
      for (const path of ['/', '/api/nope/']) {
        expect((await fetch(`${https.base}${path}`)).headers.get('strict-transport-security')).toBe('max-age=31536000');
      }
    } finally {
      await https.stop();
      https.remove();
    }
  });
});

describe('error shapes', () => {
  it('answers an unknown /api/ route with 404 JSON', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope/'],
      ['POST', '/api/v3/status/'],
      ['GET', '/api/load/'],
    ]) {
      const response = await fetch(`${harness.base}${path}`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('answers malformed JSON with 400 INVALID_REQUEST', async () => {
    const response = await fetch(`${harness.base}/api/validate-imap/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"imap": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'INVALID_REQUEST' });
  });

  it('answers a body over 64 kB with 413', async () => {
    const response = await postJson(harness.base, '/api/support-requests/', {
      email_address: 'a@example.com',
      destination_email: '',
      migration_id: '',
      issue: 'x'.repeat(70 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an internal failure with a 500 that reveals nothing, and keeps serving', async () => {
    const session = await signIn(harness);
    const loaded = await session.post('/api/load/', fileLoad(session.email));
    const { jobid } = (await loaded.json()) as { jobid: string };
    const response = await fetch(`${harness.base}/api/v2/status/?job_id=${jobid}`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'INTERNAL_ERROR', message: 'Something went wrong, please try again later.' });
    expect(text).not.toContain('secret internal detail');
    expect((await fetch(`${harness.base}/healthz`)).status).toBe(200);
  });
});

describe('GET /healthz', () => {
  it('answers ok while the database answers', async () => {
    const response = await fetch(`${harness.base}/healthz`);
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe('support requests', () => {
  it('stores a request and lists it, escaped, at /dev/support-requests', async () => {
    const request = {
      email_address: 'me@example.com',
      destination_email: 'me@gmail.com',
      migration_id: 'A'.repeat(32),
      issue: '<script>alert(1)</script> my export is stuck',
    };
    const response = await postJson(harness.base, '/api/support-requests/', request);
    expect(await response.json()).toEqual({ ok: true, status: 'received' });
    const page = await (await fetch(`${harness.base}/dev/support-requests`)).text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; my export is stuck');
    expect(page).not.toContain('<script>');
    expect(page).toContain('me@gmail.com');
    expect(page).toContain('not forwarded (no SUPPORT_WEBHOOK_URL)');
  });

  it('refuses any field past its length limit', async () => {
    const base = { email_address: 'me@example.com', destination_email: '', migration_id: '', issue: 'long enough' };
    const tooLong: [keyof typeof base, string][] = [
      ['email_address', `${'a'.repeat(243)}@example.com`],
      ['destination_email', `${'a'.repeat(243)}@example.com`],
      ['migration_id', 'A'.repeat(65)],
      ['issue', 'x'.repeat(4001)],
    ];
    for (const [field, value] of tooLong) {
      const response = await postJson(harness.base, '/api/support-requests/', { ...base, [field]: value });
      expect(response.status, field).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'INVALID_REQUEST', field });
    }
    expect((await postJson(harness.base, '/api/support-requests/', { ...base, issue: 'x'.repeat(4000) })).status).toBe(200);
  });

  it('refuses a short issue and an address without @', async () => {
    const base = { email_address: 'me@example.com', destination_email: '', migration_id: '', issue: 'long enough' };
    const short = await postJson(harness.base, '/api/support-requests/', { ...base, issue: 'help' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ field: 'issue' });
    const noAt = await postJson(harness.base, '/api/support-requests/', { ...base, email_address: 'me' });
    expect(await noAt.json()).toMatchObject({ message: 'Please enter a valid email address.', field: 'email_address' });
  });
});

describe('logs', () => {
  it('redact passwords, tokens and cookies wherever they appear', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('info', sink);
    logger.info(
      {
        password: 'hunter2',
        token_id: 'tok-1',
        body: { tokenId: 'tok-2', password: 'p2' },
        headers: { authorization: 'Bearer tok-3', cookie: 'XSRF-TOKEN=c' },
      },
      'x',
    );
    const line = lines.join('');
    for (const secret of ['hunter2', 'tok-1', 'tok-2', 'p2"', 'tok-3', 'XSRF-TOKEN=c']) expect(line).not.toContain(secret);
    expect(line).toContain('[redacted]');
  });

  it('keep the token of a download link out of the request log', () => {
    expect(loggablePath('/api/downloads/lY5lf4PVs8KS6PAiInp0rXHl7t0XI3V9vpvIaa5YLjQ')).toBe('/api/downloads/[redacted]');
    expect(loggablePath('/api/v2/status/')).toBe('/api/v2/status/');
  });
});
