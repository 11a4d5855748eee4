/**
 * Any standard OpenID Connect provider, with no code change: the service is pointed, by the issuer
 * variables alone, at a second oidc-provider configured independently of the embedded one — issuer at
 * its root, its own login and consent pages, ES256 ID tokens without the address (it comes from the
 * userinfo endpoint, as OIDC Core allows), a subject that is not the address, and private_key_jwt
 * client authentication.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type JWK } from 'oidc-provider';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailHash } from '../../../server/identity/email-hash.ts';
import { freePort } from '../../support/free-port.ts';
import { SECRET } from '../helpers/harness.ts';
import { SIGN_IN, spa, startIdentity, STATUS_SIGN_IN, type IdentityHarness } from './helpers.ts';

const ISP_CLIENT = 'export-portal-at-the-isp';

let h: IdentityHarness;
let issuer: string;
let userinfoCalls = 0;
/** The service's log: each refused answer names its check. */
const lines: string[] = [];
const server = createServer();

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const portalPort = await freePort();
  const portal = `http://127.0.0.1:${portalPort}`;
  const signing = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const client = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: ISP_CLIENT,
        redirect_uris: [`${portal}/api/oauth/callback`],
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [{ ...(client.publicKey.export({ format: 'jwk' }) as JWK), kid: 'portal-key', use: 'sig', alg: 'ES256' }] },
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [{ ...(signing.export({ format: 'jwk' }) as JWK), kid: 'isp-2026', use: 'sig', alg: 'ES256' }] },
    claims: { email: ['email', 'email_verified'] },
    async findAccount(_ctx, sub) {
      // The login 'unverified' has an address its provider has not verified.
      return { accountId: sub, claims: async () => ({ sub, email: `${sub}@isp.example`, email_verified: sub !== 'unverified' }) };
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if ((req.url ?? '').startsWith('/me')) userinfoCalls += 1;
    void handle(req, res);
  });
  h = await startIdentity({
    logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
    port: portalPort,
    env: {
      PUBLIC_URL: portal,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: ISP_CLIENT,
      OIDC_PRIVATE_KEY: client.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      OIDC_PRIVATE_KEY_ID: 'portal-key',
    },
  });
});

afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
});

/** Through the provider's own login page (any login, any password) and its consent page. */
async function signInAtTheIsp(start: string, login: string, browser = h.newBrowser()) {
  const loginPage = await browser.visit(`${h.base}${start}`);
  expect(loginPage.url.origin).toBe(issuer);
  expect(loginPage.html).toContain('name="login"');
  const consentPage = await browser.submit(loginPage, { login, password: 'anything' });
  return consentPage.status === 200 ? browser.submit(consentPage, {}) : consentPage;
}

describe('a standard OpenID Connect provider configured by the issuer variables alone', () => {
  it('signs in through it: the address from userinfo, the service’s own token to the browser', async () => {
    const { path, query } = spa(await signInAtTheIsp(SIGN_IN, 'pat'));
    expect(path).toBe('/oauth-callback');
    expect(query.get('email')).toBe('pat@isp.example');
    expect(await h.tokens.verify(query.get('token_id') ?? '')).toEqual({
      email: 'pat@isp.example',
      purpose: 'source',
      provider: 'northwave',
    });
    expect(userinfoCalls).toBe(1);
  });

  it('refuses an address its provider has not verified, and says so in the log', async () => {
    const { path, query } = spa(await signInAtTheIsp(SIGN_IN, 'unverified'));
    expect(path).toBe('/');
    expect(query.get('error')).toBe('EXTERNAL_OAUTH_ERROR');
    expect(lines.filter((line) => line.includes('answer refused')).at(-1)).toContain('address not verified by the provider');
  });

  it('signs in for the status lookup through it too', async () => {
    const { path, query } = spa(await signInAtTheIsp(STATUS_SIGN_IN, 'sam'));
    expect(path).toBe('/oauth-callback-for-status');
    expect(await h.tokens.listingOf(query.get('hash') ?? '')).toBe(emailHash('sam@isp.example', SECRET));
  });

  it('logout=true asks for a fresh login; without it the provider’s own session signs the person in again', async () => {
    const browser = h.newBrowser();
    expect(spa(await signInAtTheIsp('/api/oauth/?provider=northwave', 'lee', browser)).query.get('email')).toBe('lee@isp.example');
    // The provider remembers lee: no page, straight back with a new token.
    const again = spa(await browser.visit(`${h.base}/api/oauth/?provider=northwave`));
    expect(again.query.get('email')).toBe('lee@isp.example');
    // After "sign out" the portal asks for prompt=login: the provider shows its login page, and another person can sign in.
    const fresh = await browser.visit(`${h.base}${SIGN_IN}`);
    expect(fresh.url.origin).toBe(issuer);
    expect(fresh.html).toContain('name="login"');
    const other = await browser.submit(fresh, { login: 'kim', password: 'anything' });
    expect(spa(other.status === 200 ? await browser.submit(other, {}) : other).query.get('email')).toBe('kim@isp.example');
  });

  it('runs no embedded sign-in beside it (the development Google and Microsoft still stand in)', async () => {
    const dev = h.identity.developmentProvider ?? '';
    expect((await fetch(`${dev}/sso/.well-known/openid-configuration`)).status).toBe(404);
    expect((await fetch(`${dev}/google/.well-known/openid-configuration`)).status).toBe(200);
  });
});
