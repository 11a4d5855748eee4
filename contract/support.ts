/**
 * The support form's request (posted to the webhook the configuration names). Every field has an
 * upper bound (the §5/§9 address limit, an export ID with room to spare, a few thousand characters
 * of text), so a request is small whoever sends it.
 */
import * as v from 'valibot';

export const SUPPORT_LIMITS = { address: 254, exportId: 64, issue: 4000 } as const;

export const SupportRequestSchema = v.object({
  email_address: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(SUPPORT_LIMITS.address, 'Please enter a valid email address.'),
    v.includes('@', 'Please enter a valid email address.'),
  ),
  destination_email: v.pipe(v.string(), v.maxLength(SUPPORT_LIMITS.address, 'Please enter a valid email address.')),
  migration_id: v.pipe(v.string(), v.maxLength(SUPPORT_LIMITS.exportId, 'Invalid export ID')),
  issue: v.pipe(
    v.string(),
    v.minLength(6),
    v.maxLength(SUPPORT_LIMITS.issue, `Please describe the issue in at most ${SUPPORT_LIMITS.issue} characters.`),
  ),
});
export type SupportRequest = v.InferOutput<typeof SupportRequestSchema>;
/**
 * `ok` once the request is stored; `status` says what that means: `received` — it is kept and will be
 * forwarded to the support team in the background, not that anyone has read it yet.
 */
export const SupportResponseSchema = v.object({ ok: v.boolean(), status: v.optional(v.picklist(['received'])) });
export type SupportResponse = v.InferOutput<typeof SupportResponseSchema>;
