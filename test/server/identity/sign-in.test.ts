import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { emailHash } from '../../../server/identity/email-hash.ts';
import { scenarioDirectory } from '../../../server/identity/scenarios.ts';
import { harness, location, post, SECRET, start, type Harness } from './helpers.ts';
import { createUsedStatesStore } from '../../../server/db/used-states-store.ts';
import { createDevIdentityProvider } from '../../../server/identity/dev-identity-provider.ts';
import { createIdentityRoutes } from '../../../server/identity/routes.ts';

describe('development sign-in (GET /api/oauth/?provider=northwave)', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('shows an accessible page: lang, one h1, a button per scenario account labelled with its address', async () => {
    h = await harness();
    const { response, html, cookie, state } = await start(h, '/api/oauth/?provider=northwave&logout=true');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(html).toMatch(/<html lang="en">/);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<h1>Northwave sign-in (development)</h1>');
    for (const account of scenarioDirectory.scenarios()) {
      expect(html).toContain(`value="${account.email}" aria-describedby="scenario-`);
      expect(html).toContain(`>${account.email}</button>`);
    }
    expect(html).toMatch(/<label for="other-email">[^<]+<\/label>/);
    expect(html).toContain('id="other-email" type="email"');
    expect(html).not.toMatch(/<script|style="/);
    expect(html).toContain('<link rel="stylesheet" href="/api/oauth/identity.css">');
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(cookie).toMatch(/^identity_flow=.+/);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/api\/oauth\//);
  });

  it('gives a fresh state to each visit', async () => {
    h = await harness();
    const first = await start(h, '/api/oauth/?provider=northwave&logout=true');
    const second = await start(h, '/api/oauth/?provider=northwave&logout=true');
    expect(first.state).not.toBe(second.state);
  });

  it('redirects a scenario account to /oauth-callback with a source token and its address', async () => {
    h = await harness();
    const { cookie, state } = await start(h, '/api/oauth/?provider=northwave&logout=true');
    const response = await post(h, { state, flow: 'sign-in', email: 'opted-out@example.com' }, cookie);
    expect(response.status).toBe(302);
    const { path, query } = location(response);
    expect(path).toBe('/oauth-callback');
    expect([...query.keys()].sort()).toEqual(['email', 'token_id']);
    expect(query.get('email')).toBe('opted-out@example.com');
    expect(await h.tokens.verify(query.get('token_id') ?? '')).toEqual({
      email: 'opted-out@example.com',
      purpose: 'source',
      provider: 'northwave',
    });
    expect(response.headers.get('set-cookie')).toMatch(/^identity_flow=; .*Max-Age=0/);
  });

  it('signs in as any other address, trimmed and lowercased', async () => {
    h = await harness();
    const { cookie, state } = await start(h, '/api/oauth?provider=northwave&logout=true');
    const response = await post(h, { state, flow: 'sign-in', email: '  Jane.Doe@Example.org ' }, cookie);
    expect(location(response).query.get('email')).toBe('jane.doe@example.org');
  });

  it('shows the page again with an error for an invalid address, and the same flow still completes', async () => {
    h = await harness();
    const { cookie, state } = await start(h, '/api/oauth/?provider=northwave&logout=true');
    const bad = await post(h, { state, flow: 'sign-in', email: 'not-an-address' }, cookie);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('role="alert">Please enter a valid email address.</p>');
    expect(html).toContain('aria-invalid="true" aria-describedby="other-email-error"');
    expect(html).toContain('value="not-an-address"');
    const good = await post(h, { state, flow: 'sign-in', email: 'active@example.com' }, cookie);
    expect(location(good).path).toBe('/oauth-callback');
  });

  it('escapes a hostile address instead of rendering it as markup', async () => {
    h = await harness();
    const { cookie, state } = await start(h, '/api/oauth/?provider=northwave&logout=true');
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>@example.com';
    const response = await post(h, { state, flow: 'sign-in', email: hostile }, cookie);
    const html = await response.text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;@example.com"');
  });

  describe('the state bound to the browser', () => {
    it('refuses a form whose state differs from the cookie', async () => {
      h = await harness();
      const { cookie } = await start(h, '/api/oauth/?provider=northwave&logout=true');
      const response = await post(h, { state: 'forged', flow: 'sign-in', email: 'active@example.com' }, cookie);
      expect(response.headers.get('location')).toBe('/?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR#error');
    });

    it('refuses a form posted without the cookie (another browser)', async () => {
      h = await harness();
      const { state } = await start(h, '/api/oauth/?provider=northwave&logout=true');
      const response = await post(h, { state, flow: 'sign-in', email: 'active@example.com' });
      expect(response.headers.get('location')).toBe('/?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR#error');
    });

    it('refuses a cookie that was edited to carry a state of the attacker’s choosing', async () => {
      h = await harness();
      const { cookie } = await start(h, '/api/oauth/?provider=northwave&logout=true');
      const [name, value = ''] = cookie.split('=');
      const [payload = '', signature = ''] = value.split('.');
      const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...flow, state: 'chosen' })).toString('base64url');
      const response = await post(h, { state: 'chosen', flow: 'sign-in', email: 'active@example.com' }, `${name}=${forged}.${signature}`);
      expect(response.headers.get('location')).toBe('/?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR#error');
    });

    it('refuses a flow older than ten minutes', async () => {
      h = await harness();
      const { cookie, state } = await start(h, '/api/oauth/?provider=northwave&logout=true');
      h.clock.now += 10 * 60 * 1000 + 1;
      const response = await post(h, { state, flow: 'sign-in', email: 'active@example.com' }, cookie);
      expect(response.headers.get('location')).toBe('/?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR#error');
    });

    it('completes a flow once: replaying the same cookie and form gets no second token', async () => {
      h = await harness();
      const { cookie, state } = await start(h, '/api/oauth/?provider=northwave&logout=true');
      const first = await post(h, { state, flow: 'sign-in', email: 'active@example.com' }, cookie);
      expect(location(first).query.get('token_id')).toBeTruthy();
      const replay = await post(h, { state, flow: 'sign-in', email: 'active@example.com' }, cookie);
      expect(replay.headers.get('location')).toBe('/?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR#error');
    });

    it('still refuses the replay after a restart, and gives one token to two answers racing', async () => {
      h = await harness();
      const { cookie, state } = await start(h, '/api/oauth/?provider=northwave&logout=true');
      const racing = await Promise.all([1, 2, 3].map(() => post(h, { state, flow: 'sign-in', email: 'active@example.com' }, cookie)));
      expect(racing.filter((response) => location(response).query.get('token_id'))).toHaveLength(1);
      // A new process over the same database: the used states are there, not in the old one's memory.
      const restarted = createIdentityRoutes({
        tokens: h.tokens,
        hashSecret: SECRET,
        usedStates: createUsedStatesStore(h.db),
        identityProvider: createDevIdentityProvider(scenarioDirectory),
        consentProviders: {},
        now: () => h.clock.now,
      });
      const replay = await restarted.request('/api/oauth/callback', {
        method: 'POST',
        body: new URLSearchParams({ state, flow: 'sign-in', email: 'active@example.com' }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      });
      expect(replay.headers.get('location')).toBe('/?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR#error');
    });

    it('refuses a body that is not a form, without crashing', async () => {
      h = await harness();
      const { cookie } = await start(h, '/api/oauth/?provider=northwave&logout=true');
      const response = await h.app.request('/api/oauth/callback', {
        method: 'POST',
        body: '{"email":',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
      });
      expect(response.headers.get('location')).toBe('/?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR#error');
    });
  });
});

