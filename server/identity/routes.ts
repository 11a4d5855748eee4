/**
 * The identity routes of the export service (spec §2, §7 browser redirects), an OpenID Connect and
 * OAuth 2.0 client for every authorization server it uses:
 *   GET /api/oauth/?provider=northwave&logout=true                  sign-in (the provider's SSO)
 *   GET /api/oauth/?provider=<gmail|outlook|yahoo|aol>&scopes=<ops>&logout=true   destination consent
 *   GET /api/oauth-for-status/?provider=northwave&logout=true       sign-in for the status lookup
 *   GET /api/oauth/callback                                         the SSO's answer (its redirect URI)
 *   GET /api/oauth/callback/<google|microsoft|yahoo|aol>            each destination server's own
 * Each start redirects to the server's authorization endpoint (code + PKCE, `state`, `nonce`) with the
 * flow sealed in a cookie; each answer is checked against that cookie and redeemed, then the browser
 * goes back to /oauth-callback or /oauth-callback-for-status with the service's own token (never the
 * provider's), or with an error. `logout=true` asks the SSO for a fresh login (`prompt=login`).
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import * as v from 'valibot';
import {
  isLanguage,
  DestinationProviderSchema,
  OperationSchema,
  SOURCE_PROVIDER,
  type DestinationProvider,
  type OAuthError,
  type Operation,
} from '../../contract/index.ts';
import type { Vault } from '../crypto/vault.ts';
import type { UsedStates } from '../db/used-states-store.ts';
import { apiError } from '../http/errors.ts';
import type { GrantUse } from '../ports.ts';
import { LOOPBACK_HOSTS } from './config.ts';
import type { GrantKeeper } from './destination-grants.ts';
import { emailHash } from './email-hash.ts';
import { parseAddress } from './address.ts';
import { OAuthFailure, type OAuthClient, type Redeemed } from './oauth/client.ts';
import type { Destination } from './oauth/destination.ts';
import {
  consentScope,
  DESTINATION_SERVER_NAMES,
  scopesOf,
  USE_OF_OPERATION,
  type DestinationServerName,
} from './oauth/destination-servers.ts';
import { createFlowSeal, FLOW_COOKIE_NAME, FLOW_TTL_MS, flowCookieHeader, sameSecret, serverOf, type PendingFlow } from './pending-flow.ts';
import type { TokenStore } from './token-store.ts';

export const OAUTH_RETURN_PATH = '/api/oauth/callback';

type ServerName = 'sso' | DestinationServerName;

/** Each authorization server answers at its own redirect URI: an answer is bound to the server it came from. */
export const callbackPath = (server: ServerName): string => (server === 'sso' ? OAUTH_RETURN_PATH : `${OAUTH_RETURN_PATH}/${server}`);

/** The provider's single sign-on, as the routes use it. */
export type SignIn = {
  client: OAuthClient;
  /** The scope parameter (`openid email` unless configured). */
  scopes: string;
  /** The registered redirect URI when configured; else `<origin>/api/oauth/callback`. */
  redirectUri: string | null;
};

export type IdentityRoutesDependencies = {
  tokens: TokenStore;
  /** The service secret: keys the email hash. */
  hashSecret: string;
  /** Seals the flow cookie. */
  vault: Vault;
  /**
   * The portal's public origin (e.g. https://export.example.com): the redirect URIs are under it, and
   * the flow cookie is Secure when it is https. Without it (development) the redirect URIs are under
   * the origin the browser used, when that is this machine. Redirects to the SPA stay relative.
   */
  publicUrl?: string;
  /** The states already answered, kept in the database: single use across restarts and nodes. */
  usedStates: UsedStates;
  /** The sign-in; null when none is configured (the sign-in routes then answer 404). Never defaulted. */
  signIn: SignIn | null;
  /** The OAuth client of each destination offered; an absent one is PROVIDER_NOT_SUPPORTED. */
  destinations: Partial<Record<DestinationProvider, Destination>>;
  /** Where a consent's tokens are kept for the transfer engine. */
  grants: Pick<GrantKeeper, 'keep'>;
  logger: Logger;
  now?: () => number;
};

/** Where each kind of flow sends the browser with an error (spec §2 callbacks, §8 error catalogue). */
type Target = 'sign-in' | 'status' | 'consent';
const ERROR_PATHS: Record<Exclude<Target, 'sign-in'>, string> = {
  status: '/oauth-callback-for-status',
  consent: '/oauth-callback',
};

