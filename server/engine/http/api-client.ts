/**
 * One conversation with a provider's HTTP API (Gmail, People, Microsoft Graph) as one destination
 * account: the base URL, the account's OAuth access token as a bearer header, quota pacing, a timeout
 * per request, and an end when the session closes (a cancelled transfer closes its sessions, which
 * aborts what is in flight). A 401 is answered once with a newer token (an access token lives about an
 * hour, a transfer days); a second 401, or no newer token, is a refused login. A network failure is
 * the engine's `unreachable` (nothing ever answered) or `connection-lost` fault. What a provider's
 * answer means is read by `answers.ts`; this file only carries requests.
 */
import { TransferFault } from '../ports.ts';
import type { AccessTokens } from './access-tokens.ts';
import { checkedBaseUrl } from './base-url.ts';
import { networkFault } from './network-fault.ts';
import type { QuotaPacer } from './quota-pacer.ts';

export type ApiEndpoint = { url: string; timeoutMs?: number };

type QueryValue = string | number | boolean | readonly string[] | undefined;

export type ApiRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path below the base URL, or a URL of the same origin the provider handed out (an upload session). */
  path: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  body?: Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
  /** Quota units the request costs; 0 or absent: not paced. */
  units?: number;
  /** What the request does, for details in the item report and statuses (never a token). */
  what: string;
};

export type ApiAnswer = { status: number; headers: Headers; text: string; json: unknown };

export type ApiClient = {
  readonly base: URL;
  /** Sends one request and returns whatever the provider answered; throws only faults (network, login). */
  send(request: ApiRequest): Promise<ApiAnswer>;
  /** Aborts what is in flight; later requests fail at once. */
  close(): void;
  readonly signal: AbortSignal;
};

export type ApiClientOptions = {
  endpoint: ApiEndpoint;
  /** The provider's name in messages ("Gmail", "Microsoft Graph"). */
  name: string;
  tokens: AccessTokens;
  pacer: QuotaPacer | null;
};

/** Slow links still get a large upload through: the timeout grows by a second per 100 KB sent. */
const BYTES_PER_EXTRA_SECOND = 100_000;

function urlOf(base: URL, request: ApiRequest): URL {
  const url = new URL(request.path, base);
  if (url.origin !== base.origin) throw new Error(`${request.what}: ${url.origin} is not the API's origin`);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(one));
  }
  return url;
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function openApiClient(options: ApiClientOptions): ApiClient {
  const base = checkedBaseUrl(options.endpoint.url, options.name);
  const timeoutMs = options.endpoint.timeoutMs ?? 60_000;
  const closed = new AbortController();
  let answered = false;
  let token: string | null = null;

  async function once(request: ApiRequest, bearer: string): Promise<ApiAnswer> {
    const body = request.json !== undefined ? Buffer.from(JSON.stringify(request.json)) : request.body;
    const contentType = request.json !== undefined ? 'application/json; charset=UTF-8' : request.contentType;
    const signal = AbortSignal.any([
      closed.signal,
      AbortSignal.timeout(Math.ceil(timeoutMs + ((body?.byteLength ?? 0) / BYTES_PER_EXTRA_SECOND) * 1000)),
    ]);
    try {
      const response = await fetch(urlOf(base, request), {
        method: request.method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(contentType ? { 'content-type': contentType } : {}),
          ...request.headers,
        },
        // Node's fetch sends any Uint8Array; the DOM typing asks for one over an ArrayBuffer, which a Buffer's type does not promise.
        ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
        signal,
      });
      const text = await response.text();
      answered = true;
      return { status: response.status, headers: response.headers, text, json: parseJson(text) };
    } catch (error) {
      if (closed.signal.aborted) throw closed.signal.reason;
      throw networkFault(error, 'destination', answered, `${options.name}: ${request.what}`);
    }
  }

  return {
    base,
    signal: closed.signal,
    async send(request) {
      closed.signal.throwIfAborted();
      if (options.pacer && request.units) await options.pacer.take(request.units, closed.signal);
      token ??= await options.tokens();
      const first = await once(request, token);
      if (first.status !== 401) return first;
      const refused = token;
      token = await options.tokens(refused);
      const second = token === refused ? first : await once(request, token);
      if (second.status === 401)
        throw new TransferFault('login-refused', 'destination', `${options.name}: ${request.what}: the access token was refused (401)`);
      return second;
    },
    close: () => closed.abort(new Error('session closed')),
  };
}
