/**
 * Turns whatever a call produced into the one rejection shape of the clients, `ApiFailure`. The
 * actors (src/app/actors.ts) turn the expected ones into data before the machine sees them.
 */
import * as v from 'valibot';
import { ApiErrorBodySchema } from '../../contract/index.ts';

/**
 * What every client function rejects with: `network` (no answer), `status` (non-2xx; `code` is the
 * body's `error` when there is one), `schema` (a 2xx body that does not match its schema).
 */
export const ApiFailureSchema = v.object({
  kind: v.picklist(['network', 'status', 'schema']),
  status: v.optional(v.number()),
  code: v.optional(v.string()),
  /** The service's own sentence for the customer (a limit's "try again in …"), when the body has one. */
  message: v.optional(v.string()),
});
export type ApiFailure = v.InferOutput<typeof ApiFailureSchema>;
export const isApiFailure = (error: unknown): error is ApiFailure => v.is(ApiFailureSchema, error);

/** No answer at all: refused connection, DNS failure, CORS refusal, or the call was aborted. */
export const networkFailure = (): ApiFailure => ({ kind: 'network' });

/** A 2xx answer whose body is not JSON or does not match the call's schema. */
export const schemaFailure = (status: number): ApiFailure => ({ kind: 'schema', status });

/** A non-2xx answer; `code` is the service's machine-readable `error` when the body carries one. */
export function statusFailure(status: number, bodyText: string): ApiFailure {
  const body = parseJson(bodyText);
  const parsed = v.safeParse(ApiErrorBodySchema, body.ok ? body.value : undefined);
  if (!parsed.success) return { kind: 'status', status };
  const { error: code, message } = parsed.output;
  return message === undefined ? { kind: 'status', status, code } : { kind: 'status', status, code, message };
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
