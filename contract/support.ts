/** The support form's request (posted to the webhook the configuration names). */
import * as v from 'valibot';

export const SupportRequestSchema = v.object({
  email_address: v.pipe(v.string(), v.minLength(1), v.includes('@', 'Please enter a valid email address.')),
  destination_email: v.string(),
  migration_id: v.string(),
  issue: v.pipe(v.string(), v.minLength(6)),
});
export type SupportRequest = v.InferOutput<typeof SupportRequestSchema>;
export const SupportResponseSchema = v.object({ ok: v.boolean() });
export type SupportResponse = v.InferOutput<typeof SupportResponseSchema>;
