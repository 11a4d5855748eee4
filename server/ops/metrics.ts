/**
 * The service's Prometheus metrics (prom-client), one registry per process, served on the internal
 * metrics listener (metrics-server.ts), never on the public one. Requests are counted and timed by
 * route pattern (`/api/v2/status/`, never the URL a client typed, so the label set stays small and
 * holds no export ID or token); the process's own figures (CPU, memory, event-loop delay, GC) come
 * with prom-client's default metrics. The transfer figures are counted where the engine commits and
 * ends (instrumentStateStore, transfer-metrics.ts); the queue's depth and the running transfers are
 * read at each scrape from what `track` was given.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RequestObserver } from '../http/observe-requests.ts';

export type Metrics = ReturnType<typeof createMetrics>;

/** Seconds; the status lookup is a few milliseconds, a load or a consent page up to seconds. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** `process`: also the process's own figures (one registry per process does; tests leave them out). */
export function createMetrics(options: { process?: boolean } = {}) {
  const registry = new Registry();
  if (options.process) collectDefaultMetrics({ register: registry });
  const requestSeconds = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: the count is the request rate, the buckets the latency.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });

  /**
   * Times every request (given each request's duration by observeRequests). The labelled child of each (method, route, status) is looked up once and
   * kept: the per-request cost is a map lookup and one observe (docs/performance.md has the figure).
   */
  function http(): RequestObserver {
    const children = new Map<string, Histogram.Internal<'method' | 'route' | 'status'>>();
    return ({ method, route, status }, ms) => {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = requestSeconds.labels(method, route, String(status));
        children.set(key, child);
      }
      child.observe(ms / 1000);
    };
  }

  const sources: { queueDepth?: () => Promise<number>; running?: () => number } = {};
  new Gauge({
    name: 'portal_transfer_queue_depth',
    help: 'Transfers waiting in the queue (due or paused until later), not running.',
    registers: [registry],
    async collect() {
      if (sources.queueDepth) this.set(await sources.queueDepth());
    },
  });
  new Gauge({
    name: 'portal_transfers_active',
    help: 'Transfers this process is running now.',
    registers: [registry],
    collect() {
      if (sources.running) this.set(sources.running());
    },
  });
  const transfers = {
    items: new Counter({
      name: 'portal_transfer_items_total',
      help: 'Messages and contacts copied to their destination.',
      registers: [registry],
    }),
    bytes: new Counter({
      name: 'portal_transfer_bytes_total',
      help: 'Bytes of messages copied to their destination.',
      registers: [registry],
    }),
    itemFailures: new Counter({
      name: 'portal_transfer_item_failures_total',
      help: 'Messages and contacts that could not be copied.',
      registers: [registry],
    }),
    ended: new Counter({
      name: 'portal_transfer_operations_ended_total',
      help: 'Transfer operations ended, by outcome (completed, failed, cancelled) and, for failures, reason.',
      labelNames: ['outcome', 'reason'] as const,
      registers: [registry],
    }),
  };

  /** Where the gauges read from: the transfer queue and this process's worker. */
  function track(given: typeof sources): void {
    Object.assign(sources, given);
  }

  return { registry, http, transfers, track };
}