/** `scopes=emailmigration,contactsmigration` → the operations, or null when empty or unknown. */
function parseScopes(raw: string | undefined): Operation[] | null {
  const names = (raw ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0 || names.length > OperationSchema.options.length) return null;
  const scopes = [...new Set(names)];
  return scopes.every((name): name is Operation => v.is(OperationSchema, name)) ? scopes : null;
}

/** The grant uses of these operations, or null when one has none (forwarding). */
function usesOf(operations: readonly Operation[]): GrantUse[] | null {
  const uses = operations.map((operation) => USE_OF_OPERATION[operation]);
  return uses.every((use): use is GrantUse => use !== null) ? [...new Set(uses)] : null;
}

const targetOf = (flow: PendingFlow): Target => (flow.kind === 'consent' ? 'consent' : flow.purpose);
const random = () => randomBytes(32).toString('base64url');

/** The first address claim that reads as an address, lowercased; or null. */
function addressOf(claims: Record<string, unknown>, names: readonly string[]): string | null {
  for (const name of names) {
    const value = claims[name];
    if (typeof value === 'string') return parseAddress(value);
  }
  return null;
}

/** Where a sign-in or consent flow starts; both spellings: the browser asks with §7's trailing slash, a person may type it without. */
export const FLOW_STARTS = {
  oauth: ['/api/oauth', '/api/oauth/'],
  status: ['/api/oauth-for-status', '/api/oauth-for-status/'],
} as const;

