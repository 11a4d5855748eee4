/**
 * What a Google or Microsoft API's answer means for the engine. Both send a JSON error body
 * (`{ error: { code, message, … } }`): Google names the cause in `error.errors[].reason` (Gmail:
 * `rateLimitExceeded`, `userRateLimitExceeded`, `dailyLimitExceeded`) or in `error.details[].reason` and
 * `error.status` (People: `RATE_LIMIT_EXCEEDED`, `RESOURCE_EXHAUSTED`); Graph names it in `error.code`
 * (`ErrorQuotaExceeded`, `TooManyRequests`). Sorted here:
 * - slow down: 429, a 403 that says rate limit, 500/502/503/504 — waited for with `Retry-After` when
 *   sent, else backoff; a daily limit pauses the transfer;
 * - this item only: 400/404/409/422 `refused`, 413 `too-big`, 507 or a full mailbox `quota`;
 * - the whole transfer: 401 (after the client's one renewal) and other 403s (consent without this
 *   permission) are a refused login.
 */
import * as v from 'valibot';
import { paced, type Pacing } from '../paced.ts';
import { TransferFault, type AppendResult, type Refusal } from '../ports.ts';
import type { ApiAnswer, ApiClient, ApiRequest } from './api-client.ts';
import { retryAfterMs } from './retry-after.ts';

const Reasoned = v.object({ reason: v.optional(v.string()) });
const ErrorBodySchema = v.object({
  error: v.object({
    code: v.optional(v.union([v.number(), v.string()])),
    message: v.optional(v.string()),
    status: v.optional(v.string()),
    errors: v.optional(v.array(Reasoned)),
    details: v.optional(v.array(Reasoned)),
  }),
});

const RATE_REASONS = new Set([
  'ratelimitexceeded',
  'userratelimitexceeded',
  'concurrentlimitexceeded',
  'rate_limit_exceeded',
  'toomanyrequests',
  'applicationthrottled',
  'mailboxconcurrency',
]);
const DAILY_REASONS = new Set(['dailylimitexceeded', 'dailylimitexceededunreg']);
const FULL_REASONS = new Set(['storagequotaexceeded', 'errorquotaexceeded', 'quotaexceeded']);
const MAX_DETAIL = 240;

export type ProviderError = { status: number; reasons: string[]; message: string };

/** The answer's status with the reasons and message its error body gives, if it has one. */
export function providerError(answer: ApiAnswer): ProviderError {
  const parsed = v.safeParse(ErrorBodySchema, answer.json);
  if (!parsed.success) return { status: answer.status, reasons: [], message: answer.text.replace(/\s+/g, ' ').trim() };
  const { error } = parsed.output;
  const reasons = [...(error.errors ?? []), ...(error.details ?? [])].flatMap((e) => (e.reason ? [e.reason] : []));
  if (typeof error.code === 'string') reasons.push(error.code);
  if (error.status) reasons.push(error.status);
  return { status: answer.status, reasons, message: error.message ?? '' };
}

const has = (error: ProviderError, set: ReadonlySet<string>) => error.reasons.some((reason) => set.has(reason.toLowerCase()));

export function detailOf(name: string, request: Pick<ApiRequest, 'what'>, answer: ApiAnswer): string {
  const error = providerError(answer);
  const why = [error.reasons[0], error.message].filter(Boolean).join(': ');
  return `${name}: ${request.what}: ${answer.status}${why ? ` ${why}` : ''}`.slice(0, MAX_DETAIL);
}

export const isSuccess = (answer: ApiAnswer) => answer.status >= 200 && answer.status < 300;

/** A write's answer as the engine's result; throws for a refused login. */
export function writeResult(name: string, request: Pick<ApiRequest, 'what'>, answer: ApiAnswer, now: number): AppendResult {
  if (isSuccess(answer)) return { ok: true };
  const refusal = refusalOf(name, request, answer, now);
  if (refusal === 'login-refused') throw new TransferFault('login-refused', 'destination', detailOf(name, request, answer));
  return { ok: false, refusal };
}

function refusalOf(name: string, request: Pick<ApiRequest, 'what'>, answer: ApiAnswer, now: number): Refusal | 'login-refused' {
  const error = providerError(answer);
  const detail = detailOf(name, request, answer);
  const { status } = error;
  if (has(error, DAILY_REASONS))
    return { kind: 'daily-limit', resumeAfterMs: retryAfterMs(answer.headers.get('retry-after'), now), detail };
  if (status === 507 || (has(error, FULL_REASONS) && status !== 429 && !has(error, RATE_REASONS))) return { kind: 'quota', detail };
  if (
    status === 429 ||
    (status === 403 && has(error, RATE_REASONS)) ||
    status === 500 ||
    status === 502 ||
    status === 503 ||
    status === 504
  ) {
    return { kind: 'throttled', retryAfterMs: retryAfterMs(answer.headers.get('retry-after'), now), detail };
  }
  if (status === 401 || status === 403) return 'login-refused';
  if (status === 413) return { kind: 'too-big', detail };
  return { kind: 'refused', detail };
}

/**
 * A request that is not one item's write (list labels, look a message up): a throttled answer is
 * waited for and sent again (then the transfer pauses), anything else that is not a success is a
 * fault — a refused login, or `unreachable` for an API that answers what it should not (retried with
 * backoff by the engine, then the transfer fails with this detail) — except the statuses in `accept`,
 * which the caller reads itself (409 to a create: it exists already).
 */
export async function call(
  client: ApiClient,
  name: string,
  request: ApiRequest,
  pacing: Pacing,
  accept: readonly number[] = [],
): Promise<ApiAnswer> {
  let last: ApiAnswer | null = null;
  const result = await paced(pacing, async () => {
    last = await client.send(request);
    return writeResult(name, request, last, pacing.clock.now());
  });
  const answer = last as ApiAnswer | null;
  if (!answer) throw new Error(`${name}: ${request.what}: no answer`);
  if (!result.ok && !accept.includes(answer.status)) throw new TransferFault('unreachable', 'destination', detailOf(name, request, answer));
  return answer;
}

/** The answer's JSON read with a schema; an API that answers another shape is `unreachable`. */
export function bodyOf<S extends v.GenericSchema>(
  name: string,
  request: Pick<ApiRequest, 'what'>,
  answer: ApiAnswer,
  schema: S,
): v.InferOutput<S> {
  const parsed = v.safeParse(schema, answer.json);
  if (!parsed.success)
    throw new TransferFault('unreachable', 'destination', `${name}: ${request.what}: unexpected answer (${parsed.issues[0].message})`);
  return parsed.output;
}
