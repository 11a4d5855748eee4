/**
 * The ports in use: a provider that redirects to an authorization endpoint and answers on
 * GET /api/oauth/callback (as a real OpenID Connect or OAuth client does) plugs in unchanged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsentProvider, IdentityProvider } from '../../../server/identity/providers.ts';
import { harness, location, type Harness } from './helpers.ts';

const authorizeRedirect = (state: string, returnUrl: string) =>
  new Response(null, {
    status: 302,
    headers: { Location: `https://sso.test/authorize?${new URLSearchParams({ state, redirect_uri: returnUrl })}` },
  });

/** Stands in for an OIDC client: the code "alice" signs in alice@example.com. */
const oidc: IdentityProvider = {
  async start(flow) {
    return authorizeRedirect(flow.state, flow.returnUrl);
  },
  async complete(request) {
    const query = new URL(request.url).searchParams;
    const state = query.get('state');
    const code = query.get('code');
    if (query.get('error') || !code) return { kind: 'refused', state, error: 'EXTERNAL_OAUTH_ERROR' };
    return { kind: 'signed-in', state, email: `${code}@example.com` };
  },
};

/** Stands in for Google: grants the scopes listed in the query. */
const google: ConsentProvider = {
  displayName: 'Google',
  async start(flow) {
    return authorizeRedirect(flow.state, flow.returnUrl);
  },
  async complete(request) {
    const query = new URL(request.url).searchParams;
    const granted = (query.get('scope') ?? '').split(' ').filter((s) => s === 'emailmigration' || s === 'contactsmigration');
    return { kind: 'granted', state: query.get('state'), email: query.get('email') ?? '', scopes: granted };
  },
};

async function begin(h: Harness, url: string) {
  const response = await h.app.request(url);
  const authorize = new URL(response.headers.get('location') ?? '');
  return {
    response,
    state: authorize.searchParams.get('state') ?? '',
    redirectUri: authorize.searchParams.get('redirect_uri') ?? '',
    cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
  };
}

describe('identity ports', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('a redirecting identity provider signs in through GET /api/oauth/callback', async () => {
    h = await harness({ identityProvider: oidc });
    const { response, state, redirectUri, cookie } = await begin(h, '/api/oauth/?provider=northwave&logout=true');
    expect(response.status).toBe(302);
    expect(redirectUri).toBe('/api/oauth/callback');
    const answer = await h.app.request(`/api/oauth/callback?code=alice&state=${state}`, { headers: { Cookie: cookie } });
    const { path, query } = location(answer);
    expect(path).toBe('/oauth-callback');
    expect(query.get('email')).toBe('alice@example.com');
    expect((await h.tokens.verify(query.get('token_id') ?? ''))?.purpose).toBe('source');
  });

  it('a provider-side error reaches the browser as EXTERNAL_OAUTH_ERROR', async () => {
    h = await harness({ identityProvider: oidc });
    const { state, cookie } = await begin(h, '/api/oauth/?provider=northwave&logout=true');
    const answer = await h.app.request(`/api/oauth/callback?error=access_denied&state=${state}`, { headers: { Cookie: cookie } });
    expect(answer.headers.get('location')).toBe('/?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR#error');
  });

  it('an address from a provider is validated before it is put in a token or a URL', async () => {
    h = await harness({ identityProvider: oidc });
    const { state, cookie } = await begin(h, '/api/oauth/?provider=northwave&logout=true');
    const answer = await h.app.request(`/api/oauth/callback?code=${encodeURIComponent('a b<')}&state=${state}`, {
      headers: { Cookie: cookie },
    });
    expect(answer.headers.get('location')).toBe('/?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR#error');
  });

  it('a consent provider granting fewer scopes than requested ends in MISSING_SCOPE', async () => {
    h = await harness({ consentProviders: { gmail: google } });
    const { state, cookie } = await begin(h, '/api/oauth/?provider=gmail&scopes=emailmigration,contactsmigration&logout=true');
    const partial = await h.app.request(`/api/oauth/callback?scope=emailmigration&email=you%40gmail.com&state=${state}`, {
      headers: { Cookie: cookie },
    });
    expect(partial.headers.get('location')).toBe('/oauth-callback?error=MISSING_SCOPE');
  });

  it('a consent provider granting every scope gives a destination token', async () => {
    h = await harness({ consentProviders: { gmail: google } });
    const { state, cookie } = await begin(h, '/api/oauth/?provider=gmail&scopes=emailmigration,contactsmigration&logout=true');
    const full = await h.app.request(
      `/api/oauth/callback?scope=emailmigration%20contactsmigration&email=you%40gmail.com&state=${state}`,
      { headers: { Cookie: cookie } },
    );
    const { query } = location(full);
    expect(await h.tokens.verify(query.get('token_id') ?? '')).toEqual({ email: 'you@gmail.com', purpose: 'destination', provider: 'gmail' });
  });

  it('a real provider is given the absolute return URL under the public URL', async () => {
    h = await harness({ identityProvider: oidc, publicUrl: 'https://export.example.com' });
    const { redirectUri } = await begin(h, '/api/oauth/?provider=northwave&logout=true');
    expect(redirectUri).toBe('https://export.example.com/api/oauth/callback');
  });

  it('only the configured consent providers are supported', async () => {
    h = await harness({ consentProviders: { gmail: google } });
    const response = await h.app.request('/api/oauth/?provider=outlook&scopes=emailmigration&logout=true');
    expect(response.headers.get('location')).toBe('/oauth-callback?error=PROVIDER_NOT_SUPPORTED');
  });

  it('a provider that throws gives the error redirect, never a 500', async () => {
    const broken: IdentityProvider = {
      start: () => Promise.reject(new Error('discovery document unreachable')),
      complete: () => Promise.reject(new Error('token endpoint unreachable')),
    };
    h = await harness({ identityProvider: broken });
    const started = await h.app.request('/api/oauth-for-status/?provider=northwave&logout=true');
    expect(started.headers.get('location')).toBe('/oauth-callback-for-status?error=EXTERNAL_OAUTH_ERROR');

    await h.close();
    h = await harness({ identityProvider: { ...oidc, complete: broken.complete } });
    const { state, cookie } = await begin(h, '/api/oauth/?provider=northwave&logout=true');
    const answer = await h.app.request(`/api/oauth/callback?code=alice&state=${state}`, { headers: { Cookie: cookie } });
    expect(answer.headers.get('location')).toBe('/?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR#error');
  });
});
