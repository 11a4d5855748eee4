/**
 * The API contract of spec §7: one valibot schema for every request and response, shared by the
 * browser clients, the machine's types and the export service. Types are inferred, never written twice.
 * Where §7 says "response: not shown" the shape chosen here is recorded in docs/api.md.
 */
import * as v from 'valibot';

// ── Vocabulary ──────────────────────────────────────────────────────────────────────────────────

export const OPERATIONS = ['emailmigration', 'contactsmigration', 'emailforwarding'] as const;
export const OperationSchema = v.picklist(OPERATIONS);
export type Operation = v.InferOutput<typeof OperationSchema>;

/** The source: the closing provider's own single sign-on. */
export const SOURCE_PROVIDER = 'northwave';

/**
 * Destinations of §1: the terms-gated provider (gmail), two further web mailbox providers,
 * the provider's two successor products (shown only when login is not active), a custom IMAP
 * provider, and a file export.
 */
export const DESTINATION_PROVIDERS = ['gmail', 'outlook', 'yahoo', 'aol', 'northwave_next', 'other', 'file'] as const;
export const DestinationProviderSchema = v.picklist(DESTINATION_PROVIDERS);
export type DestinationProvider = v.InferOutput<typeof DestinationProviderSchema>;

export const ProviderSchema = v.union([v.literal(SOURCE_PROVIDER), DestinationProviderSchema]);
export type Provider = v.InferOutput<typeof ProviderSchema>;

export const EMAIL_FORMATS = ['EML', 'MBOX', 'PST'] as const;
export const EmailFormatSchema = v.picklist(EMAIL_FORMATS);
export type EmailFormat = v.InferOutput<typeof EmailFormatSchema>;

export const CONTACTS_FORMATS = ['CSV', 'VCF', 'PST'] as const;
export const ContactsFormatSchema = v.picklist(CONTACTS_FORMATS);
export type ContactsFormat = v.InferOutput<typeof ContactsFormatSchema>;

/** Server opt-out states of §4; `NONE` stands for "or none". */
export const SERVER_OPT_OUT_STATES = [
  'NONE',
  'OPTED_OUT_INITIAL',
  'OPTED_OUT_DELETE',
  'OPTED_OUT_CANCEL',
  'OPTED_OUT_MBOX_PURGED',
] as const;
export const ServerOptOutStateSchema = v.picklist(SERVER_OPT_OUT_STATES);
export type ServerOptOutState = v.InferOutput<typeof ServerOptOutStateSchema>;

export const OPT_OUT_REQUESTS = ['OPT_OUT', 'OPT_OUT_CANCEL'] as const;
export const OptOutRequestSchema = v.picklist(OPT_OUT_REQUESTS);
export type OptOutRequest = v.InferOutput<typeof OptOutRequestSchema>;

export const MIGRATION_STATUSES = ['YAHOO', 'COMCAST', 'PURGED'] as const;
export const PURGE_REASONS = [
  'OPTED_OUT_DELETE',
  'TOS_TIMEOUT_DELETE',
  'TOS_ACCEPTED_DELETE',
  'ACCOUNTS_CLEANUP_DELETE',
  'BAU_DELETE',
  'INACTIVE_COMMS_DELETE',
] as const;

/** Export ID (job id): 32 alphanumerics (§5). */
export const EXPORT_ID_PATTERN = /^[A-Za-z0-9]{32}$/;
export const ExportIdSchema = v.pipe(v.string(), v.regex(EXPORT_ID_PATTERN, 'Invalid export ID'));
export type ExportId = v.InferOutput<typeof ExportIdSchema>;

/** Email hash for status-from-email: 40 characters (§5), a keyed hash in hex. */
export const EmailHashSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/i, 'Invalid hash'));

/** Address limits of §9: at most 254 characters, local part at most 64. */
export const EmailAddressSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(254),
  v.email('Please enter a valid email address.'),
  v.check((address) => (address.split('@')[0] ?? '').length <= 64, 'Please enter a valid email address.'),
);

