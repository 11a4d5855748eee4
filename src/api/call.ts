/**
 * The one way every client function talks HTTP: send, apply the 2xx rule, parse JSON, validate
 * against the call's schema. Anything else becomes an `ApiFailure` (see failure.ts), so a view never
 * sees `undefined` or a half-shaped body.
 */
import ky, { type KyInstance, type Options } from 'ky';
import * as v from 'valibot';
import { networkFailure, parseJson, schemaFailure, statusFailure } from './failure';

/** What the machine's actors pass through: `fromPromise` aborts the call when the actor stops. */
export type CallOptions = { signal?: AbortSignal };

export type CallSpec<TSchema extends v.GenericSchema> = CallOptions & {
  method: 'get' | 'post';
  url: string;
  schema: TSchema;
  /** Request body, sent as JSON. */
  json?: unknown;
  /** Query string; `undefined` values are left out. */
  query?: Record<string, string | undefined>;
};

export type Call = <TSchema extends v.GenericSchema>(spec: CallSpec<TSchema>) => Promise<v.InferOutput<TSchema>>;

export type HttpOptions = {
  credentials: RequestCredentials;
  /** Headers computed per request (bearer, XSRF), so a token stored after start-up is still sent. */
  headers?: () => Record<string, string | undefined>;
  /** Injectable for tests; defaults to the global fetch. */
  fetch?: Options['fetch'];
};

/**
 * §7's defaults: no timeout, JSON in and out. Retries are off for every method: the machine decides
 * when to try again (STATUS.RETRY_REQUESTED), and a repeated POST could start a second export.
 * HTTP errors are not thrown by ky so the 2xx rule and the error body are handled in one place below.
 */
export function createHttp(options: HttpOptions): KyInstance {
  return ky.create({
    credentials: options.credentials,
    timeout: false,
    retry: { limit: 0 },
    throwHttpErrors: false,
    headers: { accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          for (const [name, value] of Object.entries(options.headers?.() ?? {})) {
            if (value) request.headers.set(name, value);
          }
        },
      ],
    },
  });
}

export function createCall(http: KyInstance): Call {
  return async ({ method, url, schema, json, query, signal }) => {
    let response: Response;
    let text: string;
    try {
      response = await http(url, {
        method,
        ...(json === undefined ? {} : { json }),
        ...(query ? { searchParams: withoutUndefined(query) } : {}),
        ...(signal ? { signal } : {}),
      });
      text = await response.text();
    } catch {
      // fetch rejects only when there is no answer (refused, DNS, CORS, aborted, cut off mid-body).
      throw networkFailure();
    }
    if (response.status < 200 || response.status > 299) throw statusFailure(response.status, text);
    const body = parseJson(text);
    if (!body.ok) throw schemaFailure(response.status);
    const parsed = v.safeParse(schema, body.value);
    if (!parsed.success) throw schemaFailure(response.status);
    return parsed.output;
  };
}

function withoutUndefined(query: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
