/**
 * Signing in through the provider's single sign-on, here the embedded development provider, over
 * real HTTP: the portal redirects to the issuer (code + PKCE S256, state, nonce, prompt=login), the
 * scenario-account page signs in, and the browser comes back with the service's own token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailHash } from '../../../server/identity/email-hash.ts';
import { scenarioDirectory } from '../../../server/development/scenarios.ts';
import { SECRET } from '../helpers/harness.ts';
import { relative, SIGN_IN, signIn, spa, startIdentity, STATUS_SIGN_IN, type IdentityHarness } from './helpers.ts';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

describe('the redirect to the single sign-on', () => {
  it('sends the browser to the issuer’s authorization endpoint with PKCE, state, nonce and prompt=login, the flow sealed in a cookie', async () => {
    const response = await fetch(`${h.base}${SIGN_IN}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const authorize = new URL(response.headers.get('location') ?? '');
    expect(authorize.origin).toBe(h.identity.developmentProvider);
    expect(authorize.pathname).toBe('/sso/auth');
    const query = authorize.searchParams;
    expect(query.get('response_type')).toBe('code');
    expect(query.get('client_id')).toBe('export-portal');
    expect(query.get('scope')).toBe('openid email');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.get('prompt')).toBe('login');
    expect(query.get('redirect_uri')).toBe(`${h.base}/api/oauth/callback`);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('identity_flow=')) ?? '';
    expect(cookie).toMatch(/^identity_flow=v1\.[^;]+; Path=\/api\/oauth\/; Max-Age=600; HttpOnly; SameSite=Lax$/);
    // Sealed: neither the state, nor the nonce, nor the PKCE verifier can be read from it.
    const sealed = cookie.split(';')[0] ?? '';
    for (const secret of [query.get('state') ?? '', query.get('nonce') ?? '']) expect(sealed).not.toContain(secret);
  });

  it('asks for no fresh login without logout=true, and gives every visit its own state', async () => {
    const first = new URL((await fetch(`${h.base}/api/oauth/?provider=northwave`, { redirect: 'manual' })).headers.get('location') ?? '');
    const second = new URL((await fetch(`${h.base}/api/oauth/?provider=northwave`, { redirect: 'manual' })).headers.get('location') ?? '');
    expect(first.searchParams.has('prompt')).toBe(false);
    expect(first.searchParams.get('state')).not.toBe(second.searchParams.get('state'));
  });

  it('answers PROVIDER_NOT_SUPPORTED for another or a missing provider, with no flow begun', async () => {
    for (const url of ['/api/oauth-for-status/?provider=gmail&logout=true', '/api/oauth-for-status/']) {
      const response = await fetch(`${h.base}${url}`, { redirect: 'manual' });
      expect(response.headers.get('location')).toBe('/oauth-callback-for-status?error=PROVIDER_NOT_SUPPORTED');
      expect(response.headers.get('set-cookie') ?? '').toMatch(/^identity_flow=; .*Max-Age=0/);
    }
  });
});

describe('the development sign-in page', () => {
  it('says it is the development sign-in and offers every scenario account, labelled with its address', async () => {
    const page = await h.browser.visit(`${h.base}${SIGN_IN}`);
    expect(page.status).toBe(200);
    expect(page.url.origin).toBe(h.identity.developmentProvider);
    expect(page.html).toContain('<p class="badge">Development sign-in</p>');
    expect(page.html).toContain('<h1>Northwave sign-in (development)</h1>');
    expect(page.html.match(/<h1>/g)).toHaveLength(1);
    for (const account of scenarioDirectory.scenarios()) expect(page.html).toContain(`>${account.email}</button>`);
    expect(page.html).toMatch(/<label for="other-email">Email address \(treated as an active account\)<\/label>/);
    expect(page.html).not.toMatch(/<script|style="/);
  });

  it("speaks the visit's language: the portal's ui_locales goes on to the provider, whose page is then in Spanish", async () => {
    const authorize = new URL((await fetch(`${h.base}${SIGN_IN}&ui_locales=es`, { redirect: 'manual' })).headers.get('location') ?? '');
    expect(authorize.searchParams.get('ui_locales')).toBe('es');
    // Only a language the portal speaks is passed on.
    const other = new URL((await fetch(`${h.base}${SIGN_IN}&ui_locales=fr`, { redirect: 'manual' })).headers.get('location') ?? '');
    expect(other.searchParams.has('ui_locales')).toBe(false);
    const page = await h.browser.visit(`${h.base}${SIGN_IN}&ui_locales=es`);
    expect(page.html).toContain('<html lang="es">');
    expect(page.html).toContain('<p class="badge">Inicio de sesión de desarrollo</p>');
    expect(page.html).toContain('<h1>Inicio de sesión de Northwave (desarrollo)</h1>');
    expect(page.html).toContain('<label for="other-email">Dirección de correo (se trata como una cuenta activa)</label>');
    const again = await h.browser.submit(page, { email: 'not an address' });
    expect(again.html).toContain('role="alert">Escriba una dirección de correo válida.</p>');
    expect(spa(await h.browser.submit(again, { email: 'active@example.com' })).path).toBe('/oauth-callback');
  });

  it('says its words in English without a language, or for one the portal does not speak', async () => {
    const page = await h.browser.visit(`${h.base}${SIGN_IN}`);
    expect(page.html).toContain('<html lang="en">');
  });

  it('signs a scenario account in: /oauth-callback with a source token and the address, the flow cookie cleared', async () => {
    const { path, query } = spa(await signIn(h, 'opted-out@example.com'));
    expect(path).toBe('/oauth-callback');
    expect([...query.keys()].sort()).toEqual(['email', 'token_id']);
    expect(query.get('email')).toBe('opted-out@example.com');
    expect(await h.tokens.verify(query.get('token_id') ?? '')).toEqual({
      email: 'opted-out@example.com',
      purpose: 'source',
      provider: 'northwave',
    });
    expect(h.browser.cookieFor(`${h.base}/api/oauth/callback`)).not.toContain('identity_flow');
  });

  it('signs in as any other address, lowercased', async () => {
    const page = await h.browser.visit(`${h.base}${SIGN_IN}`);
    const done = await h.browser.submit(page, { email: 'Jane.Doe@Example.org' });
    expect(spa(done).query.get('email')).toBe('jane.doe@example.org');
  });

  it('shows the page again for an invalid address, escaped, and the same flow then completes', async () => {
    const page = await h.browser.visit(`${h.base}${SIGN_IN}`);
    const hostile = '"><script>alert(1)</script>';
    const again = await h.browser.submit(page, { email: hostile });
    expect(again.status).toBe(400);
    expect(again.html).toContain('role="alert">Please enter a valid email address.</p>');
    expect(again.html).toContain('aria-invalid="true" aria-describedby="other-email-error"');
    expect(again.html).not.toContain('<script>');
    expect(again.html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(spa(await h.browser.submit(again, { email: 'active@example.com' })).path).toBe('/oauth-callback');
  });

  it('Cancel sign-in comes back as the home page’s external authentication error', async () => {
    const page = await h.browser.visit(`${h.base}${SIGN_IN}`);
    const done = await h.browser.submit(page, { decision: 'cancel' });
    expect(relative(done)).toBe('/?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR#error');
  });
});

describe('sign-in for the status lookup', () => {
  it('comes back to /oauth-callback-for-status with a status token, the address and a listing of its keyed hash', async () => {
    const { path, query } = spa(await signIn(h, 'active@example.com', STATUS_SIGN_IN));
    expect(path).toBe('/oauth-callback-for-status');
    expect(query.get('email')).toBe('active@example.com');
    expect(query.get('hash')).toMatch(/^[0-9a-f]{40}$/);
    expect(query.get('hash')).not.toBe(emailHash('active@example.com', SECRET));
    expect(await h.tokens.listingOf(query.get('hash') ?? '')).toBe(emailHash('active@example.com', SECRET));
    expect(await h.tokens.verify(query.get('token_id') ?? '')).toMatchObject({ purpose: 'status', email: 'active@example.com' });
  });
});
