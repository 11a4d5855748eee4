/**
 * The identity part of the configuration (docs/configuration.md): the provider's single sign-on
 * (OIDC_*), the OAuth clients of the destinations (`<PREFIX>_*` of each consent in
 * server/destinations/), and the loopback port of the embedded development provider. Settings as in
 * server/settings/: a wrong one stops the start naming itself, never printing a secret.
 */
import { createPrivateKey } from 'node:crypto';
import { CONSENTS, type ConsentSettings, type DestinationServerName } from '../destinations/index.ts';
import {
  ConfigError,
  checked,
  integer,
  optionalChecked,
  optionalChoice,
  optionalText,
  prefixed,
  readPrefixed,
  readSection,
  secret,
  shown,
  together,
  type Env,
  type Settings,
} from '../settings/setting.ts';

export type ClientAuth =
  | { method: 'client_secret_basic' | 'client_secret_post'; secret: string }
  | { method: 'private_key_jwt'; privateKey: string; keyId: string | null };

/** One OpenID Connect / OAuth client: the issuer (discovered), who we are, how we authenticate. */
export type ClientSettings = { issuer: string; clientId: string; auth: ClientAuth };

/** This machine's host names as a URL spells them. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or plain http on this machine (a provider started beside the service, as the tests do). */
export function isAcceptedIssuer(value: string): boolean {
  const url = URL.parse(value);
  if (!url || url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

const ISSUER = 'an https URL (or http on localhost)';

const SIGN_IN_SETTINGS = {
  OIDC_ISSUER: shown('–', optionalChecked(isAcceptedIssuer, ISSUER)),
  OIDC_CLIENT_ID: shown('–', optionalText()),
  OIDC_CLIENT_SECRET: shown('–', secret(optionalText())),
  OIDC_TOKEN_AUTH_METHOD: shown('client_secret_basic', optionalChoice(['client_secret_basic', 'client_secret_post', 'private_key_jwt'])),
  // A PEM in one environment line may carry its line breaks as "\n".
  OIDC_PRIVATE_KEY: shown(
    '–',
    secret(optionalChecked((pem) => isPrivateKey(pem.replace(/\\n/g, '\n')), 'a PEM private key (RSA, or EC P-256)')),
  ),
  OIDC_PRIVATE_KEY_ID: shown('–', optionalText()),
  OIDC_SCOPES: checked('openid email', (scopes) => scopes.split(/\s+/).includes('openid'), 'a list of scopes that includes openid'),
  OIDC_REDIRECT_URL: shown(
    '$PUBLIC_URL/api/oauth/callback',
    optionalChecked((url) => /^https?:\/\/[^/\s]+\/\S*$/i.test(url), 'an http(s) URL'),
  ),
  DEV_IDENTITY_PORT: integer(0, 0, 65535),
};

function isPrivateKey(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'ec';
  } catch {
    return false;
  }
}

/** A destination's client: its id and secret together, or neither (then the destination is not offered). */
const consentSettings = (consent: ConsentSettings) => ({
  CLIENT_ID: shown('–', optionalText()),
  CLIENT_SECRET: shown('–', secret(optionalText())),
  ISSUER: checked(consent.issuer, isAcceptedIssuer, ISSUER),
});

export const IDENTITY_SETTINGS: Settings = Object.assign(
  { ...SIGN_IN_SETTINGS },
  ...CONSENTS.map((consent) => prefixed(consent.prefix, consentSettings(consent))),
);

type SignInValues = ReturnType<typeof readSection<typeof SIGN_IN_SETTINGS>>;

function signInAuth(settings: SignInValues): ClientAuth {
  const method = settings.OIDC_TOKEN_AUTH_METHOD ?? (settings.OIDC_PRIVATE_KEY ? 'private_key_jwt' : 'client_secret_basic');
  if (method === 'private_key_jwt') {
    if (!settings.OIDC_PRIVATE_KEY)
      throw new ConfigError('Configuration: OIDC_PRIVATE_KEY is not set (OIDC_TOKEN_AUTH_METHOD=private_key_jwt).');
    return { method, privateKey: settings.OIDC_PRIVATE_KEY.replace(/\\n/g, '\n'), keyId: settings.OIDC_PRIVATE_KEY_ID ?? null };
  }
  if (!settings.OIDC_CLIENT_SECRET)
    throw new ConfigError(`Configuration: OIDC_CLIENT_SECRET is not set (OIDC_TOKEN_AUTH_METHOD=${method}).`);
  return { method, secret: settings.OIDC_CLIENT_SECRET };
}

function signIn(env: Env, settings: SignInValues) {
  const credential = settings.OIDC_PRIVATE_KEY ? 'OIDC_PRIVATE_KEY' : 'OIDC_CLIENT_SECRET';
  if (!settings.OIDC_ISSUER && !settings.OIDC_CLIENT_ID && !settings.OIDC_CLIENT_SECRET && !settings.OIDC_PRIVATE_KEY) return null;
  const [issuer = '', clientId = ''] =
    together(['OIDC_ISSUER', 'OIDC_CLIENT_ID', credential], env, 'the sign-in (OIDC_CLIENT_SECRET, or OIDC_PRIVATE_KEY)') ?? [];
  return {
    issuer: issuer.replace(/\/+$/, ''),
    clientId,
    auth: signInAuth(settings),
    /** Requested at sign-in; `openid` always among them. */
    scopes: settings.OIDC_SCOPES.split(/\s+/).join(' '),
    /** The redirect URI registered at the provider; null = `<PUBLIC_URL>/api/oauth/callback`. */
    redirectUrl: settings.OIDC_REDIRECT_URL ?? null,
  };
}

function destination(env: Env, consent: ConsentSettings): ClientSettings | null {
  const { prefix, tokenAuth } = consent;
  const [clientId = '', clientSecret = ''] =
    together([`${prefix}_CLIENT_ID`, `${prefix}_CLIENT_SECRET`], env, `the ${prefix} client`) ?? [];
  if (!clientId) return null;
  const settings = readPrefixed(prefix, consentSettings(consent), env);
  return { issuer: settings.ISSUER.replace(/\/+$/, ''), clientId, auth: { method: tokenAuth, secret: clientSecret } };
}

export function readIdentityConfig(env: Env) {
  const settings = readSection(SIGN_IN_SETTINGS, env);
  return {
    /** The provider's single sign-on; null = the embedded development provider (development only). */
    signIn: signIn(env, settings),
    /** Loopback port of the embedded development provider; 0 = any free port. */
    devProviderPort: settings.DEV_IDENTITY_PORT,
    /** Each destination's client at its authorization server; null = the embedded development stand-in (development only), else not offered. */
    ...(Object.fromEntries(CONSENTS.map((consent) => [consent.server.name, destination(env, consent)])) as Record<
      DestinationServerName,
      ClientSettings | null
    >),
  };
}

export type IdentityConfig = ReturnType<typeof readIdentityConfig>;
