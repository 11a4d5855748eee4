/**
 * Times every request once and, when its answer is ready, hands the context and the duration to each
 * observer (the request log, the metrics). One middleware rather than one per observer: each
 * `async (c, next) => { await next(); … }` layer costs every request its own promises and turns of
 * the microtask queue, a few microseconds apiece on the hot path (docs/performance.md).
 */
import type { Context, MiddlewareHandler } from 'hono';

/** Called after the route answered (an error is already a 500 answer here); `ms` is the time it took. */
export type RequestObserver = (c: Context, ms: number) => void;

export function observeRequests(observers: readonly RequestObserver[]): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    for (const observe of observers) observe(c, ms);
  };
}
