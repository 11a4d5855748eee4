/**
 * The identity part of the configuration (docs/configuration.md): the provider's single sign-on
 * (OIDC_*), the OAuth clients of the destinations (`<PREFIX>_*` of each consent in
 * server/destinations/), and the loopback port of the embedded development provider. Pure, like server/config.ts: it reads the
 * environment it is given and throws IdentityConfigError naming the variable (never its value: these
 * hold secrets).
 */
import { createPrivateKey } from 'node:crypto';
import { CONSENTS, type ConsentSettings, type DestinationServerName } from '../destinations/index.ts';

export type ClientAuth =
  | { method: 'client_secret_basic' | 'client_secret_post'; secret: string }
  | { method: 'private_key_jwt'; privateKey: string; keyId: string | null };

/** One OpenID Connect / OAuth client: the issuer (discovered), who we are, how we authenticate. */
export type ClientSettings = { issuer: string; clientId: string; auth: ClientAuth };

export type SignInSettings = ClientSettings & {
  /** Requested at sign-in; `openid` always among them. */
  scopes: string;
  /** The redirect URI registered at the provider; null = `<PUBLIC_URL>/api/oauth/callback`. */
  redirectUrl: string | null;
};

export type IdentityConfig = {
  /** The provider's single sign-on; null = the embedded development provider (development only). */
  signIn: SignInSettings | null;
  /** Loopback port of the embedded development provider; 0 = any free port. */
  devProviderPort: number;
} & {
  /** Each destination's client at its authorization server; null = the embedded development stand-in (development only), else not offered. */
  [server in DestinationServerName]: ClientSettings | null;
};

export class IdentityConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** This machine's host names as a URL spells them. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** https, or plain http on this machine (a provider started beside the service, as the tests do). */
export function isAcceptedIssuer(value: string): boolean {
  const url = URL.parse(value);
  if (!url || url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

function issuer(env: Env, name: string, fallback?: string): string {
  const value = text(env, name) ?? fallback;
  if (value === undefined) throw new IdentityConfigError(`${name} is not set.`);
  if (!isAcceptedIssuer(value))
    throw new IdentityConfigError(`${name}=${JSON.stringify(value)} is not an https URL (or http on localhost).`);
  return value.replace(/\/+$/, '');
}

function privateKey(env: Env): string {
  // A PEM in one environment line may carry its line breaks as "\n".
  const pem = (text(env, 'OIDC_PRIVATE_KEY') ?? '').replace(/\\n/g, '\n');
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'ec') throw new Error('unsupported key type');
  } catch {
    throw new IdentityConfigError('OIDC_PRIVATE_KEY is not a PEM private key (RSA, or EC P-256).');
  }
  return pem;
}

function signInAuth(env: Env): ClientAuth {
  const method = text(env, 'OIDC_TOKEN_AUTH_METHOD') ?? (text(env, 'OIDC_PRIVATE_KEY') ? 'private_key_jwt' : 'client_secret_basic');
  if (method === 'private_key_jwt') return { method, privateKey: privateKey(env), keyId: text(env, 'OIDC_PRIVATE_KEY_ID') ?? null };
  if (method !== 'client_secret_basic' && method !== 'client_secret_post') {
    throw new IdentityConfigError(
      `OIDC_TOKEN_AUTH_METHOD=${JSON.stringify(method)} is not client_secret_basic, client_secret_post or private_key_jwt.`,
    );
  }
  const secret = text(env, 'OIDC_CLIENT_SECRET');
  if (!secret) throw new IdentityConfigError(`OIDC_CLIENT_SECRET is not set (OIDC_TOKEN_AUTH_METHOD=${method}).`);
  return { method, secret };
}

function signIn(env: Env): SignInSettings | null {
  const names = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_PRIVATE_KEY'];
  if (names.every((name) => !text(env, name))) return null;
  const credential = text(env, 'OIDC_PRIVATE_KEY') ? 'OIDC_PRIVATE_KEY' : 'OIDC_CLIENT_SECRET';
  const missing = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', credential].filter((name) => !text(env, name));
  const clientId = text(env, 'OIDC_CLIENT_ID');
  if (missing.length > 0 || !clientId) {
    throw new IdentityConfigError(
      `the sign-in needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (or OIDC_PRIVATE_KEY) together; ${missing.join(', ')} missing.`,
    );
  }
  const scopes = (text(env, 'OIDC_SCOPES') ?? 'openid email').split(/\s+/);
  if (!scopes.includes('openid')) throw new IdentityConfigError('OIDC_SCOPES must include openid.');
  const redirectUrl = text(env, 'OIDC_REDIRECT_URL') ?? null;
  if (redirectUrl !== null && !/^https?:\/\/[^/\s]+\/\S*$/i.test(redirectUrl)) {
    throw new IdentityConfigError(`OIDC_REDIRECT_URL=${JSON.stringify(redirectUrl)} is not an http(s) URL.`);
  }
  return { issuer: issuer(env, 'OIDC_ISSUER'), clientId, auth: signInAuth(env), scopes: scopes.join(' '), redirectUrl };
}

/** A destination's client: its id and secret together, or neither (then the destination is not offered). */
function destination(env: Env, { prefix, issuer: fallbackIssuer, tokenAuth }: ConsentSettings): ClientSettings | null {
  const clientId = text(env, `${prefix}_CLIENT_ID`);
  const secret = text(env, `${prefix}_CLIENT_SECRET`);
  if (!clientId && !secret) return null;
  if (!clientId || !secret) {
    throw new IdentityConfigError(
      `${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together; ${clientId ? `${prefix}_CLIENT_SECRET` : `${prefix}_CLIENT_ID`} missing.`,
    );
  }
  return { issuer: issuer(env, `${prefix}_ISSUER`, fallbackIssuer), clientId, auth: { method: tokenAuth, secret } };
}

export function readIdentityConfig(env: Env): IdentityConfig {
  const port = text(env, 'DEV_IDENTITY_PORT') ?? '0';
  const devProviderPort = Number(port);
  if (!Number.isInteger(devProviderPort) || devProviderPort < 0 || devProviderPort > 65535) {
    throw new IdentityConfigError(`DEV_IDENTITY_PORT=${JSON.stringify(port)} is not a port from 0 to 65535.`);
  }
  return {
    signIn: signIn(env),
    devProviderPort,
    ...(Object.fromEntries(CONSENTS.map((consent) => [consent.server.name, destination(env, consent)])) as Record<
      DestinationServerName,
      ClientSettings | null
    >),
  };
}
