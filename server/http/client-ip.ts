import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's address for rate limiting. Each proxy appends the address it was reached from to
 * X-Forwarded-For, so only the entries our own `hops` proxies wrote — the last `hops`, counted from
 * the right — can be believed, and the client is the leftmost of them: whatever a client writes itself
 * stands further left and is never read. With no trusted proxy (0) the header is ignored, or any client
 * could pick a fresh address per request. Fewer entries than hops (a request that reached an inner
 * proxy directly): the leftmost, which one of ours still wrote.
 */
export function clientIp(c: Context, hops: number): string {
  if (hops > 0) {
    const entries = c.req.header('X-Forwarded-For')?.split(',') ?? [];
    const forwarded = entries[Math.max(0, entries.length - hops)]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Not running on a Node socket (app.request in tests): one shared bucket.
    return 'unknown';
  }
}
