/** Reading the development pages' form posts without ever throwing on a malformed body. */
import * as v from 'valibot';
import { EmailAddressSchema } from '../../contract/index.ts';

export async function readForm(request: Request): Promise<FormData | null> {
  if (request.method !== 'POST') return null;
  try {
    return await request.formData();
  } catch {
    return null; // not a form body (wrong content type, truncated): the caller refuses the flow
  }
}

/** A single text field, or null when absent or a file. */
export function field(form: FormData | null, name: string): string | null {
  const value = form?.get(name);
  return typeof value === 'string' ? value : null;
}

/** The address in the spec's limits (§9), lowercased so every later comparison agrees; or null. */
export function parseAddress(value: string | null): string | null {
  const result = v.safeParse(EmailAddressSchema, value ?? '');
  return result.success ? result.output.toLowerCase() : null;
}

export const INVALID_ADDRESS_MESSAGE = 'Please enter a valid email address.';
