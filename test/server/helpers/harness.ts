/**
 * Starts the real export service on a random loopback port over a fresh database, with the real
 * identity store, scenario directory, simulated vendor and development checks, a settable clock,
 * and a notifier that records what it was asked to send.
 *
 * The database is the run's dialect (test/support/test-database.ts): every suite that starts a
 * harness runs once on SQLite (vitest project `node`) and once on Postgres (project `postgres`).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { createService, type ExportService } from '../../../server/app.ts';
import { readConfig, type Config } from '../../../server/config.ts';
import { openDatabase, type Db } from '../../../server/db/open.ts';
import { createTableTransferQueue } from '../../../server/db/transfer-queue.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { createLogger } from '../../../server/http/logger.ts';
import { createDevCredentialChecker } from '../../../server/development/checks/credential-checker.ts';
import { createDevDomainValidator } from '../../../server/development/checks/domain-validator.ts';
import { createDevImapResolver } from '../../../server/development/checks/imap-resolver.ts';
import { emailHash } from '../../../server/identity/email-hash.ts';
import { developmentRoutes } from '../../../server/development/pages.ts';
import { assembleIdentity, type Identity } from '../../../server/identity/assemble.ts';
import { scenarioDirectory } from '../../../server/development/scenarios.ts';
import { createTokenStore, type TokenStore } from '../../../server/identity/token-store.ts';
import { createSimulatedVendor } from '../../../server/development/vendor/simulated-vendor.ts';
import { systemClock } from '../../../server/engine/index.ts';
import { openLimiterStore } from '../../../server/limits/limiter-store.ts';
import { NO_LIMITS } from '../../support/no-limits.ts';
import type { CredentialChecker, ExportNotification, TransferEngine, Notifier } from '../../../server/ports.ts';
import type { DevMail } from '../../../server/development/mail/index.ts';
import { createOutboundGuard } from '../../../server/checks/outbound-guard.ts';
import { createTransferService, type TransferService } from '../../../server/transfers/index.ts';

export const SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

export const JOB_DURATION_MS = 60_000;

export type Harness = {
  base: string;
  dir: string;
  config: Config;
  db: Db;
  database: TestDatabase;
  tokens: TokenStore;
  /** Sign-in and consent: the embedded development provider unless `env` names real issuers. */
  identity: Identity;
  service: ExportService;
  /** With `transfers`: the service's transfer engine and its worker loop. */
  transfers: TransferService | null;
  clock: { now: number };
  sent: ExportNotification[];
  /** Stops the server and closes the database; the folder and the database stay until `remove()`. */
  stop: () => Promise<void>;
  remove: () => Promise<void>;
};

