/**
 * The issuers of the embedded development provider, each an oidc-provider instance under its own
 * path: the provider's single sign-on ("sso"), and a development stand-in for each destination's
 * authorization server (server/destinations/) that offers the same scopes as the real one. Each registers one client, the export portal, whose
 * secret is made at start; PKCE is required, the `iss` authorization response parameter is sent.
 */
import { randomBytes } from 'node:crypto';
import Provider, { type ClientMetadata, type Configuration, type JWK } from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import { consentAt, type ConsentSettings } from '../../destinations/index.ts';
import { LOOPBACK_HOSTS, type ClientSettings } from '../../identity/config.ts';
import { allScopes, DESTINATION_SERVERS, type DestinationServerName } from '../../identity/oauth/destination-servers.ts';
import { callbackPath } from '../../identity/routes.ts';
import { errorPage } from './pages.ts';

export type IssuerName = 'sso' | DestinationServerName;

export const CLIENT_ID = 'export-portal';

/** What each issuer offers beyond `openid` and `email`: a destination's scopes, and offline_access for its refresh token. */
const extraScopes = (name: IssuerName): readonly string[] =>
  name === 'sso' ? [] : ['offline_access', ...allScopes(DESTINATION_SERVERS[name])];

/** How the portal authenticates at each token endpoint: as it does at the real servers. */
const authMethod = (name: IssuerName): ConsentSettings['tokenAuth'] => (name === 'sso' ? 'client_secret_basic' : consentAt(name).tokenAuth);

export type Issuer = { name: IssuerName; provider: Provider; clientSecret: string };

export type IssuerOptions = {
  origin: string;
  /** The portal's public origin, or null: then any port of this machine (RFC 8252 §7.3 loopback redirects). */
  portalOrigin: string | null;
  /** The private signing key (JWK); tests give their own to sign what the provider would not. */
  signingKey: JWK;
  cookieKeys: string[];
  findAccount: NonNullable<Configuration['findAccount']>;
};

function client(name: IssuerName, secret: string, portalOrigin: string | null): ClientMetadata {
  const path = callbackPath(name);
  return {
    client_id: CLIENT_ID,
    client_secret: secret,
    client_name: 'Northwave export portal',
    // Without a public URL the portal's port and host spelling are unknown: a "native" client may use
    // any port of a loopback address, which is exactly what oidc-provider allows it.
    application_type: portalOrigin ? 'web' : 'native',
    redirect_uris: portalOrigin ? [`${portalOrigin}${path}`] : [...LOOPBACK_HOSTS].map((host) => `http://${host}${path}`),
    grant_types: name === 'sso' ? ['authorization_code'] : ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: authMethod(name),
  };
}

export function createIssuer(name: IssuerName, options: IssuerOptions): Issuer {
  const clientSecret = randomBytes(32).toString('base64url');
  const provider = new Provider(`${options.origin}/${name}`, {
    adapter: createMemoryAdapter(),
    clients: [client(name, clientSecret, options.portalOrigin)],
    jwks: { keys: [options.signingKey] },
    cookies: {
      // The issuers share one host: each keeps its own cookies.
      names: { session: `${name}_session`, interaction: `${name}_interaction`, resume: `${name}_resume` },
      keys: options.cookieKeys,
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    scopes: ['openid', 'email', ...extraScopes(name)],
    claims: { email: ['email', 'email_verified'] },
    // The address in the ID token itself, as Google and Microsoft put it.
    conformIdTokenClaims: false,
    findAccount: options.findAccount,
    interactions: { url: (_ctx, interaction) => `/${name}/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 10 * 60,
      Session: 60 * 60,
      Grant: 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(Object.fromEntries(Object.entries(out).map(([key, value]) => [key, String(value)])));
    },
  });
  // Behind nothing: the socket's address is the client's.
  provider.proxy = false;
  return { name, provider, clientSecret };
}

/** The client settings of the portal at this issuer, as server/identity/config.ts would read them. */
export const clientSettings = (issuer: Issuer): ClientSettings => ({
  issuer: issuer.provider.issuer,
  clientId: CLIENT_ID,
  auth: { method: authMethod(issuer.name), secret: issuer.clientSecret },
});
