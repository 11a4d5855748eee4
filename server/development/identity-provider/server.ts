/**
 * The embedded development provider: a certified OpenID Connect provider (oidc-provider) that
 * `npm start` runs on a second loopback port when no real issuer is configured, never in production.
 * The service talks to it exactly as to a real one — discovery, authorization code with PKCE, the
 * token endpoint, the published keys — so the code path tried on a fresh clone is production's.
 *   http://127.0.0.1:<port>/sso        the provider's single sign-on (scenario accounts)
 *   http://127.0.0.1:<port>/google     a development "Google" (Gmail scopes, consent checkboxes)
 *   http://127.0.0.1:<port>/microsoft  a development "Microsoft" (Outlook.com scopes)
 *   http://127.0.0.1:<port>/yahoo      a development "Yahoo" (its mail scope)
 *   http://127.0.0.1:<port>/aol        a development "AOL" (its mail scope)
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JWK } from 'oidc-provider';
import type { ClientSettings } from '../../identity/config.ts';
import type { ScenarioDirectory } from '../scenarios.ts';
import { clientSettings, createIssuer, type Issuer, type IssuerName } from './issuers.ts';
import { createInteractions, writePage } from './interactions.ts';
import { ICON_PATH, STYLESHEET_PATH } from './html.ts';
import { errorPage } from './pages.ts';

export type DevelopmentProviderOptions = {
  /** The scenario accounts of the sign-in page. */
  directory: ScenarioDirectory;
  /** Which issuers to serve: those no real server is configured for. */
  issuers: readonly IssuerName[];
  /** Loopback port; 0 = any free one. */
  port: number;
  /** The portal's public origin when it has one (its redirect URIs are then exact), else null. */
  portalOrigin: string | null;
  /** A private signing key (JWK with `kid`); one is made at start when absent. */
  signingKey?: JWK;
  /** The origin browsers and clients reach it at, when that is not its own (behind a proxy). */
  publicOrigin?: string;
};

export type DevelopmentProvider = {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The loopback port it listens on. */
  port: number;
  /** The portal's client at each issuer served. */
  clients: Partial<Record<IssuerName, ClientSettings>>;
  close(): Promise<void>;
};

/** The project's folder: the first one up from this module with a package.json (from the source and from the built dist-server/ alike). */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the development identity provider finds no package.json above its module');
    dir = parent;
  }
  return dir;
}
const root = projectRoot();
const stylesheet = readFileSync(path.join(root, 'server', 'development', 'identity-provider', 'identity.css'), 'utf8');
const icon = readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');

export function newSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' } as JWK;
}

/** Node's request, told which part of its path is the issuer's mount point (as Express tells oidc-provider). */
type MountedRequest = IncomingMessage & { originalUrl?: string };

export async function startDevelopmentProvider(options: DevelopmentProviderOptions): Promise<DevelopmentProvider> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = options.publicOrigin ?? `http://127.0.0.1:${port}`;
  const signingKey = options.signingKey ?? newSigningKey();
  const cookieKeys = [randomBytes(32).toString('base64url')];
  const issuers = new Map<IssuerName, Issuer>(
    options.issuers.map((name) => [
      name,
      createIssuer(name, {
        origin,
        portalOrigin: options.portalOrigin,
        signingKey,
        cookieKeys,
        async findAccount(_ctx, sub) {
          // The account is its address: the development pages sign in as whichever one is chosen.
          return { accountId: sub, claims: async () => ({ sub, email: sub, email_verified: true, preferred_username: sub }) };
        },
      }),
    ]),
  );
  const interact = createInteractions(issuers, options.directory);
  const providerHandlers = new Map([...issuers].map(([name, issuer]) => [name, issuer.provider.callback()]));

  const handle = async (req: MountedRequest, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === STYLESHEET_PATH) return void res.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8' }).end(stylesheet);
    if (url.pathname === ICON_PATH) return void res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(icon);
    const [, name = '', ...rest] = url.pathname.split('/');
    const issuer = issuers.get(name as IssuerName);
    const providerHandler = providerHandlers.get(name as IssuerName);
    if (!issuer || !providerHandler) return writePage(res, { status: 404, body: errorPage({ error: 'Nothing here.' }) });
    const interaction = /^interaction\/([\w-]+)$/.exec(rest.join('/'));
    if (interaction?.[1]) return interact(issuer.name, interaction[1], req, res);
    req.originalUrl = req.url;
    req.url = `/${rest.join('/')}${url.search}`;
    return providerHandler(req, res);
  };
  server.on('request', (req: MountedRequest, res: ServerResponse) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) writePage(res, { status: 500, body: errorPage({ error: 'Something went wrong in the test sign-in.' }) });
      else res.destroy();
    });
  });

  return {
    origin,
    port,
    clients: Object.fromEntries([...issuers.values()].map((issuer) => [issuer.name, clientSettings(issuer)])),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
