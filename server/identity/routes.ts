/**
 * The identity routes of the export service (spec §2, §7 browser redirects):
 *   GET  /api/oauth/?provider=northwave&logout=true              sign-in (source account)
 *   GET  /api/oauth/?provider=<destination>&scopes=<ops>&logout=true   destination consent
 *   GET  /api/oauth-for-status/?provider=northwave&logout=true   sign-in for the status lookup
 *   GET|POST /api/oauth/callback                                  the answer (dev forms post here;
 *                                                                 a real provider redirects here)
 *   GET  /api/oauth/identity.css                                  the pages' stylesheet
 * and the redirects back to /oauth-callback, /oauth-callback-for-status or / with a token or an error.
 * `logout=true` asks the provider for a fresh sign-in; the development pages always are one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { DestinationProviderSchema, OperationSchema, SOURCE_PROVIDER, type Operation } from '../../contract/index.ts';
import { apiError } from '../http/errors.ts';
import { emailHash } from './email-hash.ts';
import { field, parseAddress, readForm } from './form.ts';
import { STYLESHEET_PATH } from './html.ts';
import { createFlowSeal, FLOW_COOKIE_NAME, FLOW_TTL_MS, flowCookieHeader, sameSecret, type PendingFlow } from './pending-flow.ts';
import type { ConsentAnswer, ConsentProviders, IdentityProvider, OAuthError, SignInAnswer } from './providers.ts';
import type { TokenStore } from './token-store.ts';
import type { UsedStates } from '../db/used-states-store.ts';

export const OAUTH_RETURN_PATH = '/api/oauth/callback';

export type IdentityRoutesDependencies = {
  tokens: TokenStore;
  /** The service secret: keys the email hash and signs the flow cookie. */
  hashSecret: string;
  /**
   * The portal's public origin (e.g. https://export.example.com): makes the return URL a real
   * provider is given absolute, and marks the flow cookie Secure when https. Redirects to the SPA
   * stay relative.
   */
  publicUrl?: string;
  /** The states already answered, kept in the database: single use across restarts and nodes. */
  usedStates: UsedStates;
  /**
   * The source sign-in; null when none is available (production before a real adapter is wired):
   * the sign-in routes then answer 404. Never defaulted, so a development page cannot appear by omission.
   */
  identityProvider: IdentityProvider | null;
  /** The consent provider of each OAuth destination offered; an absent one is PROVIDER_NOT_SUPPORTED. */
  consentProviders: ConsentProviders;
  now?: () => number;
};

/** Where each kind of flow sends the browser with an error (spec §2 callbacks, §8 error catalogue). */
type Target = 'sign-in' | 'status' | 'consent';
const ERROR_PATHS: Record<Exclude<Target, 'sign-in'>, string> = {
  status: '/oauth-callback-for-status',
  consent: '/oauth-callback',
};

const stylesheet = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'pages', 'identity.css'), 'utf8');

