/**
 * An in-memory fixed-window limit per client IP: past `max` requests in a window the answer is
 * 429 with Retry-After. One process only; a multi-instance deployment limits at its proxy instead.
 */
import type { MiddlewareHandler } from 'hono';
import type { RateLimit } from '../config.ts';
import { tooMany } from './too-many.ts';
import { clientIp } from './client-ip.ts';

/** Bounds memory under a flood of distinct addresses: the table is cleared of stale windows first. */
const MAX_TRACKED_CLIENTS = 50_000;

export function rateLimit(limit: RateLimit, options: { trustProxy: boolean; now: () => number }): MiddlewareHandler {
  const windows = new Map<string, { start: number; count: number }>();
  const prune = (now: number) => {
    for (const [ip, window] of windows) if (now - window.start >= limit.windowMs) windows.delete(ip);
    // Still full: every entry is current; forgetting them all errs on the side of answering.
    if (windows.size >= MAX_TRACKED_CLIENTS) windows.clear();
  };
  return async (c, next) => {
    const now = options.now();
    const ip = clientIp(c, options.trustProxy);
    let window = windows.get(ip);
    if (!window || now - window.start >= limit.windowMs) {
      if (!window && windows.size >= MAX_TRACKED_CLIENTS) prune(now);
      window = { start: now, count: 0 };
      windows.set(ip, window);
    }
    window.count += 1;
    if (window.count > limit.max) {
      return tooMany(c, { retryAfterS: Math.max(1, Math.ceil((window.start + limit.windowMs - now) / 1000)), message: 'Too many requests, please try again later.' });
    }
    await next();
  };
}
