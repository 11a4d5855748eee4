/** The two accounts of an export, as the load call carries them. */
import * as v from 'valibot';
import { DestinationProviderSchema } from './vocabulary.ts';

const OptionalText = v.optional(v.string());

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
