/** Everything a route group may use, assembled once by createApp. */
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import type { JobsStore } from '../db/jobs-store.ts';
import type { OptOutStore } from '../db/opt-out-store.ts';
import type { OutboxStore } from '../db/outbox-store.ts';
import type { SupportStore } from '../db/support-store.ts';
import type { DownloadGrants } from '../jobs/download-grant.ts';
import type { JobService } from '../jobs/job-service.ts';
import type { Limits } from '../limits/limits.ts';
import type { ServiceTokens } from '../http/auth.ts';
import type { ReadinessCheck } from '../ops/readiness.ts';
import type { SourceFolderReader } from '../transfers/source-folders.ts';
import type { AccountDirectory, CredentialChecker, DomainValidator, ImapHostResolver, TransferEngine } from '../ports.ts';

export type RouteDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  now: () => number;
  hashEmail: (email: string) => string;
  tokens: ServiceTokens;
  directory: AccountDirectory;
  credentialChecker: CredentialChecker;
  imapResolver: ImapHostResolver;
  domainValidator: DomainValidator;
  engine: TransferEngine;
  jobs: JobsStore;
  optOuts: OptOutStore;
  support: SupportStore;
  outbox: OutboxStore;
  jobService: JobService;
  grants: DownloadGrants;
  reportGrants: DownloadGrants;
  limits: Limits;
  /** The signed-in account's folders for the options page; null where no source can be read (no transfer service). */
  sourceFolders: SourceFolderReader | null;
  /** What /readyz checks: the database and its migrations, and what the owner adds (the transfer queue). */
  readiness: readonly ReadinessCheck[];
};