const OptionalText = v.optional(v.string());
const Nullish = <T extends v.GenericSchema>(schema: T) => v.nullish(schema);

// ── Accounts ────────────────────────────────────────────────────────────────────────────────────

export const SourceAccountSchema = v.object({
  email: v.string(),
  password: OptionalText,
  tokenId: OptionalText,
  imap: OptionalText,
  provider: v.string(),
});
export type SourceAccount = v.InferOutput<typeof SourceAccountSchema>;

/** A file export uses a placeholder account: provider `file` and no credentials. */
export const DestinationAccountSchema = v.object({
  provider: DestinationProviderSchema,
  email: OptionalText,
  password: OptionalText,
  imap: OptionalText,
  tokenId: OptionalText,
});
export type DestinationAccount = v.InferOutput<typeof DestinationAccountSchema>;

// ── Session client calls (cookies, bearer, XSRF) ────────────────────────────────────────────────

export const CapabilitiesRequestSchema = v.object({ email: v.string() });
export type CapabilitiesRequest = v.InferOutput<typeof CapabilitiesRequestSchema>;
export const CapabilitiesResponseSchema = v.object({
  allowed_operations: v.array(OperationSchema),
  auth: v.string(),
  provider: v.string(),
});
export type CapabilitiesResponse = v.InferOutput<typeof CapabilitiesResponseSchema>;

export const ValidateRequestSchema = v.object({
  email: v.string(),
  password: v.string(),
  imap: OptionalText,
  provider: v.string(),
});
export type ValidateRequest = v.InferOutput<typeof ValidateRequestSchema>;
/** `error` is `INVALID_IMAP` when the host is wrong, `INVALID_CREDENTIALS` otherwise. */
export const ValidateResponseSchema = v.object({ ok: v.boolean(), error: Nullish(v.string()) });
export type ValidateResponse = v.InferOutput<typeof ValidateResponseSchema>;

export const LoadRequestSchema = v.object({
  source_account: SourceAccountSchema,
  destination_account: DestinationAccountSchema,
  operations: v.pipe(v.array(OperationSchema), v.minLength(1, 'One operations option has to be selected.')),
  parameters: v.object({
    sourceImap: OptionalText,
    destinationImap: OptionalText,
    notificationEmail: v.string(),
  }),
  file_export_parameters: v.optional(
    v.object({ emailFormat: v.optional(EmailFormatSchema), contactsFormat: v.optional(ContactsFormatSchema) }),
  ),
});
export type LoadRequest = v.InferOutput<typeof LoadRequestSchema>;
export const LoadResponseSchema = v.object({ jobid: ExportIdSchema });
export type LoadResponse = v.InferOutput<typeof LoadResponseSchema>;

// ── Export service calls (no credentials) ───────────────────────────────────────────────────────

export const JobQuerySchema = v.object({ job_id: v.string() });

