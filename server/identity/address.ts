/** An address from a provider or a form, checked like any input before it reaches a token or a URL. */
import * as v from 'valibot';
import { EmailAddressSchema } from '../../contract/index.ts';

/** The address in the spec's limits (§9), lowercased so every later comparison agrees; or null. */
export function parseAddress(value: string | null): string | null {
  const result = v.safeParse(EmailAddressSchema, value ?? '');
  return result.success ? result.output.toLowerCase() : null;
}
