/**
 * The attacks on the sign-in and consent round trips, each over real HTTP against the embedded
 * development provider: answers bound to the browser (state and its cookie), to the request (nonce,
 * PKCE), to one use (a replayed code or answer), to their server (mix-up: each server its own
 * redirect URI, RFC 9207 `iss`), ID tokens the issuer did not sign as it should (through a proxy
 * that rewrites them), a denial, a missing scope, and redirects that never leave the portal.
 * Every refusal ends on the SPA's error page with no token issued, and the log says which check.
 */
import { generateKeyPairSync } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JWK } from 'oidc-provider';
import { startDevelopmentProvider, newSigningKey, type DevelopmentProvider } from '../../../server/development/identity-provider/server.ts';
import { scenarioDirectory } from '../../../server/development/scenarios.ts';
import { startTamperProxy, type TamperProxy } from '../../support/token-tamper-proxy.ts';
import { callbackOf, consent, GMAIL_BOTH, relative, SIGN_IN, signIn, spa, startIdentity, type IdentityHarness } from './helpers.ts';

const AUTH_ERROR = '/?error=EXTERNAL_OAUTH_ERROR&type=AUTH_ERROR#error';

/** A logger whose lines the test reads: which check refused an answer. */
function recordingLogger() {
  const lines: string[] = [];
  return { lines, logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) };
}

async function sourceTokens(h: IdentityHarness): Promise<number> {
  return (await h.db.selectFrom('identity_tokens').select('token_digest').execute()).length;
}

