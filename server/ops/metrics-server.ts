/**
 * The internal metrics listener: `GET /metrics` in Prometheus' text format on METRICS_HOST:METRICS_PORT,
 * a port of its own so the public listener (and the load balancer in front of it) never exposes it.
 * Anything else is 404. A scrape that fails answers 500 and is logged; it never ends the process.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';

export type MetricsServer = { port: number; close: () => Promise<void> };

export async function startMetricsServer(
  registry: Registry,
  listen: { host: string; port: number },
  logger: Logger,
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics: a scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
