/**
 * Assembles the service as `npm start` runs it: configuration from the environment, the database
 * (SQLite, or Postgres with DATABASE_URL) migrated to the latest schema, the secret, one adapter per
 * port, and the transfer worker in the same process (server/transfers/: the engine behind
 * TransferEngine). In development (the default) the stand-ins run: the embedded development provider
 * for what has no real issuer configured (sign-in with the scenario accounts, Google and Microsoft
 * consent), the sample mailboxes as the transfers' source and the development mailbox store as the
 * destination of the providers whose consent is a stand-in and of Other (server/dev-mail), the
 * simulated vendor for the failing scenario account only, offline mailbox checks (unless
 * ADAPTERS=real) and mail to the outbox folder. In production none of them does: what has no real
 * adapter is absent (an unconfigured destination is not offered, load refuses without a source mail
 * server), never replaced by a stand-in. The bench and end-to-end tests use it too.
 */
import type { Logger } from 'pino';
import { providerName } from '../contract/index.ts';
import { SERVICE_BRAND_NAME } from './notify/export-mail.ts';
import { createService, type ExportService } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/open.ts';
import { createLogger } from './http/logger.ts';
import { loadOrCreateSecret } from './secret.ts';
import { makeFoldersPrivate } from './private-files.ts';
import { emailHash } from './identity/email-hash.ts';
import { assembleIdentity, developmentIssuers } from './identity/assemble.ts';
import { scenarioDirectory, type ScenarioDirectory } from './development/scenarios.ts';
import { developmentRoutes } from './development/pages.ts';
import { createTokenStore } from './identity/token-store.ts';
import { createSimulatedVendor } from './development/vendor/simulated-vendor.ts';
import { routeScenarios } from './development/vendor/scenario-vendor.ts';
import { createTransferService } from './transfers/index.ts';
import { createDevCredentialChecker } from './development/checks/credential-checker.ts';
import { createDevDomainValidator } from './development/checks/domain-validator.ts';
import { createDevImapResolver } from './development/checks/imap-resolver.ts';
import { createDnsDomainValidator, createDnsImapResolver, createImapCredentialChecker, createOutboundGuard } from './checks/index.ts';
import { createMailNotifier } from './notify/mail-notifier.ts';
import { runPeriodically } from './background/periodic.ts';
import { createPurge } from './background/purge.ts';
import { openLimiterStore } from './limits/limiter-store.ts';
import type { GrantKeeper } from './identity/destination-grants.ts';

import { createDevMail, type DevMail } from './development/mail/index.ts';
import { createMetrics } from './ops/metrics.ts';
import { openTransferQueue } from './queue/open-queue.ts';
import { consentAt, CONSENTS, PROVIDER_IMAP_SERVERS } from './destinations/index.ts';

export type RunningParts = ExportService & {
  db: Db;
  logger: Logger;
  config: Config;
  /** The destination tokens of consents: the transfer engine reads them through the DestinationGrants port. */
  destinationGrants: GrantKeeper;
  close: () => Promise<void>;
};

/** What runs as a development stand-in, and what production lacks a real adapter for; logged at start. */
export function describeParts(config: Config): { standIns: string[]; unavailable: string[] } {
  const standIns: string[] = [];
  const unavailable: string[] = [];
  const embedded = developmentIssuers(config);
  if (embedded.includes('sso')) standIns.push('embedded development sign-in (scenario accounts, no password)');
  const consents = embedded
    .filter((issuer) => issuer !== 'sso')
    .map((issuer) => providerName(consentAt(issuer).provider, SERVICE_BRAND_NAME));
  if (consents.length)
    standIns.push(`embedded development ${[consents.slice(0, -1).join(', '), consents.at(-1)].filter(Boolean).join(' and ')} consent`);
  if (config.development) {
    standIns.push(
      config.sourceImap
        ? `development mailbox store in ${config.devMailDir} for the OAuth destinations`
        : `sample mailboxes and development destination mailboxes in ${config.devMailDir}`,
      config.sourceCardDav
        ? `development address-book store in ${config.devMailDir} for the OAuth destinations`
        : `sample address books and development destination address books in ${config.devMailDir}`,
      'simulated migration vendor for the failing scenario account',
      '/dev pages',
    );
  } else {
    for (const { server, provider, prefix } of CONSENTS) {
      if (!config.identity[server.name])
        unavailable.push(`${providerName(provider, SERVICE_BRAND_NAME)} (${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET not set)`);
    }
    for (const { provider, prefix } of PROVIDER_IMAP_SERVERS) {
      if (!(provider in config.destinations.providerImap))
        unavailable.push(`${providerName(provider, SERVICE_BRAND_NAME)} (${prefix}_IMAP not set)`);
    }
    if (!config.sourceImap) unavailable.push('transfers (no source mail server: SOURCE_IMAP_HOST)');
    if (!config.sourceCardDav) unavailable.push('contacts transfers (no source address-book server: SOURCE_CARDDAV_URL)');
  }
  if (config.adapters === 'development') standIns.push('offline mailbox checks');
  if (!config.smtpUrl) standIns.push(`mail written to ${config.outboxDir}`);
  if (!config.hashSecret) standIns.push('secret generated in DATA_DIR');
  return { standIns, unavailable };
}

/** How often the forwarding loop looks for due passes, at most. */
const FORWARDING_ROUND_MS = 60_000;

/** The folders the service keeps customers' data in (archives, development mail), made private at start. */
const dataFolders = (config: Config): string[] => [
  config.dataDir,
  config.filesDir,
  ...(config.smtpUrl ? [] : [config.outboxDir]),
  ...(config.development ? [config.devMailDir] : []),
];

