/**
 * Calls of the session client (same origin, cookies, bearer token, XSRF header): capabilities,
 * validate, load, and the signed-in status call. Paths are in paths.ts.
 */
import * as v from 'valibot';
import { LANGUAGES } from './words/languages.ts';
import { DestinationAccountSchema, SourceAccountSchema } from './accounts.ts';
import { MailChoiceSchema } from './mail-choice.ts';
import { ContactsFormatSchema, EmailFormatSchema, ExportIdSchema, OperationSchema } from './vocabulary.ts';

const OptionalText = v.optional(v.string());

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
export const ValidateResponseSchema = v.object({ ok: v.boolean(), error: v.nullish(v.string()) });
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
  /** Ours, additive: what of the mail to move (mail-choice.ts); everything when absent. */
  mail_choice: v.optional(MailChoiceSchema),
  /** Ours, additive: the language of the export's mails (decision 0033); English when absent. */
  language: v.optional(v.picklist(LANGUAGES)),
});
export type LoadRequest = v.InferOutput<typeof LoadRequestSchema>;
export const LoadResponseSchema = v.object({ jobid: ExportIdSchema });
export type LoadResponse = v.InferOutput<typeof LoadResponseSchema>;

/** `job_id` of both status calls (the signed-in one here, the anonymous v2 one in export-service-calls.ts). */
export const JobQuerySchema = v.object({ job_id: v.string() });
export type JobQuery = v.InferOutput<typeof JobQuerySchema>;
