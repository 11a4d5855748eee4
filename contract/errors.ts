/** What the service answers on failure, and the error codes the OAuth callbacks carry. */
import * as v from 'valibot';

/** Body of every 4xx/5xx answer: a machine-readable code, a sentence, and the offending field. */
export const ApiErrorBodySchema = v.object({
  error: v.string(),
  message: v.optional(v.string()),
  field: v.optional(v.string()),
});
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBodySchema>;

/** Errors carried back in an OAuth callback's `error` query parameter. */
export const OAuthErrorSchema = v.picklist(['EXTERNAL_OAUTH_ERROR', 'MISSING_SCOPE', 'PROVIDER_NOT_SUPPORTED', 'UNSUPPORTED_PROVIDER']);
export type OAuthError = v.InferOutput<typeof OAuthErrorSchema>;