/**
 * Writes the scenario accounts' sample mailboxes and address books on first start, in the background:
 * the service answers meanwhile, and a transfer that needs an account first waits for its data. A
 * shutdown (`signal`) waits only for the account being written, not for all of them.
 */
export async function prepareDevMail(devMail: DevMail, directory: ScenarioDirectory, logger: Logger, signal?: AbortSignal): Promise<void> {
  // Only accounts whose mailbox can be exported get one; any other address gets its data on first use.
  const addresses = directory
    .scenarios()
    .filter((a) => a.migration.mailbox)
    .map((a) => a.email);
  try {
    const report = await devMail.prepare(addresses, signal);
    if (report.generated.length > 0) {
      logger.info(
        { accounts: report.generated.length, messages: report.messages, cards: report.cards, ms: report.ms, dir: devMail.layout.dir },
        'sample mailboxes and address books written',
      );
    }
  } catch (error) {
    logger.error({ err: error }, 'sample mailboxes could not be written');
  }
}

export async function assembleService(config: Config, options: { logger?: Logger; now?: () => number } = {}): Promise<RunningParts> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const now = options.now ?? Date.now;
  await makeFoldersPrivate(dataFolders(config), logger);
  const secret = loadOrCreateSecret(config.hashSecret, config.dataDir);
  const db = await openDatabase(config.database, logger);
  const tokens = createTokenStore(db, { ttlMs: config.tokenTtlMs, now });
  const directory = scenarioDirectory;
  const real = config.adapters === 'real';
  const guard = createOutboundGuard(config.outbound);
  const limiterStore = openLimiterStore(config.database, (error) =>
    logger.error({ err: error }, 'limits: an idle database connection failed'),
  );
  const queue = await openTransferQueue(config, (error) => logger.error({ err: error }, 'transfer queue: pg-boss reported an error')).catch(
    async (error: unknown) => {
      await limiterStore.close();
      await db.destroy();
      throw error;
    },
  );
  const devMail = config.development ? createDevMail({ dir: config.devMailDir, deliveryMs: config.devMailDeliveryMs }) : null;
  // The sample mailboxes are the source only when no mail server is configured.
  const preparation = new AbortController();
  const preparing = devMail && !config.sourceImap ? prepareDevMail(devMail, directory, logger, preparation.signal) : Promise.resolve();
  const identity = await assembleIdentity({ config, db, secret, tokens, directory, logger, now });
  const destinationGrants = identity.grants;
  const metrics = createMetrics({ process: true });
  const service = createService({
    config,
    db,
    logger,
    now,
    secret,
    hashEmail: (email) => emailHash(email, secret),
    tokens,
    identityRoutes: identity.routes,
    destinationGrants,
    directory,
    // The service builds its engine with the port the engine reports ends to.
    buildEngine: (events) => {
      const transfers = createTransferService({
        queueOver: queue.over,
        metrics,
        config,
        db,
        secret,
        logger,
        now,
        devMail,
        guard,
        grants: destinationGrants,
        events,
      });
      const engine = config.development
        ? routeScenarios({
            simulated: createSimulatedVendor({
              jobDurationMs: config.jobDurationMs,
              exportFails: () => true,
              filesDir: config.filesDir,
              now,
            }),
            engine: transfers.engine,
            // The failing scenario's timeline.
            simulates: (job) => directory.find(job.sourceEmail).exportsFail,
          })
        : transfers.engine;
      return { engine, transfers, sourceFolders: transfers.sourceFolders };
    },
    credentialChecker: real ? createImapCredentialChecker({ guard }) : createDevCredentialChecker(),
    imapResolver: real ? createDnsImapResolver({ guard }) : createDevImapResolver(),
    domainValidator: real
      ? createDnsDomainValidator({ servers: config.outbound.dnsServers ? [...config.outbound.dnsServers] : undefined })
      : createDevDomainValidator(),
    notifier: createMailNotifier({
      smtpUrl: config.smtpUrl ?? undefined,
      outboxDir: config.outboxDir,
      from: config.mailFrom,
      timeoutMs: config.outbox.deliveryTimeoutMs,
    }),
    limiterStore,
    developmentRoutes: developmentRoutes(devMail),
    metrics,
    readiness: [{ name: 'queue', check: async () => void (await queue.over(db).depth()) }],
  });
  const { transfers } = service.engineParts;
  const purge = createPurge({ db, config, grants: destinationGrants, now, logger });
  // A web-only process answers and queues; the transfers and the background passes are the workers'.
  const runsWorker = config.role !== 'web';
  if (runsWorker) transfers.worker.start();
  metrics.track({ queueDepth: () => queue.over(db).depth(), running: () => transfers.worker.runningIds().length });
  const stops = !runsWorker
    ? []
    : [
        // First: each run stops at its next checkpoint and gives its lease back before the database closes.
        transfers.worker.stop,
        service.jobService.startSweep(config.sweepIntervalMs),
        service.outbox.start(config.outbox.intervalMs),
        runPeriodically(config.retention.purgeIntervalMs, () => purge.run()),
        // Forwarding's due passes start within a minute of their time (or each interval, if shorter).
        service.jobService.startForwardingLoop(Math.min(config.transfers.forwardingIntervalMs, FORWARDING_ROUND_MS)),
      ];
  return {
    ...service,
    db,
    logger,
    config,
    destinationGrants,
    async close() {
      preparation.abort();
      await Promise.all(stops.map((stop) => stop()));
      await limiterStore.close();
      await queue.close();
      await preparing;
      await identity.close();
      await db.destroy();
    },
  };
}
