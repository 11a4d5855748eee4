/**
 * A local authorization server standing in for Google's, Microsoft's or Yahoo's, for the tests that
 * point the service at it through GOOGLE_ISSUER / MICROSOFT_ISSUER / YAHOO_ISSUER exactly as
 * production points it at the real ones (their own endpoints cannot be reached from a test). It is oidc-provider,
 * configured here independently of the embedded development provider: its own issuer path, keys and
 * client, and the behaviour of the server it stands for where the portal depends on it —
 *  - both accept `prompt=select_account` (the portal sends it in production);
 *  - "google" issues a refresh token only for `access_type=offline` (Google ignores offline_access);
 *  - "microsoft" issues one for `offline_access` without `prompt=consent` (oidc-provider would drop it);
 *  - "yahoo" issues one with every code, and authenticates the client with client_secret_basic.
 * Its userinfo endpoint answers a live access token with the account's address: Dovecot validates
 * the tokens presented over XOAUTH2 there, as a provider's IMAP server trusts its own tokens.
 * It has no pages: the test says beforehand how the next person answers (address, scopes, deny), and
 * the interaction is answered with that at once. It records every authorization request it saw.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy } from 'oidc-provider';

export type StandInKind = 'google' | 'microsoft' | 'yahoo';

/** How the next person answers: their address, and the scopes (beyond openid, email, offline_access) they grant; all when absent. */
export type Answer = { email: string; grant?: readonly string[]; deny?: boolean };

export type StandIn = {
  issuer: string;
  /** Its userinfo endpoint (a live access token → the account's `sub` and `email`). */
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** The authorization requests it received, in order. */
  requests: URL[];
  answerNext(answer: Answer): void;
  /** Whether it issued this access token and it is still live (what the provider's APIs check). */
  accessTokenLive(token: string): Promise<boolean>;
  close(): Promise<void>;
};

const ISSUER_PATH: Record<StandInKind, string> = { google: '', microsoft: '/consumers/v2.0', yahoo: '' };
const ALWAYS_GRANTED = new Set(['openid', 'email', 'offline_access']);

/** The default policy, plus the `select_account` prompt both real servers understand (answered with the account). */
function policy() {
  const prompts = interactionPolicy.base();
  prompts.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }));
  return prompts;
}

export async function startStandIn(kind: StandInKind, options: { redirectUri: string; scopes: readonly string[] }): Promise<StandIn> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}${ISSUER_PATH[kind]}`;
  const clientId = `portal-at-${kind}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const requests: URL[] = [];
  let next: Answer | null = null;
  /** Grants made for an authorization request with access_type=offline ("google" gives those a refresh token). */
  const offline = new Set<string>();

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: kind === 'yahoo' ? 'client_secret_basic' : 'client_secret_post',
      },
    ],
    cookies: {
      names: { session: `${kind}_standin_session`, interaction: `${kind}_standin_interaction`, resume: `${kind}_standin_resume` },
      keys: [randomBytes(32).toString('base64url')],
    },
    scopes: ['openid', 'email', 'offline_access', ...options.scopes],
    claims: { email: ['email', 'email_verified'] },
    conformIdTokenClaims: false,
    extraParams: ['access_type'],
    interactions: { policy: policy(), url: (_ctx, interaction) => `${ISSUER_PATH[kind]}/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    async issueRefreshToken(ctx, client, code) {
      if (!client.grantTypeAllowed('refresh_token')) return false;
      // A refresh exchanges its token for a new one at both servers.
      if (ctx.oidc.params?.grant_type === 'refresh_token') return true;
      return kind !== 'google' || offline.has(code.grantId ?? '');
    },
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: async () => ({ sub, email: sub, email_verified: true }) };
    },
  });
  const handle = provider.callback();

  const interact = async (req: IncomingMessage, res: Parameters<typeof handle>[1]) => {
    const details = await provider.interactionDetails(req, res);
    const answer = next;
    next = null;
    if (!answer || answer.deny) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'denied by the test' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const requested = String(details.params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    const choosable = requested.filter((scope) => !ALWAYS_GRANTED.has(scope));
    const granted = answer.grant ?? choosable;
    const grant = new provider.Grant({ accountId: answer.email, clientId });
    grant.addOIDCScope(requested.filter((scope) => ALWAYS_GRANTED.has(scope) || granted.includes(scope)).join(' '));
    const rejected = choosable.filter((scope) => !granted.includes(scope));
    if (rejected.length > 0) grant.rejectOIDCScope(rejected.join(' '));
    const grantId = await grant.save();
    if (details.params.access_type === 'offline') offline.add(grantId);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: answer.email }, consent: { grantId }, select_account: {} },
      { mergeWithLastSubmission: false },
    );
  };

  server.on('request', (req: IncomingMessage & { originalUrl?: string }, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (!url.pathname.startsWith(`${ISSUER_PATH[kind]}/`)) return void res.writeHead(404).end();
    const rest = url.pathname.slice(ISSUER_PATH[kind].length);
    if (rest === '/auth') requests.push(url);
    if (rest.startsWith('/interaction/')) {
      interact(req, res).catch(() => void res.writeHead(500).end());
      return;
    }
    req.originalUrl = req.url;
    req.url = `${rest}${url.search}`;
    void handle(req, res);
  });

  return {
    issuer,
    userinfoUrl: `${issuer}/me`,
    clientId,
    clientSecret,
    requests,
    answerNext(answer) {
      next = answer;
    },
    async accessTokenLive(token) {
      const found = await provider.AccessToken.find(token);
      return found !== undefined && !found.isExpired;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The service's configuration pointing its Google and Microsoft clients at these stand-ins. */
export function standInEnv(google: StandIn, microsoft: StandIn): Record<string, string> {
  return {
    GOOGLE_ISSUER: google.issuer,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    MICROSOFT_ISSUER: microsoft.issuer,
    MICROSOFT_CLIENT_ID: microsoft.clientId,
    MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
  };
}