export type HarnessOptions = {
  /** Reuse the folder and the database of an earlier, stopped harness: a restart. */
  restartOf?: Harness;
  env?: Record<string, string>;
  /** Wraps the engine the harness would use (the simulated vendor, or the service's engine with `transfers`). */
  engine?: (defaults: TransferEngine) => TransferEngine;
  notifier?: Notifier;
  credentialChecker?: CredentialChecker;
  /** Silent unless a test reads the log. */
  logger?: Logger;
  devMail?: DevMail;
  /** The loopback port to listen on (one a provider registered); any free one by default. */
  port?: number;
  /**
   * Export with the service's own engine and worker loop (as `npm start` does) instead of the simulated
   * vendor: the source and destinations come from `env` (SOURCE_IMAP_*, ADAPTERS, OUTBOUND_ALLOW_LIST …)
   * and `devMail`. The harness clock is the worker's "now"; the engine's waits are real.
   */
  transfers?: boolean;
};

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dir = options.restartOf?.dir ?? mkdtempSync(path.join(tmpdir(), 'portal-server-'));
  const database = options.restartOf?.database ?? (await createTestDatabase());
  const distDir = path.join(dir, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>portal index</title>');
  const config = readConfig({
    DATA_DIR: dir,
    DIST_DIR: distDir,
    LOG_LEVEL: 'silent',
    HASH_SECRET: SECRET,
    ...NO_LIMITS,
    ...database.env,
    ...options.env,
  });
  const clock = { now: Date.UTC(2026, 10, 22, 9, 0, 0) };
  const now = () => clock.now;
  const logger = options.logger ?? createLogger('silent');
  const db = await openDatabase(config.database, logger);
  const tokens = createTokenStore(db, { ttlMs: config.tokenTtlMs, now });
  const limiterStore = openLimiterStore(config.database, () => undefined);
  const sent: ExportNotification[] = [];
  const simulated = createSimulatedVendor({
    jobDurationMs: JOB_DURATION_MS,
    exportFails: (email) => scenarioDirectory.find(email).exportsFail,
    filesDir: config.filesDir,
    now,
  });
  const identity = await assembleIdentity({ config, db, secret: SECRET, tokens, directory: scenarioDirectory, logger, now });
  const service = createService({
    config,
    db,
    logger,
    now,
    secret: SECRET,
    hashEmail: (email) => emailHash(email, SECRET),
    tokens,
    identityRoutes: identity.routes,
    destinationGrants: identity.grants,
    buildEngine: (events) => {
      const transfers = options.transfers
        ? createTransferService({
            config,
            db,
            secret: SECRET,
            logger,
            now,
            clock: { now, sleep: systemClock.sleep },
            devMail: options.devMail ?? null,
            guard: createOutboundGuard(config.outbound),
            grants: identity.grants,
            // The table lease on both dialects: these suites step a clock of their own, and pg-boss keeps
            // the database's (its adapter has its own suite, and the scale test runs it for real).
            queueOver: createTableTransferQueue,
            events,
          })
        : null;
      const defaultEngine = transfers?.engine ?? simulated;
      return {
        transfers,
        engine: options.engine ? options.engine(defaultEngine) : defaultEngine,
        ...(transfers ? { sourceFolders: transfers.sourceFolders } : {}),
      };
    },
    directory: scenarioDirectory,
    credentialChecker: options.credentialChecker ?? createDevCredentialChecker(),
    imapResolver: createDevImapResolver(),
    domainValidator: createDevDomainValidator(),
    notifier: options.notifier ?? {
      async send(notification) {
        sent.push(notification);
      },
    },
    limiterStore,
    developmentRoutes: developmentRoutes(options.devMail ?? null),
  });
  const { transfers } = service.engineParts;
  transfers?.worker.start();
  // Served as server/main.ts serves it: the pages' own listener first, then the app.
  const server: Server = createServer({ ServerResponse: service.ServerResponse }, service.requestListener);
  const base = await new Promise<string>((resolve) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
  return {
    base,
    dir,
    config,
    db,
    database,
    tokens,
    identity,
    service,
    transfers,
    clock,
    sent,
    async stop() {
      await transfers?.worker.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive; close them so close() returns.
        server.closeAllConnections();
      });
      await limiterStore.close();
      await identity.close();
      await db.destroy();
    },
    async remove() {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A signed-in browser session: the XSRF cookie from a page load and the source bearer token. */
export async function signIn(harness: Harness, email = 'active@example.com') {
  const page = await fetch(`${harness.base}/`);
  const cookie = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('no XSRF cookie on a page load');
  const token = await harness.tokens.issue({ email, purpose: 'source', provider: 'northwave' });
  const headers = {
    'Content-Type': 'application/json',
    Cookie: `XSRF-TOKEN=${cookie}`,
    'X-XSRF-TOKEN': cookie,
    Authorization: `Bearer ${token}`,
  };
  const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${harness.base}${path}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  return { email, token, cookie, headers, post };
}

export const postJson = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export function fileLoad(email: string, overrides: Record<string, unknown> = {}) {
  return {
    source_account: { email, tokenId: 'ignored-by-the-server', provider: 'northwave' },
    destination_account: { provider: 'file' },
    operations: ['emailmigration', 'contactsmigration'],
    parameters: { notificationEmail: 'notify@example.com' },
    file_export_parameters: { emailFormat: 'MBOX', contactsFormat: 'VCF' },
    ...overrides,
  };
}

/**
 * A destination consent as the consent round trip leaves it: the browser's destination token, and the
 * provider's tokens kept for the export (test values; the real round trip is in test/server/identity/).
 */
export async function consentGrant(harness: Harness, provider: 'gmail' | 'outlook', email: string): Promise<string> {
  const token = await harness.tokens.issue({ email, purpose: 'destination', provider });
  const access = { token: `access-token-of-${email}`, expiresAt: harness.clock.now + 60 * 60 * 1000 };
  await harness.identity.grants.keep(token, {
    provider,
    email,
    tokens: { refreshToken: null, access: { mail: access, contacts: access } },
  });
  return token;
}
