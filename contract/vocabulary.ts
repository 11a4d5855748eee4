/**
 * The words every call uses: operations, providers, formats, opt-out states, and the identifiers of
 * docs/spec-rules.md §3 and §5 (export ID, email hash, address limits).
 */
import * as v from 'valibot';
import { DESTINATION_IDS, destinationOf } from './destinations/index.ts';

export const OperationSchema = v.picklist(['emailmigration', 'contactsmigration', 'emailforwarding']);
export type Operation = v.InferOutput<typeof OperationSchema>;

/** The operations a choice means (§3: forwarding implies email): forwarding's passes copy new mail after the export's own. */
export const withImpliedOperations = (operations: readonly Operation[]): Operation[] => [
  ...new Set<Operation>(operations.includes('emailforwarding') ? ['emailmigration', ...operations] : operations),
];

/** The source: the closing provider's own single sign-on. */
export const SourceProviderSchema = v.literal('northwave');
export const SOURCE_PROVIDER: v.InferOutput<typeof SourceProviderSchema> = 'northwave';

/** Destinations: one descriptor each, in contract/destinations/ (the provider cards' order). */
export const DestinationProviderSchema = v.picklist(DESTINATION_IDS);
export type DestinationProvider = v.InferOutput<typeof DestinationProviderSchema>;

/**
 * Whether a destination has somewhere to put contacts: its descriptor gives the reason when not. The
 * service's capabilities and load, and the machine's options page, read the same rule.
 */
export const destinationTakesContacts = (destination: DestinationProvider): boolean =>
  destinationOf(destination).mailOnlyReason === undefined;

export const ProviderSchema = v.union([SourceProviderSchema, DestinationProviderSchema]);
export type Provider = v.InferOutput<typeof ProviderSchema>;

export const EmailFormatSchema = v.picklist(['EML', 'MBOX', 'PST']);
export type EmailFormat = v.InferOutput<typeof EmailFormatSchema>;

export const ContactsFormatSchema = v.picklist(['CSV', 'VCF', 'PST']);
export type ContactsFormat = v.InferOutput<typeof ContactsFormatSchema>;

/** Server opt-out states; `NONE` stands for "or none". */
export const ServerOptOutStateSchema = v.picklist([
  'NONE',
  'OPTED_OUT_INITIAL',
  'OPTED_OUT_DELETE',
  'OPTED_OUT_CANCEL',
  'OPTED_OUT_MBOX_PURGED',
]);
export type ServerOptOutState = v.InferOutput<typeof ServerOptOutStateSchema>;

export const OptOutRequestSchema = v.picklist(['OPT_OUT', 'OPT_OUT_CANCEL']);
export type OptOutRequest = v.InferOutput<typeof OptOutRequestSchema>;

/** Where the account's mail went, as the migration status call reports it. */
export const MigrationOutcomeSchema = v.picklist(['YAHOO', 'COMCAST', 'PURGED']);
export type MigrationOutcome = v.InferOutput<typeof MigrationOutcomeSchema>;

export const PurgeReasonSchema = v.picklist([
  'OPTED_OUT_DELETE',
  'TOS_TIMEOUT_DELETE',
  'TOS_ACCEPTED_DELETE',
  'ACCOUNTS_CLEANUP_DELETE',
  'BAU_DELETE',
  'INACTIVE_COMMS_DELETE',
]);
export type PurgeReason = v.InferOutput<typeof PurgeReasonSchema>;

/** What comcastinfo's `inactive` names: user or account (no account), mailbox, carddav (no contacts). */
export const InactiveServiceSchema = v.picklist(['user', 'account', 'mailbox', 'carddav']);
export type InactiveService = v.InferOutput<typeof InactiveServiceSchema>;

/** Export ID: 32 alphanumerics. */
export const ExportIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{32}$/, 'Invalid export ID'));
export type ExportId = v.InferOutput<typeof ExportIdSchema>;

/** Email hash for status-from-email: 40 characters, a keyed hash in hex. */
export const EmailHashSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/i, 'Invalid hash'));

/** Address limits: at most 254 characters, local part at most 64. */
export const EmailAddressSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(254),
  v.email('Please enter a valid email address.'),
  v.check((address) => (address.split('@')[0] ?? '').length <= 64, 'Please enter a valid email address.'),
);
