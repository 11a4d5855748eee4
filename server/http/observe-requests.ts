/**
 * Times every request once and, when its answer is ready, hands what was answered and the duration
 * to each observer (the request log, the metrics). One middleware rather than one per observer: each
 * `async (c, next) => { await next(); … }` layer costs every request its own promises and turns of
 * the microtask queue, a few microseconds apiece on the hot path (docs/performance.md). The pages'
 * own path in front of the framework (server/http/page-listener.ts) hands its answers to the same
 * observers.
 */
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';

/** A request as the observers see it, once answered: `path` without its query, `route` the pattern that answered (`unmatched` when none did). */
export type AnsweredRequest = { method: string; path: string; status: number; route: string };

/** Called after the route answered (an error is already a 500 answer here); `ms` is the time it took. */
export type RequestObserver = (request: AnsweredRequest, ms: number) => void;

export function observeRequests(observers: readonly RequestObserver[]): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    // Once the route answered, the route index is the handler that answered (an error is already a 500 here).
    const answered = { method: c.req.method, path: c.req.path, status: c.res.status, route: routePath(c) || 'unmatched' };
    for (const observe of observers) observe(answered, ms);
  };
}