describe('sign-in for the status lookup (GET /api/oauth-for-status/)', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('redirects to /oauth-callback-for-status with a status token, the address and its keyed hash', async () => {
    h = await harness();
    const { html, cookie, state } = await start(h, '/api/oauth-for-status/?provider=northwave&logout=true');
    expect(html).toContain('list the exports');
    const response = await post(h, { state, flow: 'status', email: 'active@example.com' }, cookie);
    const { path, query } = location(response);
    expect(path).toBe('/oauth-callback-for-status');
    expect(query.get('email')).toBe('active@example.com');
    expect(query.get('hash')).toBe(emailHash('active@example.com', SECRET));
    expect(query.get('hash')).toMatch(/^[0-9a-f]{40}$/);
    expect(await h.tokens.verify(query.get('token_id') ?? '')).toMatchObject({ purpose: 'status', email: 'active@example.com' });
  });

  it('sends a state mismatch back to the status callback with the error', async () => {
    h = await harness();
    const { cookie } = await start(h, '/api/oauth-for-status/?provider=northwave&logout=true');
    const response = await post(h, { state: 'x', flow: 'status', email: 'active@example.com' }, cookie);
    expect(response.headers.get('location')).toBe('/oauth-callback-for-status?error=EXTERNAL_OAUTH_ERROR');
  });

  it('answers PROVIDER_NOT_SUPPORTED for another or a missing provider', async () => {
    h = await harness();
    for (const url of ['/api/oauth-for-status/?provider=gmail&logout=true', '/api/oauth-for-status/']) {
      const response = await h.app.request(url);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/oauth-callback-for-status?error=PROVIDER_NOT_SUPPORTED');
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });
});

describe('identity routes, around the flows', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('serves the pages’ stylesheet as CSS', async () => {
    h = await harness();
    const response = await h.app.request('/api/oauth/identity.css');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await response.text()).toContain(':focus-visible');
  });

  it('with an https public URL: Secure cookie, same-origin form and relative redirects to the SPA', async () => {
    h = await harness({ publicUrl: 'https://export.example.com/' });
    const { response, cookie, state, html } = await start(h, '/api/oauth/?provider=northwave&logout=true');
    expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
    expect(html).toContain('action="/api/oauth/callback"');
    const done = await post(h, { state, flow: 'sign-in', email: 'active@example.com' }, cookie);
    expect(done.headers.get('location')).toMatch(/^\/oauth-callback\?token_id=/);
  });

  it('answers a callback that arrives with no flow at all with the error, not a crash', async () => {
    h = await harness();
    const response = await h.app.request('/api/oauth/callback?code=abc&state=def');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
  });

  it('mounted in the service, keeps the cookies and headers its middleware prepares (XSRF)', async () => {
    h = await harness();
    const service = new Hono();
    service.use('*', async (c, next) => {
      setCookie(c, 'XSRF-TOKEN', 'issued-by-the-service');
      await next();
      c.header('Referrer-Policy', 'no-referrer');
    });
    service.route('/', h.app);
    const page = await service.request('/api/oauth/?provider=northwave&logout=true');
    const cookies = page.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith('XSRF-TOKEN=issued-by-the-service'))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith('identity_flow='))).toBe(true);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    const state = /name="state" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const flowCookie = cookies.find((cookie) => cookie.startsWith('identity_flow='))?.split(';')[0] ?? '';
    const done = await service.request('/api/oauth/callback', {
      method: 'POST',
      body: new URLSearchParams({ state, flow: 'sign-in', email: 'active@example.com' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: flowCookie },
    });
    expect(location(done).path).toBe('/oauth-callback');
    expect(done.headers.getSetCookie().some((cookie) => cookie.startsWith('XSRF-TOKEN='))).toBe(true);
  });
});