/** started is shown 'In progress'; any value other than these three is treated as error (§4). */
export const JOB_STATUSES = ['started', 'completed', 'error'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const toJobStatus = (status: unknown): JobStatus =>
  status === 'started' || status === 'completed' ? status : 'error';

export const OperationStatusSchema = v.object({
  status: v.string(),
  /** For a completed file export: a link valid for two weeks. */
  download_url: Nullish(v.string()),
});
export const StatusResponseSchema = v.object({
  emailmigration: Nullish(OperationStatusSchema),
  contactsmigration: Nullish(OperationStatusSchema),
  error: Nullish(v.string()),
});
export type StatusResponse = v.InferOutput<typeof StatusResponseSchema>;

export const ValidateImapRequestSchema = v.object({ imap: v.string() });
export const OkResponseSchema = v.object({ ok: v.boolean() });
export type OkResponse = v.InferOutput<typeof OkResponseSchema>;

export const JobsByEmailRequestSchema = v.object({ hash: EmailHashSchema });
/** Map of export id to start time (ISO 8601). */
export const JobsByEmailResponseSchema = v.record(v.string(), v.string());
export type JobsByEmailResponse = v.InferOutput<typeof JobsByEmailResponseSchema>;

export const DomainValidationQuerySchema = v.object({ domain: v.pipe(v.string(), v.minLength(1), v.maxLength(253)) });

export const TokenQuerySchema = v.object({
  token_id: v.pipe(v.string(), v.minLength(1)),
  in_qa: v.optional(v.picklist(['true', 'false'])),
});

export const MigrationStatusResponseSchema = v.object({
  mailbox: Nullish(v.boolean()),
  account: Nullish(v.boolean()),
  login: Nullish(v.boolean()),
  carddav: Nullish(v.boolean()),
  optOutState: Nullish(v.string()),
  migrationStatus: Nullish(v.string()),
  purgeReason: Nullish(v.string()),
  /** ISO 8601 date-time; the browser turns it into whole days remaining. */
  deactivationDate: Nullish(v.string()),
  optedOutToBePurgedDate: Nullish(v.string()),
  error: Nullish(v.string()),
});
export type MigrationStatusResponse = v.InferOutput<typeof MigrationStatusResponseSchema>;

export const OptOutUpdateRequestSchema = v.object({ optOutState: OptOutRequestSchema });
export type OptOutUpdateRequest = v.InferOutput<typeof OptOutUpdateRequestSchema>;
export const OptOutUpdateResponseSchema = v.object({
  status: v.string(),
  optOutState: Nullish(v.string()),
  error: Nullish(v.string()),
});
export type OptOutUpdateResponse = v.InferOutput<typeof OptOutUpdateResponseSchema>;

export const COMCAST_INACTIVE_VALUES = ['user', 'account', 'mailbox', 'carddav'] as const;
export const ComcastInfoResponseSchema = v.object({ inactive: Nullish(v.string()) });
export type ComcastInfoResponse = v.InferOutput<typeof ComcastInfoResponseSchema>;

export const ValidateTokenRequestSchema = v.object({ token: v.string() });
export const ValidateTokenResponseSchema = v.object({ valid: v.boolean(), email: Nullish(v.string()) });
export type ValidateTokenResponse = v.InferOutput<typeof ValidateTokenResponseSchema>;

// ── Support form webhook ────────────────────────────────────────────────────────────────────────

export const SupportRequestSchema = v.object({
  email_address: v.pipe(v.string(), v.minLength(1), v.includes('@', 'Please enter a valid email address.')),
  destination_email: v.string(),
  migration_id: v.string(),
  issue: v.pipe(v.string(), v.minLength(6)),
});
export type SupportRequest = v.InferOutput<typeof SupportRequestSchema>;
export const SupportResponseSchema = v.object({ ok: v.boolean() });

// ── Errors the service answers with ─────────────────────────────────────────────────────────────

/** Body of every 4xx/5xx answer: a machine-readable code, a sentence, and the offending field. */
export const ApiErrorBodySchema = v.object({
  error: v.string(),
  message: v.optional(v.string()),
  field: v.optional(v.string()),
});
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBodySchema>;

/** Browser redirect targets (§7); the query strings are built by src/api/redirects. */
export const OAUTH_PATH = '/api/oauth/';
export const OAUTH_FOR_STATUS_PATH = '/api/oauth-for-status/';

/** Errors carried back in the callback query (§8). */
export const OAUTH_ERRORS = [
  'EXTERNAL_OAUTH_ERROR',
  'MISSING_SCOPE',
  'PROVIDER_NOT_SUPPORTED',
  'UNSUPPORTED_PROVIDER',
] as const;

/**
 * What every client function rejects with, so the machine can map failures to §8 texts without
 * knowing about HTTP: `network` (no answer), `status` (non-2xx; `code` is the body's `error` when
 * there is one), `schema` (a 2xx body that does not match its schema).
 */
export const ApiFailureSchema = v.object({
  kind: v.picklist(['network', 'status', 'schema']),
  status: v.optional(v.number()),
  code: v.optional(v.string()),
});
export type ApiFailure = v.InferOutput<typeof ApiFailureSchema>;
export const isApiFailure = (error: unknown): error is ApiFailure => v.is(ApiFailureSchema, error);
