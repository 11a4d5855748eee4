/**
 * `npm start`: reads the configuration, assembles the service, listens on PORT (8080), and shuts down
 * gracefully on SIGTERM/SIGINT: stop accepting, let open requests finish, stop the sweep, close the
 * database. A crash-worthy bug in a request is answered 500 by the app and never ends the process.
 */
import { serve } from '@hono/node-server';
import { readConfig } from './config.ts';
import { assembleService } from './wiring.ts';

const config = readConfig(process.env);
const service = assembleService(config);
const { logger } = service;

const server = serve({ fetch: service.app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info({ port: info.port, adapters: config.adapters, database: config.databasePath }, 'export portal listening');
  console.log(`export portal listening on http://localhost:${info.port}`);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // Open keep-alive connections would hold close() forever; give requests 10 s.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(() => {
    void service.close().then(() => process.exit(0));
  });
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal));
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
