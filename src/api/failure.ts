/**
 * Turns whatever a call produced into the one rejection shape of the contract, `ApiFailure`.
 * Only plain objects leave this module, so the machine can test them with `isApiFailure`.
 */
import * as v from 'valibot';
import { ApiErrorBodySchema, type ApiFailure } from './contract';

/** No answer at all: refused connection, DNS failure, CORS refusal, or the call was aborted. */
export const networkFailure = (): ApiFailure => ({ kind: 'network' });

/** A 2xx answer whose body is not JSON or does not match the call's schema. */
export const schemaFailure = (status: number): ApiFailure => ({ kind: 'schema', status });

/** A non-2xx answer; `code` is the service's machine-readable `error` when the body carries one. */
export function statusFailure(status: number, bodyText: string): ApiFailure {
  const body = parseJson(bodyText);
  const parsed = v.safeParse(ApiErrorBodySchema, body.ok ? body.value : undefined);
  return parsed.success ? { kind: 'status', status, code: parsed.output.error } : { kind: 'status', status };
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
