/**
 * A limit of requests per client address in a window, as middleware: past it the answer is 429
 * with Retry-After. On Postgres the counters are rate-limiter-flexible's in the shared database
 * (limiter-store.ts), so N per window is N across every web node, not N per node; on SQLite, one
 * machine, they are the process's own.
 */
import type { MiddlewareHandler } from 'hono';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientIp } from '../http/client-ip.ts';
import { tooMany } from '../http/too-many.ts';
import { take } from './limits.ts';

export function requestLimit(limiter: RateLimiterAbstract, options: { trustedProxyHops: number }): MiddlewareHandler {
  // A promise chain rather than an async function, for the same reason as take's.
  return (c, next) =>
    take(limiter, clientIp(c, options.trustedProxyHops), () => 'Too many requests, please try again later.').then(
      (refusal): Promise<Response | void> | Response => (refusal ? tooMany(c, refusal) : next()),
    );
}
