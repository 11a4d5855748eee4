/**
 * The transfer engine's public face: run a mail transfer between a source and a destination, with its
 * state in a TransferStateStore. Callers build the adapters (IMAP source with the provider's master
 * user; IMAP destination or a ZIP of MBOX/EML files) and hand them to runMailTransfer.
 */
export * from './ports.ts';
export { runMailTransfer, type MailTransferRun, type MailTransferResult } from './run-mail-transfer.ts';
export { DEFAULT_LIMITS, type TransferLimits } from './pacing.ts';
export type { MailPlan, MailPlanOptions, PlannedFolder } from './plan.ts';
export { createMemoryStateStore, type MemoryStateStore, type MemoryStoreState } from './memory-store.ts';
export { systemClock } from './clock.ts';
export { createImapSource, type ImapSourceConfig } from './imap/source.ts';
export { createImapDestination } from './imap/destination.ts';
export { ImapEndpointSchema, ImapDestinationSchema, ArchiveDestinationSchema, MailTransferJobSchema, type ImapEndpoint, type ImapDestinationConfig, type MailTransferJob } from './job.ts';
export { openZipArchive, type ZipArchive } from './files/zip-archive.ts';
export { createArchiveDestination, type ArchiveDestinationOptions, type ArchiveFormat } from './files/archive-destination.ts';
