/**
 * The part of autocannon 8's API the bench uses (the package ships no types and @types/autocannon
 * is not a dependency). Shapes from autocannon's lib/run.js and lib/aggregateResult.js.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  };

  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    totalCompletedRequests: number;
    duration: number;
  };

  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
  };

  /** The running load: emits 'response' (client, statusCode, bytes, responseTimeMs) and 'reqError'; awaitable. */
  export type Instance = EventEmitter & PromiseLike<Result>;

  export default function autocannon(options: Options): Instance;
}