/** `scopes=emailmigration,contactsmigration` → the operations, or null when empty or unknown. */
function parseScopes(raw: string | undefined): Operation[] | null {
  const names = (raw ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  if (names.length === 0 || names.length > OperationSchema.options.length) return null;
  const scopes = [...new Set(names)];
  return scopes.every((name): name is Operation => v.is(OperationSchema, name)) ? scopes : null;
}

const targetOf = (flow: PendingFlow): Target => (flow.kind === 'consent' ? 'consent' : flow.purpose);

export function createIdentityRoutes(deps: IdentityRoutesDependencies): Hono {
  const now = deps.now ?? Date.now;
  const identity = deps.identityProvider;
  const consent = deps.consentProviders;
  const base = (deps.publicUrl ?? '').replace(/\/+$/, '');
  const returnUrl = `${base}${OAUTH_RETURN_PATH}`;
  const flows = createFlowSeal(deps.hashSecret, now);
  const app = new Hono();

  const secure = (c: Context) => base.startsWith('https:') || new URL(c.req.url).protocol === 'https:';

  /**
   * Answers through Hono's context (not a bare Response) so headers that the service's middleware
   * prepared before this route, like the XSRF cookie, survive; the flow cookie is set (a sealed
   * flow) or cleared (null) next to any cookie the provider's own answer carries.
   */
  const send = (c: Context, response: Response, flow: PendingFlow | null): Response => {
    for (const cookie of response.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    c.header('Set-Cookie', flowCookieHeader(flow ? flows.seal(flow) : null, secure(c)), { append: true });
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') c.header(name, value);
    });
    c.header('Cache-Control', 'no-store');
    return c.newResponse(response.body, response.status as StatusCode);
  };

  /**
   * Back to the SPA on the origin the browser is on: relative, even with a public URL, because the
   * browser's session storage (the signed-in source) belongs to that origin.
   */
  const redirect = (path: string, query: Record<string, string>, hash = ''): Response =>
    new Response(null, {
      status: 302,
      headers: { Location: `${path}?${new URLSearchParams(query).toString()}${hash}`, 'Cache-Control': 'no-store' },
    });

  /**
   * A failed sign-in lands on the home page's error modal (§2, §8) as an AUTH_ERROR; the `#error`
   * form of EXTERNAL_OAUTH_ERROR says "please, try to sign in again" and needs no user name, which
   * the service does not know when the flow failed. The other flows go through their callbacks.
   */
  const errorRedirect = (target: Target, error: OAuthError) =>
    target === 'sign-in'
      ? redirect('/', { error, type: 'AUTH_ERROR' }, error === 'EXTERNAL_OAUTH_ERROR' ? '#error' : '')
      : redirect(ERROR_PATHS[target], { error });

  app.get(STYLESHEET_PATH, (c) =>
    c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
  );

  /** GET /api/oauth/ and /api/oauth-for-status/: record the flow, then let the provider begin it. */
  const begin = async (c: Context, from: 'oauth' | 'status'): Promise<Response> => {
    const provider = c.req.query('provider');
    const state = randomBytes(24).toString('base64url');
    const expiresAt = now() + FLOW_TTL_MS;
    let flow: PendingFlow;
    if (from === 'status' || provider === SOURCE_PROVIDER) {
      if (!identity) return apiError(c, 404, 'NOT_FOUND', 'Sign-in is not available on this service.');
      const purpose = from === 'status' ? 'status' : 'sign-in';
      if (provider !== SOURCE_PROVIDER) return errorRedirect(purpose, 'PROVIDER_NOT_SUPPORTED');
      flow = { kind: 'sign-in', purpose, state, expiresAt };
    } else {
      const destination = v.safeParse(DestinationProviderSchema, provider);
      if (!destination.success || !consent[destination.output]) return errorRedirect('consent', 'PROVIDER_NOT_SUPPORTED');
      const scopes = parseScopes(c.req.query('scopes'));
      if (!scopes) return errorRedirect('consent', 'EXTERNAL_OAUTH_ERROR');
      flow = { kind: 'consent', provider: destination.output, scopes, state, expiresAt };
    }
    try {
      const page = await startFlow(flow);
      return page ? send(c, page, flow) : errorRedirect(targetOf(flow), 'PROVIDER_NOT_SUPPORTED');
    } catch {
      // A real provider unreachable or misconfigured: the person sees the §8 message, not a 500.
      return errorRedirect(targetOf(flow), 'EXTERNAL_OAUTH_ERROR');
    }
  };

  const startFlow = (flow: PendingFlow): Promise<Response> | null => {
    if (flow.kind === 'sign-in') return identity ? identity.start({ purpose: flow.purpose, state: flow.state, returnUrl }) : null;
    const provider = consent[flow.provider];
    return provider ? provider.start({ provider: flow.provider, scopes: flow.scopes, state: flow.state, returnUrl }) : null;
  };

  const completeFlow = async (request: Request, flow: PendingFlow): Promise<SignInAnswer | ConsentAnswer> => {
    if (flow.kind === 'sign-in') {
      if (!identity) return { kind: 'refused', state: flow.state, error: 'PROVIDER_NOT_SUPPORTED' };
      return identity.complete(request, { purpose: flow.purpose, state: flow.state, returnUrl });
    }
    const provider = consent[flow.provider];
    if (!provider) return { kind: 'refused', state: flow.state, error: 'PROVIDER_NOT_SUPPORTED' };
    return provider.complete(request, { provider: flow.provider, scopes: flow.scopes, state: flow.state, returnUrl });
  };

  /** Without a valid flow cookie the page's own hint picks where the error goes (it decides nothing else). */
  const hintedTarget = async (request: Request): Promise<Target> => {
    const hint = field(await readForm(request.clone()), 'flow') ?? new URL(request.url).searchParams.get('flow');
    return hint === 'sign-in' || hint === 'status' ? hint : 'consent';
  };

  /** GET|POST /api/oauth/callback: check the state, then turn the provider's answer into a token. */
  const finish = async (c: Context): Promise<Response> => {
    const flow = flows.open(getCookie(c, FLOW_COOKIE_NAME));
    if (!flow) return send(c, errorRedirect(await hintedTarget(c.req.raw), 'EXTERNAL_OAUTH_ERROR'), null);
    const target = targetOf(flow);
    const end = (response: Response) => send(c, response, null);
    const replayed = () => end(errorRedirect(target, 'EXTERNAL_OAUTH_ERROR'));
    // Answered before (here, on another node, before a restart): not even the provider is asked again.
    if (await deps.usedStates.wasUsed(flow.state)) return replayed();

    let answer: SignInAnswer | ConsentAnswer | null;
    try {
      answer = await completeFlow(c.req.raw, flow);
    } catch {
      answer = null;
    }
    if (answer?.kind === 'show' && answer.state !== null && sameSecret(answer.state, flow.state)) {
      return send(c, answer.page, flow); // same flow, same state: try again
    }
    // A flow completes once, whatever its outcome: of two answers racing, only the first goes on.
    if (!(await deps.usedStates.markUsed(flow.state, flow.expiresAt, now()))) return replayed();
    if (answer === null || answer.state === null || !sameSecret(answer.state, flow.state)) return replayed();
    if (answer.kind === 'show') return replayed();
    if (answer.kind === 'refused') return end(errorRedirect(target, answer.error));

    // A provider's address is checked like any input before it reaches a token or a URL.
    const email = parseAddress(answer.email);
    if (!email) return end(errorRedirect(target, 'EXTERNAL_OAUTH_ERROR'));

    if (answer.kind === 'granted') {
      if (flow.kind !== 'consent') return end(errorRedirect(target, 'EXTERNAL_OAUTH_ERROR'));
      if (flow.scopes.some((scope) => !answer.scopes.includes(scope))) return end(errorRedirect(target, 'MISSING_SCOPE'));
      const token = await deps.tokens.issue({ email, purpose: 'destination', provider: flow.provider });
      return end(redirect('/oauth-callback', { token_id: token, email }));
    }
    if (flow.kind !== 'sign-in') return end(errorRedirect(target, 'EXTERNAL_OAUTH_ERROR'));
    if (flow.purpose === 'status') {
      const token = await deps.tokens.issue({ email, purpose: 'status', provider: SOURCE_PROVIDER });
      return end(redirect('/oauth-callback-for-status', { token_id: token, email, hash: emailHash(email, deps.hashSecret) }));
    }
    const token = await deps.tokens.issue({ email, purpose: 'source', provider: SOURCE_PROVIDER });
    return end(redirect('/oauth-callback', { token_id: token, email }));
  };

  // Both spellings: the browser asks with the trailing slash of §7, a person may type it without.
  for (const path of ['/api/oauth', '/api/oauth/']) app.get(path, (c) => begin(c, 'oauth'));
  for (const path of ['/api/oauth-for-status', '/api/oauth-for-status/']) app.get(path, (c) => begin(c, 'status'));
  app.on(['GET', 'POST'], [OAUTH_RETURN_PATH, `${OAUTH_RETURN_PATH}/`], finish);
  return app;
}
