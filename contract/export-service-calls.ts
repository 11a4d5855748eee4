/**
 * Calls of the export-service client (no credentials): IMAP host and domain checks, the status
 * lookups, the account calls that carry `token_id` in the query, and validate-token.
 */
import * as v from 'valibot';
import { OperationProgressFields, OwnerStatusFields } from './progress.ts';
import { EmailHashSchema, OptOutRequestSchema } from './vocabulary.ts';

export const OperationStatusSchema = v.object({
  /** started, completed or error; the browser treats any other value as error. */
  status: v.string(),
  /** For a completed file export, in the owner's signed-in answer only: a short-lived link. */
  download_url: v.nullish(v.string()),
  ...OperationProgressFields,
});
/** The status answer (anonymous v2, and the signed-in one, which adds the owner's fields). */
export const StatusResponseSchema = v.object({
  emailmigration: v.nullish(OperationStatusSchema),
  contactsmigration: v.nullish(OperationStatusSchema),
  error: v.nullish(v.string()),
  /**
   * Ours, additive: a completed file export's file is kept and can be downloaded, by its owner signed
   * in (only their signed-in answer carries the link). Absent otherwise.
   */
  file_ready: v.optional(v.boolean()),
  ...OwnerStatusFields,
});
export type StatusResponse = v.InferOutput<typeof StatusResponseSchema>;

export const ValidateImapRequestSchema = v.object({ imap: v.string() });
export type ValidateImapRequest = v.InferOutput<typeof ValidateImapRequestSchema>;
export const OkResponseSchema = v.object({ ok: v.boolean() });
export type OkResponse = v.InferOutput<typeof OkResponseSchema>;

export const JobsByEmailRequestSchema = v.object({ hash: EmailHashSchema });
export type JobsByEmailRequest = v.InferOutput<typeof JobsByEmailRequestSchema>;
/** Map of export id to start time (ISO 8601). */
export const JobsByEmailResponseSchema = v.record(v.string(), v.string());
export type JobsByEmailResponse = v.InferOutput<typeof JobsByEmailResponseSchema>;

export const DomainValidationQuerySchema = v.object({ domain: v.pipe(v.string(), v.minLength(1), v.maxLength(253)) });
export type DomainValidationQuery = v.InferOutput<typeof DomainValidationQuerySchema>;

export const TokenQuerySchema = v.object({
  token_id: v.pipe(v.string(), v.minLength(1)),
  in_qa: v.optional(v.picklist(['true', 'false'])),
});
export type TokenQuery = v.InferOutput<typeof TokenQuerySchema>;

/**
 * Fields are read leniently (plain strings): the browser derives what to show from any value, and
 * the server writes only the values of vocabulary.ts (MigrationOutcome, PurgeReason, ServerOptOutState).
 */
export const MigrationStatusResponseSchema = v.object({
  mailbox: v.nullish(v.boolean()),
  account: v.nullish(v.boolean()),
  login: v.nullish(v.boolean()),
  carddav: v.nullish(v.boolean()),
  optOutState: v.nullish(v.string()),
  migrationStatus: v.nullish(v.string()),
  purgeReason: v.nullish(v.string()),
  /** ISO 8601 date-time; the browser turns it into whole days remaining. */
  deactivationDate: v.nullish(v.string()),
  optedOutToBePurgedDate: v.nullish(v.string()),
  error: v.nullish(v.string()),
});
export type MigrationStatusResponse = v.InferOutput<typeof MigrationStatusResponseSchema>;

export const OptOutUpdateRequestSchema = v.object({ optOutState: OptOutRequestSchema });
export type OptOutUpdateRequest = v.InferOutput<typeof OptOutUpdateRequestSchema>;
export const OptOutUpdateResponseSchema = v.object({
  status: v.string(),
  optOutState: v.nullish(v.string()),
  error: v.nullish(v.string()),
});
export type OptOutUpdateResponse = v.InferOutput<typeof OptOutUpdateResponseSchema>;

/** `inactive` is one of InactiveServiceSchema's values when the server writes it; any other value is an inactive account. */
export const ComcastInfoResponseSchema = v.object({ inactive: v.nullish(v.string()) });
export type ComcastInfoResponse = v.InferOutput<typeof ComcastInfoResponseSchema>;

export const ValidateTokenRequestSchema = v.object({ token: v.string() });
export type ValidateTokenRequest = v.InferOutput<typeof ValidateTokenRequestSchema>;
export const ValidateTokenResponseSchema = v.object({ valid: v.boolean(), email: v.nullish(v.string()) });
export type ValidateTokenResponse = v.InferOutput<typeof ValidateTokenResponseSchema>;
