/**
 * The transfer engine's public face: run a mail or a contacts transfer between a source and a
 * destination, with its state in a TransferStateStore. Callers build the adapters (IMAP source with the
 * provider's master user, CardDAV source with the provider's service account; IMAP or CardDAV
 * destination, or one ZIP of MBOX/EML and VCF/CSV files) and hand them to runMailTransfer and
 * runContactsTransfer.
 */
export * from './ports.ts';
export { runMailTransfer, type MailTransferRun, type MailTransferResult } from './run-mail-transfer.ts';
export { DEFAULT_LIMITS, type TransferLimits } from './pacing.ts';
export type { MailPlan, MailPlanOptions, PlannedFolder } from './plan.ts';
export { createMemoryStateStore, type MemoryStateStore, type MemoryStoreState } from './memory-store.ts';
export { systemClock } from './clock.ts';
export { createImapSource, type ImapSourceConfig } from './imap/source.ts';
export { createImapDestination } from './imap/destination.ts';
export type { MasterLogin } from './imap/master-login.ts';
export {
  ImapEndpointSchema,
  ImapDestinationSchema,
  ArchiveDestinationSchema,
  GmailApiDestinationSchema,
  type GmailApiDestination,
  MailTransferJobSchema,
  type ImapEndpoint,
  type ImapDestinationConfig,
  type MailTransferJob,
} from './job.ts';
export { openZipArchive, type ZipArchive } from './files/zip-archive.ts';
export { createArchiveDestination, type ArchiveDestinationOptions, type ArchiveFormat } from './files/archive-destination.ts';
export { createPstFile, DEFAULT_PST_PART_BYTES, type PstFile, type PstFileOptions } from './files/pst-file.ts';
export { createPstMailDestination } from './files/pst-destination.ts';
export { buildCsv } from './files/csv.ts';
export { runContactsTransfer, type ContactsTransferRun, type ContactsTransferResult } from './contacts/run-contacts-transfer.ts';
export type {
  AddressBook,
  Contact,
  ContactsDestination,
  ContactsDestinationSession,
  ContactsSource,
  ContactsSourceSession,
  SourceVCard,
  VCardRef,
} from './contacts/ports.ts';
export { createCardDavSource, type CardDavSourceConfig } from './contacts/carddav/source.ts';
export { createCardDavDestination, type CardDavDestinationConfig } from './contacts/carddav/destination.ts';
export {
  createContactsArchiveDestination,
  type ContactsArchiveOptions,
  type ContactsFileFormat,
} from './contacts/files/contacts-archive-destination.ts';
export { createContactsPstDestination } from './contacts/files/contacts-pst-destination.ts';
export { CONTACT_CSV_COLUMNS } from './contacts/files/csv-columns.ts';
export {
  CardDavEndpointSchema,
  CardDavDestinationSchema,
  ContactsArchiveDestinationSchema,
  ContactsTransferJobSchema,
  type CardDavEndpoint,
  type ContactsTransferJob,
} from './contacts/job.ts';
export { createGmailDestination, GMAIL_API_DEFAULTS, type GmailDestinationConfig, type ApiRunOptions } from './gmail/destination.ts';
export type { AccessTokens } from './http/access-tokens.ts';
export { createPeopleDestination, PEOPLE_API_DEFAULTS, type PeopleDestinationConfig } from './contacts/google/people-destination.ts';
export {
  createGraphContactsDestination,
  GRAPH_API_DEFAULTS,
  type GraphContactsDestinationConfig,
} from './contacts/graph/graph-destination.ts';
