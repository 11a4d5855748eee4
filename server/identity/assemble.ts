/**
 * Identity as the configuration asks for it: the provider's single sign-on and the Google,
 * Microsoft, Yahoo and AOL clients of the destinations, each the real server when configured and, in development
 * only, the embedded development provider's stand-in otherwise (started here, on its own loopback
 * port). In production what is not configured is absent: sign-in answers 404 (production refuses to
 * start without it anyway), an unconfigured destination is PROVIDER_NOT_SUPPORTED.
 */
import type { Logger } from 'pino';
import type { Hono } from 'hono';
import type { DestinationProvider } from '../../contract/index.ts';
import type { Config } from '../config.ts';
import { createVault } from '../crypto/vault.ts';
import type { Db } from '../db/open.ts';
import { createUsedStatesStore } from '../db/used-states-store.ts';
import type { ScenarioDirectory } from '../development/scenarios.ts';
import type { ClientSettings } from './config.ts';
import { createGrantKeeper, type GrantKeeper, type Refresh } from './destination-grants.ts';
import type { IssuerName } from '../development/identity-provider/issuers.ts';
import type { DevelopmentProvider, DevelopmentProviderOptions } from '../development/identity-provider/server.ts';
import { createOAuthClient, type OAuthClient } from './oauth/client.ts';
import { createDestination, type Destination } from './oauth/destination.ts';
import { CONSENTS } from '../destinations/index.ts';
import {
  DESTINATION_SERVER_NAMES,
  DESTINATION_SERVERS,
  developmentVariant,
  type DestinationServerName,
} from './oauth/destination-servers.ts';
import { createIdentityRoutes, type SignIn } from './routes.ts';
import type { TokenStore } from './token-store.ts';

export type Identity = {
  routes: Hono;
  grants: GrantKeeper;
  /** The embedded development provider's origin when it runs. */
  developmentProvider: string | null;
  close(): Promise<void>;
};

export type IdentityDependencies = {
  config: Config;
  db: Db;
  /** The service secret: keys the email hash, and the vault that seals the flow cookie and the grants. */
  secret: string;
  tokens: TokenStore;
  directory: ScenarioDirectory;
  logger: Logger;
  now: () => number;
};

/** The issuers the embedded development provider must serve: those without a real server, in development only. */
export function developmentIssuers(config: Config): IssuerName[] {
  if (!config.development) return [];
  const { identity } = config;
  return [...(identity.signIn ? [] : ['sso' as const]), ...DESTINATION_SERVER_NAMES.filter((name) => !identity[name])];
}

/**
 * Loaded only when it runs, so a production process never even imports oidc-provider. Version 9
 * warns once at import that Node 20 is below the Node 22 it supports; it runs and passes our tests on
 * Node 20 (docs/decisions/0012-identity-openid-connect.md), and that one line would only alarm a
 * newcomer, so it is not printed.
 */
async function startDevelopmentProvider(options: DevelopmentProviderOptions): Promise<DevelopmentProvider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider WARNING: Unsupported runtime')) warn(...args);
  };
  try {
    const { startDevelopmentProvider: start } = await import('../development/identity-provider/server.ts');
    return await start(options);
  } finally {
    console.warn = warn;
  }
}

export async function assembleIdentity(deps: IdentityDependencies): Promise<Identity> {
  const { config, logger, now } = deps;
  const vault = createVault(deps.secret);
  const wanted = developmentIssuers(config);
  const dev: DevelopmentProvider | null = wanted.length
    ? await startDevelopmentProvider({
        directory: deps.directory,
        issuers: wanted,
        port: config.identity.devProviderPort,
        portalOrigin: config.publicUrl || null,
      })
    : null;
  if (dev) logger.info({ origin: dev.origin, issuers: wanted }, 'embedded development provider listening');

  const clients: OAuthClient[] = [];
  const client = (settings: ClientSettings) => {
    const made = createOAuthClient(settings, { now });
    clients.push(made);
    return made;
  };
  /** A destination's server: the real one when configured, else the development provider's stand-in when it runs. */
  const destination = (name: DestinationServerName): Destination | undefined => {
    const real = config.identity[name];
    const server = DESTINATION_SERVERS[name];
    if (real) return createDestination(server, client(real));
    const stand = dev?.clients[name];
    return stand ? createDestination(developmentVariant(server), client(stand)) : undefined;
  };

  const settings = config.identity.signIn;
  const standInSignIn = dev?.clients.sso;
  const signIn: SignIn | null = settings
    ? { client: client(settings), scopes: settings.scopes, redirectUri: settings.redirectUrl }
    : standInSignIn
      ? { client: client(standInSignIn), scopes: 'openid email', redirectUri: null }
      : null;
  const destinations: Partial<Record<DestinationProvider, Destination>> = {};
  const refreshers: Partial<Record<string, Refresh>> = {};
  for (const { server, provider } of CONSENTS) {
    const made = destination(server.name);
    if (!made) continue;
    destinations[provider] = made;
    refreshers[provider] = made.refresh;
  }

  const grants = createGrantKeeper({ db: deps.db, vault, refreshers, logger, now, unusedTtlMs: config.tokenTtlMs });
  const routes = createIdentityRoutes({
    tokens: deps.tokens,
    hashSecret: deps.secret,
    vault,
    publicUrl: config.publicUrl,
    usedStates: createUsedStatesStore(deps.db),
    signIn,
    destinations,
    grants,
    logger,
    now,
  });

  // A misconfigured or unreachable issuer shows in the log at start, not first at a customer's sign-in.
  void Promise.all(
    clients.map(async (one) => {
      const problem = await one.warmUp();
      if (problem)
        logger.error({ issuer: one.issuer, problem }, 'identity: cannot read the issuer’s configuration (tried again at each sign-in)');
    }),
  );

  return {
    routes,
    grants,
    developmentProvider: dev?.origin ?? null,
    close: async () => {
      await dev?.close();
    },
  };
}