/** The callback URL presented with a Cookie header of the test's choosing; the relative SPA address the service answers. */
async function present(h: IdentityHarness, callback: URL, cookie: string): Promise<string> {
  const url = new URL(`${callback.pathname}${callback.search}`, h.base);
  const response = await fetch(url, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

const lastRefusal = (lines: string[]) => lines.filter((line) => line.includes('answer refused')).at(-1) ?? '';

describe('against the embedded provider', () => {
  let h: IdentityHarness;
  const log = recordingLogger();
  beforeAll(async () => {
    // evil.example passes the development host check (server/http/host-allow-list.ts), so the
    // sign-in's own check of a foreign Host is what answers it below.
    h = await startIdentity({ logger: log.logger, env: { DEV_ALLOWED_HOSTS: 'evil.example' } });
  });
  afterAll(() => h.close());

  it('the happy path signs in, and the token works for the session API', async () => {
    const token = spa(await signIn(h, 'active@example.com')).query.get('token_id') ?? '';
    const info = await fetch(`${h.base}/api/v2/comcastinfo/?token_id=${token}`);
    expect(info.status).not.toBe(401);
  });

  it('refuses another browser’s answer: no flow cookie, or the cookie of another flow (state mismatch)', async () => {
    const victim = h.newBrowser();
    const callback = await callbackOf(h, SIGN_IN, { email: 'active@example.com' }, victim);
    const before = await sourceTokens(h);
    expect(await present(h, callback, '')).toBe(AUTH_ERROR);
    expect(lastRefusal(log.lines)).toContain('no flow cookie');
    const attacker = h.newBrowser();
    await attacker.visit(`${h.base}${SIGN_IN}`);
    expect(await present(h, callback, attacker.cookieFor(callback))).toBe(AUTH_ERROR);
    expect(lastRefusal(log.lines)).toContain('state does not match the browser');
    expect(await sourceTokens(h)).toBe(before);
    // Neither spent the victim's flow: the victim's own browser still completes it.
    expect(spa(await victim.visit(callback)).path).toBe('/oauth-callback');
  });

  it('refuses a state edited in the answer, and an edited or expired flow cookie', async () => {
    const browser = h.newBrowser();
    const callback = await callbackOf(h, SIGN_IN, { email: 'active@example.com' }, browser);
    const cookie = browser.cookieFor(callback);
    const edited = new URL(callback);
    edited.searchParams.set('state', 'chosen-by-the-attacker');
    expect(await present(h, edited, cookie)).toBe(AUTH_ERROR);
    const flipped = cookie.replace(/identity_flow=v1\.(.)/, (_, first: string) => `identity_flow=v1.${first === 'A' ? 'B' : 'A'}`);
    expect(await present(h, callback, flipped)).toBe(AUTH_ERROR);
    expect(lastRefusal(log.lines)).toContain('flow cookie not ours, or expired');
    h.clock.now += 10 * 60 * 1000 + 1;
    try {
      expect(await present(h, callback, cookie)).toBe(AUTH_ERROR);
    } finally {
      h.clock.now -= 10 * 60 * 1000 + 1;
    }
  });

  it('a forged answer opened in the browser does not end the sign-in in progress there', async () => {
    const browser = h.newBrowser();
    const callback = await callbackOf(h, SIGN_IN, { email: 'active@example.com' }, browser);
    // A link the attacker made: the browser's own cookie goes with it.
    const forged = new URL(callback);
    forged.searchParams.set('state', 'chosen-by-the-attacker');
    forged.searchParams.set('code', 'made-up');
    expect(spa(await browser.visit(forged)).query.get('error')).toBe('EXTERNAL_OAUTH_ERROR');
    expect(lastRefusal(log.lines)).toContain('state does not match the browser');
    // The real answer still signs in.
    expect(spa(await browser.visit(callback)).path).toBe('/oauth-callback');
  });

  it('refuses an ID token whose nonce is not the one the flow sent (PKCE and state in order)', async () => {
    const browser = h.newBrowser();
    const started = await browser.visit(`${h.base}${SIGN_IN}`, { stopBefore: (url) => url.origin === h.identity.developmentProvider });
    const authorize = new URL(started.url);
    authorize.searchParams.set('nonce', 'a-nonce-the-portal-never-sent');
    const page = await browser.visit(authorize);
    const callback = (
      await browser.submit(page, { email: 'active@example.com' }, { stopBefore: (url) => url.pathname === '/api/oauth/callback' })
    ).url;
    expect(await present(h, callback, browser.cookieFor(callback))).toBe(AUTH_ERROR);
    expect(lastRefusal(log.lines)).toMatch(/nonce/);
  });

  it('refuses a replayed answer, and a code replayed into a new flow (the server spent it)', async () => {
    const browser = h.newBrowser();
    const callback = await callbackOf(h, SIGN_IN, { email: 'active@example.com' }, browser);
    const cookie = browser.cookieFor(callback);
    const answers = await Promise.all([1, 2, 3].map(() => present(h, callback, cookie)));
    expect(answers.filter((location) => location.includes('token_id='))).toHaveLength(1);
    expect(await present(h, callback, cookie)).toBe(AUTH_ERROR);
    expect(lastRefusal(log.lines)).toContain('flow already answered');

    const started = await browser.visit(`${h.base}${SIGN_IN}`, { stopBefore: (url) => url.origin === h.identity.developmentProvider });
    const replay = new URL(callback);
    replay.searchParams.set('state', new URL(started.url).searchParams.get('state') ?? '');
    expect(await present(h, replay, browser.cookieFor(callback))).toBe(AUTH_ERROR);
    expect(lastRefusal(log.lines)).toContain('invalid_grant');
  });

  it('an error=access_denied answer is the external authentication error, for sign-in and for consent', async () => {
    const browser = h.newBrowser();
    const started = await browser.visit(`${h.base}${SIGN_IN}`, { stopBefore: (url) => url.origin === h.identity.developmentProvider });
    const authorize = new URL(started.url);
    const denied = new URL(`${h.base}/api/oauth/callback`);
    denied.search = new URLSearchParams({
      error: 'access_denied',
      state: authorize.searchParams.get('state') ?? '',
      iss: `${h.identity.developmentProvider}/sso`,
    }).toString();
    expect(await present(h, denied, browser.cookieFor(denied))).toBe(AUTH_ERROR);
    expect(lastRefusal(log.lines)).toContain('access_denied');
    expect(relative(await consent(h, GMAIL_BOTH, { decision: 'deny' }, h.newBrowser()))).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
  });

  it('mix-up: a code from one server at another’s callback, or with another server’s iss, is refused', async () => {
    const browser = h.newBrowser();
    const fill = {
      email: 'casey@gmail.com',
      scope: ['https://mail.google.com/', 'https://www.googleapis.com/auth/contacts'],
      decision: 'allow',
    };
    const google = await callbackOf(h, GMAIL_BOTH, fill, browser);
    expect(google.pathname).toBe('/api/oauth/callback/google');
    expect(google.searchParams.get('iss')).toBe(`${h.identity.developmentProvider}/google`);
    const cookie = browser.cookieFor(google);
    for (const path of ['/api/oauth/callback/microsoft', '/api/oauth/callback']) {
      const moved = new URL(google);
      moved.pathname = path;
      const location = await present(h, moved, cookie);
      expect(location).not.toContain('token_id');
      expect(lastRefusal(log.lines)).toContain('answer for google at the');
    }
    // The right callback, but the answer says another server issued it (RFC 9207).
    const other = await callbackOf(h, GMAIL_BOTH, fill, browser);
    other.searchParams.set('iss', `${h.identity.developmentProvider}/microsoft`);
    expect(await present(h, other, browser.cookieFor(other))).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
    expect(lastRefusal(log.lines)).toMatch(/iss/);
  });

  it('a scope not granted is MISSING_SCOPE, whatever was asked for', async () => {
    expect(relative(await consent(h, GMAIL_BOTH, { untick: ['https://mail.google.com/'] }, h.newBrowser()))).toBe(
      '/oauth-callback?error=MISSING_SCOPE',
    );
  });

  describe('no redirect leaves the portal or its authorization servers', () => {
    const ours = (location: string) =>
      (location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\')) ||
      location.startsWith(`${h.identity.developmentProvider}/`);

    it.each([
      '/api/oauth/?provider=northwave&logout=true&redirect_uri=https://evil.example/cb&return_to=https://evil.example/&next=//evil.example/',
      '/api/oauth/?provider=//evil.example/&scopes=emailmigration',
      '/api/oauth/?provider=https://evil.example/',
      '/api/oauth-for-status/?provider=northwave&redirect=https://evil.example/',
      '/api/oauth/?provider=gmail&scopes=emailmigration&redirect_uri=https://evil.example/cb',
      '/api/oauth/callback?error=access_denied&error_uri=https://evil.example/&redirect_uri=https://evil.example/',
      '/api/oauth/callback/google?code=x&state=y&iss=https://evil.example/',
    ])('%s', async (path) => {
      const response = await fetch(`${h.base}${path}`, { redirect: 'manual' });
      const location = response.headers.get('location') ?? '';
      expect(ours(location), location).toBe(true);
      if (location.startsWith(h.identity.developmentProvider ?? '-')) {
        expect(new URL(location).searchParams.get('redirect_uri')).toMatch(new RegExp(`^${h.base}/api/oauth/callback`));
      }
    });

    it('a Host header of another site gives no redirect URI under it', async () => {
      const { request } = await import('node:http');
      const location = await new Promise<string>((resolve, reject) => {
        const url = new URL(`${h.base}${SIGN_IN}`);
        request(
          { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { Host: 'evil.example' } },
          (response) => {
            resolve(response.headers.location ?? '');
            response.resume();
          },
        )
          .on('error', reject)
          .end();
      });
      expect(location).toBe(AUTH_ERROR);
    });

    it('the provider sends nobody to a redirect URI the portal did not register', async () => {
      const browser = h.newBrowser();
      const started = await browser.visit(`${h.base}${SIGN_IN}`, { stopBefore: (url) => url.origin === h.identity.developmentProvider });
      const authorize = new URL(started.url);
      authorize.searchParams.set('redirect_uri', 'https://evil.example/api/oauth/callback');
      const page = await browser.visit(authorize, { stopBefore: (url) => url.hostname === 'evil.example' });
      expect(page.stopped).toBe(false);
      expect(page.status).toBe(400);
      expect(page.html).toContain('redirect_uri');
    });
  });
});

describe('ID tokens the issuer did not sign as it should', () => {
  let h: IdentityHarness;
  let proxy: TamperProxy;
  let provider: DevelopmentProvider;
  let signingKey: JWK;
  const log = recordingLogger();

  beforeAll(async () => {
    proxy = await startTamperProxy();
    signingKey = newSigningKey();
    provider = await startDevelopmentProvider({
      directory: scenarioDirectory,
      issuers: ['sso'],
      port: 0,
      portalOrigin: null,
      signingKey,
      publicOrigin: proxy.origin,
    });
    proxy.target(provider.port);
    const sso = provider.clients.sso;
    if (!sso || sso.auth.method === 'private_key_jwt') throw new Error('the provider made no secret client');
    h = await startIdentity({
      logger: log.logger,
      env: { OIDC_ISSUER: sso.issuer, OIDC_CLIENT_ID: sso.clientId, OIDC_CLIENT_SECRET: sso.auth.secret },
    });
  });
  afterAll(async () => {
    await h.close();
    await provider.close();
    await proxy.close();
  });

  const now = () => Math.floor(Date.now() / 1000);
  const { privateKey: rogue } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it('signs in when the proxy signs again with the issuer’s own key, changing nothing (the rewriting works)', async () => {
    proxy.tamper({ key: signingKey, change: (payload) => payload });
    expect(spa(await signIn(h, 'active@example.com', SIGN_IN, h.newBrowser())).path).toBe('/oauth-callback');
  });

  it.each([
    [
      'signed by a key the issuer does not publish',
      () => ({ key: { ...(rogue.export({ format: 'jwk' }) as JWK), kid: signingKey.kid }, change: (p: Record<string, unknown>) => p }),
      /signature/i,
    ],
    [
      'from another issuer',
      () => ({ key: signingKey, change: (p: Record<string, unknown>) => ({ ...p, iss: 'http://127.0.0.1:9/another-issuer' }) }),
      /iss/,
    ],
    ['for another client', () => ({ key: signingKey, change: (p: Record<string, unknown>) => ({ ...p, aud: 'another-client' }) }), /aud/],
    [
      'expired',
      () => ({ key: signingKey, change: (p: Record<string, unknown>) => ({ ...p, iat: now() - 7200, exp: now() - 3600 }) }),
      /exp/,
    ],
  ])('refuses an ID token %s', async (_, rule, reason) => {
    proxy.tamper(rule());
    const before = await sourceTokens(h);
    expect(relative(await signIn(h, 'active@example.com', SIGN_IN, h.newBrowser()))).toBe(AUTH_ERROR);
    expect(lastRefusal(log.lines)).toMatch(reason);
    expect(await sourceTokens(h)).toBe(before);
  });
});
