/**
 * Yahoo Mail and AOL Mail consents over real HTTP against the embedded development "Yahoo" and
 * "AOL": their mail scope at their own redirect URIs, the development consent page, Allow keeping a
 * mail token for the transfer engine (refreshed when it runs out), Deny → EXTERNAL_OAUTH_ERROR, the
 * scope unticked → MISSING_SCOPE, contacts never asked for (no address book is open to us there),
 * and an answer of one at the other's callback refused (mix-up).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn as sessionOf } from '../helpers/harness.ts';
import { attachConsent, callbackOf, consent, relative, spa, startIdentity, type IdentityHarness } from './helpers.ts';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

const HOUR = 60 * 60 * 1000;
const mailAt = (provider: 'yahoo' | 'aol') => `/api/oauth/?provider=${provider}&scopes=emailmigration&logout=true`;

describe.each([
  { provider: 'yahoo' as const, name: 'Yahoo', address: 'casey@yahoo.com' },
  { provider: 'aol' as const, name: 'AOL', address: 'casey@aol.com' },
])('$name', ({ provider, name, address }) => {
  it('asks for the mail scope with PKCE at its own redirect URI', async () => {
    const response = await fetch(`${h.base}${mailAt(provider)}`, { redirect: 'manual' });
    const authorize = new URL(response.headers.get('location') ?? '');
    expect(authorize.origin).toBe(h.identity.developmentProvider);
    expect(authorize.pathname).toBe(`/${provider}/auth`);
    expect(authorize.searchParams.get('scope')).toBe('openid email offline_access mail-w');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${h.base}/api/oauth/callback/${provider}`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('asks for no contacts: a consent with them is EXTERNAL_OAUTH_ERROR before anything leaves', async () => {
    for (const scopes of ['contactsmigration', 'emailmigration,contactsmigration']) {
      const response = await fetch(`${h.base}/api/oauth/?provider=${provider}&scopes=${scopes}&logout=true`, { redirect: 'manual' });
      expect(response.headers.get('location')).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
    }
  });

  it('shows the development consent page with the mail scope as a ticked checkbox, Allow and Deny', async () => {
    const page = await h.browser.visit(`${h.base}${mailAt(provider)}`);
    expect(page.html).toContain('<p class="badge">Development sign-in</p>');
    expect(page.html).toContain(`<h1>Allow access to your ${name} account</h1>`);
    expect(page.html).toContain(
      '<label class="scope"><input type="checkbox" name="scope" value="mail-w" checked> <span>Read, compose and send your email</span></label>',
    );
    expect(page.html).toMatch(/value="deny" class="secondary" formnovalidate>Deny<\/button>/);
  });

  it('Allow → a destination token and the address; a mail token kept sealed for the export, refreshed when it runs out', async () => {
    const { path, query } = spa(await consent(h, mailAt(provider), { email: address.toUpperCase() }));
    expect(path).toBe('/oauth-callback');
    expect(query.get('email')).toBe(address);
    const tokenId = query.get('token_id') ?? '';
    expect(await h.tokens.verify(tokenId)).toEqual({ email: address, purpose: 'destination', provider });
    const exportId = await attachConsent(h, tokenId);
    const first = await h.identity.grants.forExport(exportId, 'mail');
    expect(first).toMatchObject({ kind: 'access', email: address });
    const rows = JSON.stringify(await h.db.selectFrom('destination_grants').selectAll().execute());
    if (first.kind === 'access') expect(rows).not.toContain(first.accessToken);
    h.clock.now += 2 * HOUR;
    const second = await h.identity.grants.forExport(exportId, 'mail');
    expect(second.kind === 'access' && first.kind === 'access' && second.accessToken !== first.accessToken).toBe(true);
    expect(await h.identity.grants.forExport(exportId, 'contacts')).toEqual({ kind: 'revoked' });
    await h.identity.grants.delete(exportId);
    expect(await h.identity.grants.forExport(exportId, 'mail')).toEqual({ kind: 'none' });
  });

  it('the mail scope unticked → MISSING_SCOPE, and nothing kept', async () => {
    const before = await h.db.selectFrom('destination_grants').select('grant_key').execute();
    expect(relative(await consent(h, mailAt(provider), { email: address, untick: ['mail-w'] }, h.newBrowser()))).toBe(
      '/oauth-callback?error=MISSING_SCOPE',
    );
    expect(await h.db.selectFrom('destination_grants').select('grant_key').execute()).toEqual(before);
  });

  it('Deny → access_denied → EXTERNAL_OAUTH_ERROR', async () => {
    expect(relative(await consent(h, mailAt(provider), { email: address, decision: 'deny' }, h.newBrowser()))).toBe(
      '/oauth-callback?error=EXTERNAL_OAUTH_ERROR',
    );
  });
});

describe('mix-up between Yahoo and AOL (one identity platform, a redirect URI each)', () => {
  it('refuses a Yahoo answer at AOL’s or Google’s callback, and an answer naming the other issuer', async () => {
    const browser = h.newBrowser();
    const fill = { email: 'casey@yahoo.com', scope: ['mail-w'], decision: 'allow' };
    const yahoo = await callbackOf(h, mailAt('yahoo'), fill, browser);
    expect(yahoo.pathname).toBe('/api/oauth/callback/yahoo');
    expect(yahoo.searchParams.get('iss')).toBe(`${h.identity.developmentProvider}/yahoo`);
    for (const path of ['/api/oauth/callback/aol', '/api/oauth/callback/google']) {
      const moved = new URL(`${path}${yahoo.search}`, h.base);
      const response = await fetch(moved, { redirect: 'manual', headers: { Cookie: browser.cookieFor(yahoo) } });
      expect(response.headers.get('location')).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
    }
    const other = await callbackOf(h, mailAt('yahoo'), fill, browser);
    other.searchParams.set('iss', `${h.identity.developmentProvider}/aol`);
    const response = await fetch(new URL(`${other.pathname}${other.search}`, h.base), {
      redirect: 'manual',
      headers: { Cookie: browser.cookieFor(other) },
    });
    expect(response.headers.get('location')).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
  });
});

describe('capabilities', () => {
  it.each([
    ['someone@yahoo.com', 'yahoo'],
    ['someone@aol.com', 'aol'],
  ])('%s: email only, by OAuth', async (email, provider) => {
    const session = await sessionOf(h, 'active@example.com');
    const response = await session.post('/api/capabilities/', { email });
    expect(await response.json()).toEqual({ allowed_operations: ['emailmigration'], auth: 'oauth', provider });
  });
});
