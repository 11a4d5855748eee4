/**
 * The service's own transfers, assembled: the engine behind TransferEngine (transfer-engine.ts), the worker loop
 * that runs what it queues, and the environment both build the engine's adapters from (sources and
 * destinations as configured). wiring.ts (and the test harness) call this once; the worker starts
 * with start() and stops, giving its transfers back, with stop().
 */
import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import { isPasswordDestination } from '../../contract/index.ts';
import type { OutboundGuard } from '../checks/outbound-guard.ts';
import type { Config } from '../config.ts';
import { createVault } from '../crypto/vault.ts';
import type { Db } from '../db/open.ts';
import { createTransferReportStore } from '../db/transfer-report-store.ts';
import { createTransferStateStore } from '../db/transfer-state-store.ts';
import { createTransfersStore } from '../db/transfers-store.ts';
import { systemClock, type Clock } from '../engine/index.ts';
import { CONSENTS } from '../destinations/index.ts';
import type { DestinationGrants, DevelopmentMailStore, ExportEvents, TransferEngine, TransferQueue, ExportJob } from '../ports.ts';
import { createTransferEngine } from './transfer-engine.ts';
import { createFollowUps } from './follow-ups.ts';
import { isPass } from './passes.ts';
import { createTransferEnvironment } from './environment.ts';
import { createSourceFolderReader, type SourceFolderReader } from './source-folders.ts';
import type { Metrics } from '../ops/metrics.ts';
import { instrumentStateStore } from '../ops/transfer-metrics.ts';
import { createTransferWorker, type TransferWorker } from './worker.ts';

export type TransferServiceOptions = {
  config: Config;
  db: Db;
  /** The service secret; the vault's key is derived from it. */
  secret: string;
  logger: Logger;
  now?: () => number;
  clock?: Clock;
  devMail: DevelopmentMailStore | null;
  guard: OutboundGuard;
  /** The consents' OAuth access tokens, for the OAuth destinations. */
  grants: DestinationGrants;
  /** Counts what the runs move and how they end (the process's metrics); none in tests that do not read them. */
  metrics?: Metrics;
  /** The transfer queue over a database handle (server/queue/open-queue.ts). */
  queueOver: (db: Db) => TransferQueue;
  /** The export service this engine reports to: claimed, slept, ended (createService passes it when it builds the engine). */
  events: ExportEvents;
};

export type TransferService = { engine: TransferEngine; worker: TransferWorker; sourceFolders: SourceFolderReader };

/** Claims in a row whose run died with its process before a transfer is given up. */
const MAX_ATTEMPTS = 10;
const RETRY_MS = 30_000;

/** Whether a destination's consent is a real authorization server's (configured), not the development provider's. */
/** A real way in to the destination is configured: its consent's client, or the provider's own server for it. */
function hasRealAccess(config: Config, provider: ExportJob['destinationProvider']): boolean {
  if (provider in config.destinations.providerImap) return true;
  const consent = CONSENTS.find((candidate) => candidate.provider === provider);
  return consent !== undefined && config.identity[consent.server.name] !== null;
}

const readPem = (file: string | null) => (file === null ? null : readFileSync(file, 'utf8'));

export function createTransferService(options: TransferServiceOptions): TransferService {
  const { config, db, logger } = options;
  const now = options.now ?? Date.now;
  const vault = createVault(options.secret);
  const clock = options.clock ?? systemClock;
  const { sourceImap } = config;
  const environment = createTransferEnvironment({
    sourceImap: sourceImap ? { ...sourceImap, ca: readPem(sourceImap.caFile) } : null,
    sourceCardDav: config.sourceCardDav,
    devMail: options.devMail,
    guard: options.guard,
    destinationCa: readPem(config.transfers.destinationCaFile),
    grants: options.grants,
    destinations: config.destinations,
    clock,
  });
  const reports = createTransferReportStore(db);
  const followUps = createFollowUps({
    db,
    queueOver: options.queueOver,
    reports,
    vault,
    now,
    windowMs: config.transfers.copyNewMailDays * 24 * 60 * 60 * 1000,
  });
  const worker = createTransferWorker({
    store: options.metrics ? instrumentStateStore(createTransferStateStore(db), options.metrics) : createTransferStateStore(db),
    reports,
    environment,
    clock,
    filesDir: config.filesDir,
    pstPartBytes: config.transfers.pstPartBytes,
    queue: options.queueOver(db),
    transfers: createTransfersStore(db),
    vault,
    logger,
    now,
    settings: { ...config.transfers, maxAttempts: MAX_ATTEMPTS, retryMs: RETRY_MS },
    onEnding: followUps.keepAfter,
    // A pass of Copy new mail is no export: its export ended long ago, and has no lifecycle left to report to.
    events: {
      claimed: async (exportId) => (isPass(exportId) ? undefined : options.events.claimed(exportId)),
      slept: async (exportId, resumeAt) => (isPass(exportId) ? undefined : options.events.slept(exportId, resumeAt)),
      async ended(exportId) {
        // A pass ends alone (its secret goes, its export may start another), and its export keeps its consent.
        if (isPass(exportId)) return followUps.passEnded(exportId);
        await options.events.ended(exportId);
        // The consent's tokens end with the transfer, as its password does (the purge is the backstop),
        // unless its follow-up keeps them for Copy new mail.
        if (await followUps.holdsGrant(exportId)) return;
        await options.grants
          .delete(exportId)
          .catch((error: unknown) => logger.error({ err: error, exportId }, 'transfer: could not delete its destination grant'));
      },
    },
  });
  const engine = createTransferEngine({
    db,
    queueOver: options.queueOver,
    reports,
    vault,
    environment,
    worker,
    followUps,
    filesDir: config.filesDir,
    // Development delivers to the development mailbox store where no real destination can be reached:
    // an OAuth destination whose consent was the development provider's (no real client configured), a
    // successor product whose server is not configured, and a password destination (Other, iCloud) unless
    // the real checks (ADAPTERS=real) validated its password against its real server.
    planOptions: {
      developmentStore: (provider) =>
        config.development && (isPasswordDestination(provider) ? config.adapters === 'development' : !hasRealAccess(config, provider)),
      gmailMailPath: config.destinations.gmailMailPath,
      imap: config.destinations.imap,
      providerImap: config.destinations.providerImap,
      limits: config.destinations,
    },
    caps: config.destinations,
    now,
  });
  return { engine, worker, sourceFolders: createSourceFolderReader(environment.mailSource, config.sourceFoldersTimeoutMs) };
}
