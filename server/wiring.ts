/**
 * Assembles the service as `npm start` runs it: configuration from the environment, the SQLite
 * file, the secret, and the adapters — development ones (scenario directory, simulated vendor,
 * offline mailbox checks, mail to the outbox folder) unless ADAPTERS=real selects the IMAP/DNS
 * checks. The bench and end-to-end tests use it too, with their own configuration.
 */
import type { Logger } from 'pino';
import { createService, type ExportService } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/open.ts';
import { createLogger } from './http/logger.ts';
import { loadOrCreateSecret } from './secret.ts';
import { emailHash } from './identity/email-hash.ts';
import { createIdentityRoutes } from './identity/routes.ts';
import { scenarioDirectory } from './identity/scenarios.ts';
import { createTokenStore } from './identity/token-store.ts';
import { createSimulatedVendor } from './vendor/simulated-vendor.ts';
import {
  createDevCredentialChecker,
  createDevDomainValidator,
  createDevImapResolver,
  createDnsDomainValidator,
  createDnsImapResolver,
  createImapCredentialChecker,
} from './checks/index.ts';
import { createMailNotifier } from './notify/mail-notifier.ts';

export type RunningParts = ExportService & { db: Db; logger: Logger; config: Config; close: () => Promise<void> };

export function assembleService(config: Config, options: { logger?: Logger; now?: () => number } = {}): RunningParts {
  const logger = options.logger ?? createLogger(config.logLevel);
  const now = options.now ?? Date.now;
  const secret = loadOrCreateSecret(config.hashSecret, config.dataDir);
  const db = openDatabase(config.databasePath);
  const tokens = createTokenStore(db, { ttlMs: config.tokenTtlMs, now });
  const directory = scenarioDirectory;
  const real = config.adapters === 'real';
  const service = createService({
    config,
    db,
    logger,
    now,
    secret,
    hashEmail: (email) => emailHash(email, secret),
    tokens,
    identityRoutes: createIdentityRoutes({ tokens, directory, hashSecret: secret, publicUrl: config.publicUrl, now }),
    directory,
    vendor: createSimulatedVendor({
      jobDurationMs: config.jobDurationMs,
      exportFails: (email) => directory.find(email).exportsFail,
      filesDir: config.filesDir,
      now,
    }),
    credentialChecker: real ? createImapCredentialChecker() : createDevCredentialChecker(),
    imapResolver: real ? createDnsImapResolver() : createDevImapResolver(),
    domainValidator: real ? createDnsDomainValidator() : createDevDomainValidator(),
    notifier: createMailNotifier({ smtpUrl: config.smtpUrl ?? undefined, outboxDir: config.outboxDir, from: config.mailFrom }),
  });
  const stopSweep = service.jobService.startSweep(config.sweepIntervalMs);
  return {
    ...service,
    db,
    logger,
    config,
    async close() {
      await stopSweep();
      db.close();
    },
  };
}