export function createIdentityRoutes(deps: IdentityRoutesDependencies): Hono {
  const now = deps.now ?? Date.now;
  const { logger } = deps;
  const publicUrl = (deps.publicUrl ?? '').replace(/\/+$/, '');
  const flows = createFlowSeal(deps.vault, now);
  const app = new Hono();

  const secure = (c: Context) => publicUrl.startsWith('https:') || new URL(c.req.url).protocol === 'https:';

  /** The answer, with the flow cookie set (a sealed flow) or cleared (null) and nothing cached. */
  const send = (c: Context, location: string, flow: PendingFlow | null): Response => {
    c.header('Set-Cookie', flowCookieHeader(flow ? flows.seal(flow) : null, secure(c)), { append: true });
    c.header('Cache-Control', 'no-store');
    return c.redirect(location, 302);
  };

  /**
   * Back to the SPA on the origin the browser is on: relative, even with a public URL, because the
   * browser's session storage (the signed-in source) belongs to that origin.
   */
  const spa = (path: string, query: Record<string, string>, hash = '') => `${path}?${new URLSearchParams(query).toString()}${hash}`;

  /**
   * A failed sign-in lands on the home page's error modal (§2, §8) as an AUTH_ERROR; the `#error`
   * form of EXTERNAL_OAUTH_ERROR says "please, try to sign in again" and needs no user name, which
   * the service does not know when the flow failed. The other flows go through their callbacks.
   */
  const errorLocation = (target: Target, error: OAuthError) =>
    target === 'sign-in'
      ? spa('/', { error, type: 'AUTH_ERROR' }, error === 'EXTERNAL_OAUTH_ERROR' ? '#error' : '')
      : spa(ERROR_PATHS[target], { error });

  /**
   * The origin the redirect URIs are under: the public URL, or (development, without one) the origin
   * the browser used when it is this machine. null for any other Host: set PUBLIC_URL then.
   */
  const originOf = (c: Context): string | null => {
    if (publicUrl) return publicUrl;
    const url = new URL(c.req.url);
    return LOOPBACK_HOSTS.has(url.hostname) ? url.origin : null;
  };

  /** GET /api/oauth/ and /api/oauth-for-status/: the flow sealed in a cookie, then off to the authorization server. */
  const begin = async (c: Context, from: 'oauth' | 'status'): Promise<Response> => {
    const provider = c.req.query('provider');
    const started = now();
    const common = { state: random(), nonce: random(), codeVerifier: random(), expiresAt: started + FLOW_TTL_MS };
    const origin = originOf(c);
    let flow: PendingFlow;
    let client: OAuthClient;
    let scope: string;
    let params: Readonly<Record<string, string>>;
    if (from === 'status' || provider === SOURCE_PROVIDER) {
      if (!deps.signIn) return apiError(c, 404, 'NOT_FOUND', 'Sign-in is not available on this service.');
      const purpose = from === 'status' ? 'status' : 'sign-in';
      if (provider !== SOURCE_PROVIDER) return send(c, errorLocation(purpose, 'PROVIDER_NOT_SUPPORTED'), null);
      const redirectUri = deps.signIn.redirectUri ?? (origin && `${origin}${callbackPath('sso')}`);
      if (!redirectUri) return noOrigin(c, purpose);
      flow = { kind: 'sign-in', purpose, ...common, redirectUri };
      ({ client, scopes: scope } = deps.signIn);
      params = c.req.query('logout') === 'true' ? { prompt: 'login' } : {};
    } else {
      const parsed = v.safeParse(DestinationProviderSchema, provider);
      const destination = parsed.success ? deps.destinations[parsed.output] : undefined;
      if (!parsed.success || !destination) return send(c, errorLocation('consent', 'PROVIDER_NOT_SUPPORTED'), null);
      const operations = parseScopes(c.req.query('scopes'));
      const uses = operations && usesOf(operations);
      const { server } = destination;
      // Unknown operations, or one this server grants nothing for (contacts at Yahoo or AOL): no consent can cover them.
      if (!operations || !uses || uses.some((use) => !scopesOf(server, use)))
        return send(c, errorLocation('consent', 'EXTERNAL_OAUTH_ERROR'), null);
      if (!origin) return noOrigin(c, 'consent');
      flow = {
        kind: 'consent',
        provider: parsed.output,
        server: server.name,
        scopes: operations,
        ...common,
        redirectUri: `${origin}${callbackPath(server.name)}`,
      };
      ({ client } = destination);
      scope = consentScope(server, uses);
      params = server.params;
    }
    // The visit's language (the portal sends it as OpenID Connect's ui_locales), passed on so the
    // server's sign-in and consent pages may speak it; a server that cannot ignores it (OIDC Core §3.1.2.1).
    const language = c.req.query('ui_locales');
    if (isLanguage(language)) params = { ...params, ui_locales: language };
    try {
      const url = await client.authorizationUrl({
        redirectUri: flow.redirectUri,
        scope,
        state: flow.state,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
        params,
      });
      return send(c, url.href, flow);
    } catch (error) {
      // The server unreachable or misconfigured: the person sees the §8 message, not a 500.
      logger.error(
        { server: serverOf(flow), reason: error instanceof OAuthFailure ? error.reason : 'unexpected' },
        'identity: cannot start a flow',
      );
      return send(c, errorLocation(targetOf(flow), 'EXTERNAL_OAUTH_ERROR'), null);
    }
  };

  const noOrigin = (c: Context, target: Target) => {
    logger.warn({ host: new URL(c.req.url).host }, 'identity: no redirect URI for this host; set PUBLIC_URL');
    return send(c, errorLocation(target, 'EXTERNAL_OAUTH_ERROR'), null);
  };

  /** Every refused answer leaves a line naming its server and the check that refused it. */
  const logRefusal = (server: ServerName, reason: string) => logger.warn({ server, reason }, 'identity: answer refused');

  /** The tokens of a redeemed answer turned into the service's own, and the redirect back to the SPA. */
  const complete = async (flow: PendingFlow, redeemed: Redeemed): Promise<string> => {
    if (flow.kind === 'sign-in') {
      // Only an address the provider has not said is unverified.
      const email = addressOf(redeemed.claims, ['email']);
      const verified = redeemed.claims.email_verified !== false;
      if (!email || !verified) {
        logRefusal(serverOf(flow), verified ? 'no address in the answer' : 'address not verified by the provider');
        return errorLocation(flow.purpose, 'EXTERNAL_OAUTH_ERROR');
      }
      if (flow.purpose === 'status') {
        const token = await deps.tokens.issue({ email, purpose: 'status', provider: SOURCE_PROVIDER });
        // The hash for /status-from-email stands for the account's email hash only while a token lives.
        const hash = await deps.tokens.issueListing(emailHash(email, deps.hashSecret));
        return spa('/oauth-callback-for-status', { token_id: token, email, hash });
      }
      const token = await deps.tokens.issue({ email, purpose: 'source', provider: SOURCE_PROVIDER });
      return spa('/oauth-callback', { token_id: token, email });
    }
    const destination = deps.destinations[flow.provider];
    const uses = usesOf(flow.scopes);
    const email = destination && addressOf(redeemed.claims, destination.server.addressClaims);
    if (!destination || !uses || !email) {
      logRefusal(
        serverOf(flow),
        !destination ? 'destination no longer configured' : !uses ? 'consent for nothing' : 'no address in the answer',
      );
      return errorLocation('consent', 'EXTERNAL_OAUTH_ERROR');
    }
    const tokens = await destination.grantedTokens(redeemed, uses);
    if (tokens === 'missing') {
      logRefusal(serverOf(flow), 'a scope asked for was not granted');
      return errorLocation('consent', 'MISSING_SCOPE');
    }
    if (tokens.refreshToken === null)
      logger.warn({ server: flow.server }, 'identity: a consent without a refresh token; its export cannot outlive the access token');
    const token = await deps.tokens.issue({ email, purpose: 'destination', provider: flow.provider });
    await deps.grants.keep(token, { provider: flow.provider, email, tokens });
    return spa('/oauth-callback', { token_id: token, email });
  };

  /**
   * The server's client that redeems a flow's answer, the scope the flow asked for (a token response
   * without `scope` granted exactly that, RFC 6749 §5.1) and the claims that may hold the address;
   * null when that server is no longer configured.
   */
  const answererOf = (flow: PendingFlow): { client: OAuthClient; scope: string; addressClaims: readonly string[] } | null => {
    if (flow.kind === 'sign-in')
      return deps.signIn ? { client: deps.signIn.client, scope: deps.signIn.scopes, addressClaims: ['email'] } : null;
    const destination = deps.destinations[flow.provider];
    if (!destination) return null;
    const uses = usesOf(flow.scopes);
    return {
      client: destination.client,
      scope: uses ? consentScope(destination.server, uses) : '',
      addressClaims: destination.server.addressClaims,
    };
  };

  /** GET /api/oauth/callback[/<server>]: the answer checked against the browser's flow, redeemed once. */
  const finish = async (c: Context, server: ServerName): Promise<Response> => {
    const cookie = getCookie(c, FLOW_COOKIE_NAME);
    const flow = flows.open(cookie);
    const query = new URL(c.req.url).searchParams;
    if (!flow) {
      logRefusal(server, cookie ? 'flow cookie not ours, or expired' : 'no flow cookie (another browser, or cookies off)');
      return send(c, errorLocation(server === 'sso' ? 'sign-in' : 'consent', 'EXTERNAL_OAUTH_ERROR'), null);
    }
    const target = targetOf(flow);
    const refuse = (reason: string, error: OAuthError = 'EXTERNAL_OAUTH_ERROR') => {
      logRefusal(server, reason);
      return send(c, errorLocation(target, error), null);
    };
    // An answer this flow never asked for (a link anyone can make the browser open) leaves the flow
    // as it was, so the sign-in in progress still completes when its own answer arrives.
    const refuseForeign = (reason: string) => {
      logRefusal(server, reason);
      return send(c, errorLocation(target, 'EXTERNAL_OAUTH_ERROR'), flow);
    };
    // An answer at another server's redirect URI: a mix-up attempt, or a confused browser.
    if (serverOf(flow) !== server) return refuseForeign(`answer for ${serverOf(flow)} at the ${server} callback`);
    // Another browser's answer, or a forged one: spending this browser's flow on it would help nobody.
    const state = query.get('state');
    if (state === null || !sameSecret(state, flow.state)) return refuseForeign('state does not match the browser');
    // A flow completes once, whatever its outcome, across restarts and nodes; the first answer wins.
    if (!(await deps.usedStates.markUsed(flow.state, flow.expiresAt, now()))) return refuse('flow already answered');
    const answerer = answererOf(flow);
    if (!answerer) return refuse('server no longer configured', 'PROVIDER_NOT_SUPPORTED');

    // The answer's own parameters at the redirect URI the server was given, whatever Host this came in on.
    const callback = new URL(flow.redirectUri);
    callback.search = query.toString();
    let location: string;
    try {
      const { client, scope, addressClaims } = answerer;
      const redeemed = await client.redeem(
        callback,
        { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier, scope },
        addressClaims,
      );
      location = await complete(flow, redeemed);
    } catch (error) {
      if (!(error instanceof OAuthFailure)) throw error;
      return refuse(error.reason.slice(0, 300));
    }
    return send(c, location, null);
  };

  for (const path of FLOW_STARTS.oauth) app.get(path, (c) => begin(c, 'oauth'));
  for (const path of FLOW_STARTS.status) app.get(path, (c) => begin(c, 'status'));
  for (const server of ['sso', ...DESTINATION_SERVER_NAMES] as const) {
    app.get(callbackPath(server), (c) => finish(c, server));
    app.get(`${callbackPath(server)}/`, (c) => finish(c, server));
  }
  return app;
}
