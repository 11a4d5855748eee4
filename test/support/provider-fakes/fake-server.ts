/**
 * What the fakes of Google's and Microsoft's APIs share: a Hono app on a free loopback port, OAuth
 * bearer tokens that expire (a request with an unknown or expired token answers 401 as the provider
 * documents, so an adapter's refresh path runs), a per-user quota over a rolling window (a request
 * that does not fit answers the provider's throttling error), throttling answers injected on demand,
 * and a log of every request for the tests to read. Mocks are allowed only here: Google's and
 * Microsoft's endpoints cannot run on this machine. Each fake follows the provider's published
 * reference for the calls the adapters use, not the adapters' expectations.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Context, Hono } from 'hono';

export type LoggedRequest = {
  at: number;
  method: string;
  path: string;
  query: string;
  status: number;
  units: number;
  token: string | null;
  throttled: boolean;
};

/** An error answer in the provider's own shape. */
export type ErrorAnswer = { status: number; body: unknown; headers?: Record<string, string>; throttle?: boolean };

export type Quota = { units: number; windowMs: number };

export class FakeTokens {
  readonly #expiry = new Map<string, number>();
  readonly #revoked = new Set<string>();
  #issuer: ((token: string) => Promise<boolean>) | null = null;
  readonly issued: string[] = [];

  /**
   * Also accept the live access tokens of an authorization server (the service tests' stand-in for
   * Google's or Microsoft's), as the real API accepts the tokens its provider issued.
   */
  trustIssuer(live: (token: string) => Promise<boolean>): void {
    this.#issuer = live;
  }

  #endEarly = 0;
  /** Tokens ended before their time so far. */
  readonly endedEarly: string[] = [];

  /** The next `count` good tokens presented are ended before their time (a provider may): that request and later ones with it answer 401. */
  endNextEarly(count = 1): void {
    this.#endEarly += count;
  }

  /** Whether a request with this bearer token is authenticated. */
  async accepts(token: string | null): Promise<boolean> {
    if (token === null || this.#revoked.has(token)) return false;
    const good = this.valid(token) || (this.#issuer !== null && (await this.#issuer(token)));
    if (!good || this.#endEarly === 0) return good;
    this.#endEarly -= 1;
    this.#revoked.add(token);
    this.endedEarly.push(token);
    return false;
  }

  /** A new access token, valid for `ttlMs`. */
  issue(ttlMs = 3_600_000): string {
    const token = `ya29.fake-${randomBytes(12).toString('hex')}`;
    this.#expiry.set(token, Date.now() + ttlMs);
    this.issued.push(token);
    return token;
  }

  valid(token: string | null): boolean {
    return token !== null && (this.#expiry.get(token) ?? 0) > Date.now();
  }

  /** An adapter's token source over this fake: the newest token, or a new one after a refusal. */
  source(ttlMs = 3_600_000): (rejected?: string) => Promise<string> {
    let current = this.issue(ttlMs);
    return async (rejected) => {
      if (rejected !== undefined && rejected === current) current = this.issue(ttlMs);
      return current;
    };
  }
}

export type FakeOptions = {
  /** The quota a user's requests are counted against; none when absent. */
  quota?: Quota;
};

export class FakeProvider {
  readonly tokens = new FakeTokens();
  readonly log: LoggedRequest[] = [];
  readonly #injected: ErrorAnswer[] = [];
  #quota: Quota | undefined;

  constructor(
    readonly name: string,
    options: FakeOptions,
    /** The provider's answer to a request over quota, and to a missing or expired token. */
    readonly answers: { throttled(retryAfterMs: number): ErrorAnswer; unauthenticated: ErrorAnswer },
  ) {
    this.#quota = options.quota;
  }

  setQuota(quota: Quota | undefined): void {
    this.#quota = quota;
  }

  /** The next `count` requests that pass authentication answer this error instead. */
  failNext(count: number, answer: ErrorAnswer): void {
    for (let i = 0; i < count; i++) this.#injected.push(answer);
  }

  /** Units spent in the window ending now by the requests before `current` (those in flight count). */
  #spent(now: number, windowMs: number, current: LoggedRequest): number {
    return this.log
      .filter((entry) => entry !== current && entry.at > now - windowMs && entry.status < 400)
      .reduce((sum, entry) => sum + entry.units, 0);
  }

  /**
   * Runs a handler behind authentication, the injected errors and the quota, and logs the request.
   * `units`: what the call costs against the user's quota.
   */
  async handle(c: Context, units: number, handler: () => Promise<Response> | Response): Promise<Response> {
    const now = Date.now();
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : null;
    const url = new URL(c.req.url);
    const entry: LoggedRequest = {
      at: now,
      method: c.req.method,
      path: url.pathname,
      query: url.search,
      status: 0,
      units,
      token,
      throttled: false,
    };
    this.log.push(entry);
    let response: Response;
    if (!(await this.tokens.accepts(token))) response = this.#error(c, this.answers.unauthenticated);
    else if (this.#injected.length > 0) {
      const injected = this.#injected.shift() as ErrorAnswer;
      entry.throttled = injected.throttle === true;
      response = this.#error(c, injected);
    } else if (this.#quota && units > 0 && this.#spent(now, this.#quota.windowMs, entry) + units > this.#quota.units) {
      const { windowMs } = this.#quota;
      const oldest = this.log.find((e) => e.at > now - windowMs && e.status < 400 && e.units > 0);
      entry.throttled = true;
      response = this.#error(c, this.answers.throttled(oldest ? oldest.at + windowMs - now : windowMs));
    } else response = await handler();
    entry.status = response.status;
    return response;
  }

  #error(c: Context, answer: ErrorAnswer): Response {
    return c.json(answer.body as object, answer.status as 400, answer.headers);
  }

  /** Requests the provider refused for being over quota, or with an injected throttling answer. */
  throttledRequests(): LoggedRequest[] {
    return this.log.filter((entry) => entry.throttled);
  }

  #running: RunningFake | null = null;

  /** Serves the fake's routes on a free loopback port (a fake's `start` builds them, then calls this). */
  protected async serveRoutes(app: Hono): Promise<void> {
    this.#running = await listen(app);
  }

  get url(): string {
    if (!this.#running) throw new Error(`the ${this.name} fake is not started`);
    return this.#running.url;
  }

  async stop(): Promise<void> {
    await this.#running?.stop();
  }
}

type RunningFake = { url: string; stop(): Promise<void> };

async function listen(app: Hono): Promise<RunningFake> {
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Google's JSON error (cloud.google.com/apis/design/errors, with Gmail's `errors[].reason`). */
export function googleError(code: number, status: string, message: string, reason?: string, domain = 'global'): unknown {
  return { error: { code, message, ...(reason ? { errors: [{ message, domain, reason }] } : {}), status } };
}
