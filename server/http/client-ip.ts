import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's address for rate limiting. X-Forwarded-For is believed only behind a trusted proxy
 * (TRUST_PROXY); otherwise any client could pick a fresh address per request.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Not running on a Node socket (app.request in tests): one shared bucket.
    return 'unknown';
  }
}
