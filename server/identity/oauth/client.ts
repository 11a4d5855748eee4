/**
 * One OpenID Connect / OAuth 2.0 client (openid-client v6) for one authorization server: the
 * provider's single sign-on, Google, Microsoft, or the embedded development provider; the same code
 * for all of them. The server's endpoints come from discovery of its issuer (fetched on first use and
 * kept; a failed fetch is tried again next time). Authorization code with PKCE (S256), `state` and
 * `nonce`; the ID token is validated (signature against the published keys, issuer, audience,
 * expiry, nonce) and the `iss` of the authorization response (RFC 9207) checked where the server
 * sends it. Nothing here logs, and no error it throws carries a code or token.
 */
import { createPrivateKey, webcrypto } from 'node:crypto';
import * as oidc from 'openid-client';
import type { ClientAuth, ClientSettings } from '../config.ts';

/** Why a round trip or a refresh failed, in words safe to log. */
export class OAuthFailure extends Error {
  constructor(
    /** `denied`: the person or the server said no (access_denied, invalid_grant, a refused ID token); `unreachable`: try later. */
    readonly kind: 'denied' | 'unreachable',
    readonly reason: string,
  ) {
    super(`${kind}: ${reason}`);
    this.name = 'OAuthFailure';
  }
}

export type AuthorizationRequest = {
  redirectUri: string;
  scope: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Further parameters the server understands (prompt, access_type, …). */
  params?: Readonly<Record<string, string>>;
};

export type Tokens = {
  accessToken: string;
  refreshToken: string | null;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  /** The scopes this access token carries: the token response's `scope`, or those asked for when it has none (null: unknown). */
  scopes: string[] | null;
};

export type Redeemed = Tokens & {
  /** The ID token's claims, with the userinfo answer's added when the ID token carries no address. */
  claims: Record<string, unknown>;
};

export type OAuthClient = {
  readonly issuer: string;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** The authorization response that reached `callback`, redeemed and validated. Throws OAuthFailure. */
  redeem(
    callback: URL,
    checks: { state: string; nonce: string; codeVerifier: string; scope: string },
    addressClaims: readonly string[],
  ): Promise<Redeemed>;
  /** A new access token from a refresh token, for `scope` when given (RFC 6749 §6). Throws OAuthFailure. */
  refresh(refreshToken: string, scope?: string): Promise<Tokens>;
  /** Fetches the server's metadata now, so a misconfiguration shows at start; never throws. */
  warmUp(): Promise<string | null>;
};

/** A token response without `expires_in` is taken to live an hour (RFC 6749 recommends the field; it may be absent). */
const DEFAULT_LIFETIME_S = 3600;
/** Each request to the authorization server gives up after this long. */
const TIMEOUT_S = 10;

async function clientAuthentication(auth: ClientAuth): Promise<oidc.ClientAuth> {
  if (auth.method !== 'private_key_jwt')
    return auth.method === 'client_secret_basic' ? oidc.ClientSecretBasic(auth.secret) : oidc.ClientSecretPost(auth.secret);
  const key = createPrivateKey(auth.privateKey);
  const algorithm =
    key.asymmetricKeyType === 'ec' ? { name: 'ECDSA', namedCurve: 'P-256' } : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  const der = key.export({ format: 'der', type: 'pkcs8' });
  const cryptoKey = await webcrypto.subtle.importKey('pkcs8', der, algorithm, false, ['sign']);
  return oidc.PrivateKeyJwt(auth.keyId ? { key: cryptoKey, kid: auth.keyId } : cryptoKey);
}

/** A failure of openid-client (or the network under it) in words: the server's error code, or the check that failed. */
function failureOf(error: unknown): OAuthFailure {
  if (error instanceof OAuthFailure) return error;
  if (error instanceof oidc.AuthorizationResponseError) return new OAuthFailure('denied', `authorization response: ${error.error}`);
  if (error instanceof oidc.ResponseBodyError) {
    return new OAuthFailure(error.status >= 500 ? 'unreachable' : 'denied', `token endpoint: ${error.error}`);
  }
  if (error instanceof oidc.ClientError) {
    // The server answered, and the answer failed a check (ID token signature, issuer, audience, expiry,
    // nonce, state, iss). The underlying message names the check; it never holds a value.
    const detail = error.cause instanceof Error ? error.cause.message : error.message;
    return new OAuthFailure('denied', `${error.code ?? 'client error'}: ${detail}`);
  }
  const name = error instanceof Error ? error.name : 'error';
  return new OAuthFailure('unreachable', name === 'TimeoutError' || name === 'AbortError' ? 'timed out' : `request failed (${name})`);
}

function scopesOf(response: oidc.TokenEndpointResponse, asked: string | null): string[] | null {
  const scope = typeof response.scope === 'string' ? response.scope : asked;
  return scope === null ? null : scope.split(' ').filter(Boolean);
}

function tokensOf(response: oidc.TokenEndpointResponse, asked: string | null, now: number): Tokens {
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token ?? null,
    expiresAt: now + (response.expires_in ?? DEFAULT_LIFETIME_S) * 1000,
    scopes: scopesOf(response, asked),
  };
}

export function createOAuthClient(settings: ClientSettings, options: { now?: () => number } = {}): OAuthClient {
  const now = options.now ?? Date.now;
  const issuerUrl = new URL(settings.issuer);
  // Plain http only for a server on this machine (server/identity/config.ts accepts nothing else).
  const insecure = issuerUrl.protocol === 'http:';
  let configuration: Promise<oidc.Configuration> | null = null;

  const discovered = (): Promise<oidc.Configuration> => {
    configuration ??= clientAuthentication(settings.auth)
      .then((auth) =>
        oidc.discovery(issuerUrl, settings.clientId, undefined, auth, {
          timeout: TIMEOUT_S,
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        }),
      )
      .then((config) => {
        config.timeout = TIMEOUT_S;
        // The ID token's signature is checked against the issuer's published keys too, not only the
        // TLS connection it came over (which OIDC Core 3.1.3.7 would allow): a key the issuer does not
        // publish signs nothing we accept.
        oidc.enableNonRepudiationChecks(config);
        return config;
      })
      .catch((error: unknown) => {
        configuration = null; // tried again on the next use
        throw failureOf(error);
      });
    return configuration;
  };

  return {
    issuer: settings.issuer,

    async authorizationUrl(request) {
      const config = await discovered();
      return oidc.buildAuthorizationUrl(config, {
        ...request.params,
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: request.scope,
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async redeem(callback, checks, addressClaims) {
      const config = await discovered();
      try {
        const response = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const idToken = response.claims();
        if (!idToken) throw new OAuthFailure('denied', 'no ID token');
        let claims: Record<string, unknown> = { ...idToken };
        const hasAddress = addressClaims.some((name) => typeof claims[name] === 'string');
        // A conforming provider may put the address in the userinfo answer only (OIDC Core 5.4).
        if (!hasAddress && config.serverMetadata().userinfo_endpoint) {
          claims = { ...(await oidc.fetchUserInfo(config, response.access_token, idToken.sub)), ...claims };
        }
        return { ...tokensOf(response, checks.scope, now()), claims };
      } catch (error) {
        throw failureOf(error);
      }
    },

    async refresh(refreshToken, scope) {
      const config = await discovered();
      try {
        const response = await oidc.refreshTokenGrant(config, refreshToken, scope ? { scope } : {});
        return tokensOf(response, scope ?? null, now());
      } catch (error) {
        throw failureOf(error);
      }
    },

    async warmUp() {
      try {
        await discovered();
        return null;
      } catch (error) {
        return failureOf(error).reason;
      }
    },
  };
}
