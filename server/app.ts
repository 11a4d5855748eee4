/**
 * Builds the export service from its dependencies: configuration, an open database, a logger, a
 * clock, one implementation of each port, and the identity routes with their token store. Nothing
 * here reads the environment or opens a socket, so tests start it on a random loopback port with
 * their own temp database and fakes; server/wiring.ts assembles the defaults for `npm start`.
 */
import type { RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from 'pino';
import { portalAddress, type Config } from './config.ts';
import type { Db } from './db/open.ts';
import { createJobsStore } from './db/jobs-store.ts';
import { createCredentialBrakes } from './db/credential-brakes-store.ts';
import { createOptOutStore } from './db/opt-out-store.ts';
import { createOutboxStore } from './db/outbox-store.ts';
import { createSupportStore } from './db/support-store.ts';
import type { ServiceTokens } from './http/auth.ts';
import { apiError, apiNotFound, createErrorHandler } from './http/errors.ts';
import { requestLog } from './http/logger.ts';
import { observeRequests } from './http/observe-requests.ts';
import { pagesFirst } from './http/page-listener.ts';
import { pages } from './http/pages.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveDist } from './http/static.ts';
import { createDownloadGrants } from './jobs/download-grant.ts';
import { createJobService, type EngineParts, type JobService } from './jobs/job-service.ts';
import { createLifecycle } from './jobs/lifecycle.ts';
import type { LimiterStore } from './limits/limiter-store.ts';
import type { GrantKeeper } from './identity/destination-grants.ts';
import { FLOW_STARTS } from './identity/routes.ts';
import { brakeSettings, createLimits } from './limits/limits.ts';
import { requestLimit } from './limits/request-limit.ts';
import { hostAllowList, hostAllows } from './http/host-allow-list.ts';
import { createMetrics, type Metrics } from './ops/metrics.ts';
import { databaseReadiness, type ReadinessCheck } from './ops/readiness.ts';
import { createExportMailDelivery } from './outbox/export-mail-delivery.ts';
import { createOutboxRunner, type OutboxRunner } from './outbox/outbox-runner.ts';
import { createSupportWebhookDelivery } from './outbox/support-webhook-delivery.ts';
import type { AccountDirectory, CredentialChecker, DomainValidator, ExportEvents, ImapHostResolver, Notifier } from './ports.ts';
import { accountRoutes } from './routes/account.ts';
import { checkRoutes } from './routes/checks.ts';
import type { RouteDeps } from './routes/deps.ts';
import { sourceActiveCheck } from './rules/source-active.ts';
import { ownerActionRoutes } from './routes/owner-actions.ts';
import { signOutRoutes } from './routes/sign-out.ts';
import { downloadRoutes } from './routes/downloads.ts';
import { healthRoutes } from './routes/health.ts';
import { loadRoutes } from './routes/load.ts';
import { reportRoutes } from './routes/reports.ts';
import { sessionRoutes } from './routes/session.ts';
import { sourceFolderRoutes } from './routes/source-folders.ts';
import type { SourceFolderReader } from './transfers/source-folders.ts';
import { statusRoutes } from './routes/status.ts';
import { supportRoutes } from './routes/support.ts';

/** What the wiring builds for the service: the engine the job service drives, and the source's folders for the options page. */
export type ServiceEngineParts = EngineParts & {
  /** The signed-in account's folders (server/transfers/source-folders.ts); absent where no transfer service runs. */
  sourceFolders?: SourceFolderReader;
};

export type AppDependencies<E extends ServiceEngineParts = ServiceEngineParts> = {
  config: Config;
  db: Db;
  logger: Logger;
  now: () => number;
  /** The server secret: keys the email hash, the flow cookie and the download grants. */
  secret: string;
  /** The keyed 40-character hash of an address (S2's emailHash bound to the secret). */
  hashEmail: (email: string) => string;
  tokens: ServiceTokens;
  /** S2's /api/oauth/ and /api/oauth-for-status/ redirects and their callbacks; mounted before the API's 404. */
  identityRoutes?: Hono;
  /** A consent's tokens: a load attaches them to the export it starts (server/identity/destination-grants.ts). */
  destinationGrants: Pick<GrantKeeper, 'attach'>;
  /**
   * Builds the engine that runs the exports, given the port it reports to (the job service's): the
   * service owns its exports and builds their engine, so no callback is filled in after construction.
   */
  buildEngine: (events: ExportEvents) => E;
  directory: AccountDirectory;
  credentialChecker: CredentialChecker;
  imapResolver: ImapHostResolver;
  domainValidator: DomainValidator;
  notifier: Notifier;
  /** Where the limits keep their counters (server/limits/limiter-store.ts): the shared database. */
  limiterStore: LimiterStore;
  /** The development pages (/dev/…), given by the wiring: mounted only in development. */
  developmentRoutes?: (deps: RouteDeps) => readonly Hono[];
  /** The process's metrics registry (wiring shares it with the metrics listener); a new one when absent. */
  metrics?: Metrics;
  /** Readiness checks besides the database's own (the transfer queue). */
  readiness?: readonly ReadinessCheck[];
};

/** The HTTP app, the two background loops its owner runs (wiring) or steps (tests), and the metrics. */
export type ExportService<E extends ServiceEngineParts = ServiceEngineParts> = {
  app: Hono;
  /** What `deps.buildEngine` built. */
  engineParts: E;
  jobService: JobService;
  outbox: OutboxRunner;
  metrics: Metrics;
  /**
   * What a Node server serving the service is given (`http.createServer({ ServerResponse }, requestListener)`):
   * the response class adds the security headers (server/http/security-headers.ts), and the listener
   * answers the prerendered pages itself and hands everything else to `app` (server/http/page-listener.ts).
   */
  ServerResponse: ReturnType<typeof securityHeaders>['ServerResponse'];
  requestListener: RequestListener;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Outbox messages claimed per pass. */
const OUTBOX_BATCH = 20;

export function createService<E extends ServiceEngineParts>(deps: AppDependencies<E>): ExportService<E> {
  const { config, db, logger } = deps;
  const jobs = createJobsStore(db);
  const grants = createDownloadGrants(deps.secret);
  const reportGrants = createDownloadGrants(deps.secret, 'item-report-grant');
  const optOuts = createOptOutStore(db);
  const jobService = createJobService({
    jobs,
    lifecycle: createLifecycle(db),
    buildEngine: deps.buildEngine,
    consents: deps.destinationGrants,
    grants,
    reportGrants,
    logger,
    now: deps.now,
    publicUrl: config.publicUrl,
    downloadTtlMs: config.downloadTtlMs,
    historyMs: config.retention.exportHistoryMs,
    sourceActive: sourceActiveCheck(deps.directory, optOuts, deps.now),
    repeatWindowMs: config.idempotencyWindowMs,
    closesAt: (email) => {
      const days = deps.directory.find(email).migration.deactivationInDays;
      return days === null ? null : deps.now() + days * DAY_MS;
    },
    forwardingIntervalMs: config.transfers.forwardingIntervalMs,
  });
  const support = createSupportStore(db);
  const outboxStore = createOutboxStore(db);
  const outbox = createOutboxRunner({
    store: outboxStore,
    deliveries: {
      'export-mail': createExportMailDelivery({
        jobs,
        notifier: deps.notifier,
        portalUrl: portalAddress(config),
        estimates: {
          status: (exportId) => jobService.status(exportId, null),
          now: deps.now,
          waitMs: config.outbox.startedMailWaitMs,
          recheckMs: config.outbox.intervalMs,
        },
      }),
      'support-request': createSupportWebhookDelivery({
        support,
        webhookUrl: config.supportWebhookUrl,
        timeoutMs: config.outbox.deliveryTimeoutMs,
      }),
    },
    settings: { retry: config.outbox.retry, deliveryTimeoutMs: config.outbox.deliveryTimeoutMs, batchSize: OUTBOX_BATCH },
    logger,
    now: deps.now,
  });
  const routeDeps: RouteDeps = {
    ...deps,
    jobs,
    optOuts,
    support,
    outbox: outboxStore,
    jobService,
    grants,
    reportGrants,
    limits: createLimits(
      deps.limiterStore,
      createCredentialBrakes(db, brakeSettings(config.limits), deps.now),
      config.limits,
      config.rateLimits,
    ),
    readiness: [...databaseReadiness(db), ...(deps.readiness ?? [])],
    engine: jobService.engineParts.engine,
    sourceFolders: jobService.engineParts.sourceFolders ?? null,
  };
  const metrics = deps.metrics ?? createMetrics();

  const app = new Hono();
  app.onError(createErrorHandler(logger));
  const observers = [metrics.http(), requestLog(logger)];
  app.use('*', observeRequests(observers));
  const https = config.publicUrl.startsWith('https:');
  const security = securityHeaders({ hsts: https });
  app.use('*', security.middleware);
  const allowsHost = config.development ? hostAllows(config.devAllowedHosts) : null;
  if (allowsHost) app.use('*', hostAllowList(allowsHost));
  const limitBody = bodyLimit({
    maxSize: config.bodyLimitBytes,
    onError: (c) => apiError(c, 413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${config.bodyLimitBytes} bytes.`),
  });
  // GET and HEAD carry no body to limit (Node discards one unread); skipping them spares every status
  // poll the full Request object that reading `body` makes @hono/node-server build (see docs/performance.md).
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));

  app.route('/', healthRoutes(routeDeps));
  app.route('/', sessionRoutes(routeDeps));
  app.route('/', loadRoutes(routeDeps));
  app.route('/', sourceFolderRoutes(routeDeps));
  app.route('/', statusRoutes(routeDeps));
  app.route('/', checkRoutes(routeDeps));
  app.route('/', accountRoutes(routeDeps));
  app.route('/', supportRoutes(routeDeps));
  app.route('/', downloadRoutes(routeDeps));
  app.route('/', ownerActionRoutes(routeDeps));
  app.route('/', signOutRoutes(routeDeps));
  app.route('/', reportRoutes(routeDeps));
  // A flow started is a redirect to an authorization server and may end in a call to its token
  // endpoint, which anyone can ask for: per client address.
  const flowStarts = requestLimit(routeDeps.limits.requests.flowStarts, { trustedProxyHops: config.trustedProxyHops });
  for (const path of [...FLOW_STARTS.oauth, ...FLOW_STARTS.status]) app.use(path, flowStarts);
  if (deps.identityRoutes) app.route('/', deps.identityRoutes);
  if (config.development) for (const routes of deps.developmentRoutes?.(routeDeps) ?? []) app.route('/', routes);
  app.all('/api/*', apiNotFound);
  // Development pages exist only in development; elsewhere /dev/ is not the SPA's either.
  app.all('/dev/*', apiNotFound);

  const portalPages = pages(config.distDir, { secureCookies: https, security });
  app.get('*', serveDist(config.distDir, portalPages));
  app.notFound((c) => apiError(c, 404, 'NOT_FOUND', 'Not found.'));
  const requestListener = pagesFirst(
    { pages: portalPages, app, observers, allowsHost },
    getRequestListener(app.fetch, { hostname: config.host }),
  );
  return {
    app,
    engineParts: jobService.engineParts,
    jobService,
    outbox,
    metrics,
    ServerResponse: security.ServerResponse,
    requestListener,
  };
}

/** The HTTP app alone (tests, the bench); the loops live on createService(...). */
export const createApp = (deps: AppDependencies): Hono => createService(deps).app;
