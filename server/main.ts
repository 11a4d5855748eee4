/**
 * `npm start`: reads the configuration, assembles the service, listens on HOST:PORT (127.0.0.1:8080),
 * says which parts are development stand-ins, and shuts down gracefully on SIGTERM/SIGINT: stop
 * accepting, let open requests finish, stop the worker (each transfer stops at its next checkpoint
 * and gives its lease back) and the background passes, close the database.
 * The role (`--role web|worker|all`, or ROLE) picks what runs: `web` only answers HTTP, `worker` runs
 * the transfers and background passes with no public listener, `all` (the default) both. A configuration that
 * cannot run (a malformed value, or production without its real parts) or a database that cannot be
 * reached or migrated exits 1 with the reasons.
 * With METRICS_PORT it also serves Prometheus metrics on that internal port (server/ops/).
 * A crash-worthy bug in a request is answered 500 by the app and never ends the process.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, readConfig, roleArgument, type Config } from './config.ts';
import { databaseLabel } from './db/open.ts';
import { startMetricsServer } from './ops/metrics-server.ts';
import { assembleService, describeParts } from './wiring.ts';
import { compileChecked } from '../contract/words/compile.ts';
import { compileWith } from '../contract/words/translate.ts';

function configuration(): Config {
  try {
    return readConfig({ ...process.env, ...roleArgument(process.argv.slice(2)) });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

// Every file and folder this process creates — archives, the database and its -wal and -shm, mail
// files, temporary files, whatever a library writes — is the service's user's alone (0600, 0700).
process.umask(0o077);
// The catalogs' messages (the mails' estimate, the development sign-in's pages) are compiled at first
// use, as the tests do (test/support/compile-words.ts); the browser's build compiles them beforehand.
compileWith(compileChecked);
const config = configuration();
const service = await assembleService(config).catch((error: unknown) => {
  // An unreachable database or a failed migration: say so in one line and stop.
  console.error(`export portal: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const { logger } = service;
const parts = describeParts(config);
const metricsServer = config.metrics
  ? await startMetricsServer(service.metrics.registry, config.metrics, logger).catch((error: unknown) => {
      console.error(
        `export portal: cannot serve metrics on ${config.metrics?.host}:${config.metrics?.port}: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(1);
    })
  : null;
if (metricsServer) logger.info({ host: config.metrics?.host, port: metricsServer.port }, 'metrics listening (GET /metrics)');

function announce(listening: string) {
  const standIns = parts.standIns.length ? parts.standIns.join('; ') : 'none';
  logger[config.production && parts.standIns.length ? 'warn' : 'info'](
    { standIns: parts.standIns, unavailable: parts.unavailable },
    `development stand-ins: ${standIns}`,
  );
  if (parts.unavailable.length) logger.warn({ unavailable: parts.unavailable }, `not available: ${parts.unavailable.join('; ')}`);
  console.log(`export portal ${listening} (role ${config.role}; development stand-ins: ${standIns})`);
}

/** The public listener: the response class that adds the security headers, and the service's listener (its pages first, then the app). */
function listen() {
  const listening = createServer({ ServerResponse: service.ServerResponse }, service.requestListener);
  listening.listen(config.port, config.host, () => {
    const { port } = listening.address() as AddressInfo;
    logger.info(
      { host: config.host, port, role: config.role, adapters: config.adapters, database: databaseLabel(config.database) },
      'export portal listening',
    );
    const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    announce(`listening on http://${shown}:${port}`);
  });
  return listening;
}

const server = config.role === 'worker' ? null : listen();
if (!server) {
  logger.info({ role: config.role, adapters: config.adapters, database: databaseLabel(config.database) }, 'export portal worker running');
  announce('worker running, no public listener');
}

/** Stops accepting and lets open requests finish (none to wait for in a worker). */
const closeServer = () =>
  new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    server.closeIdleConnections();
  });

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // Open keep-alive connections, or a transfer stuck between checkpoints, must not hold the exit for
  // ever, so stop waiting after 25 s. Not less: service.close() also waits for work it must not cut
  // (the first start's sample mailboxes), which took over 10 s on a loaded 2-core machine; 25 s stays
  // inside the usual 30 s stop grace. A lease not given back runs out by itself.
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  void closeServer()
    .then(() => Promise.all([service.close(), metricsServer?.close()]))
    .then(() => process.exit(0));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal));
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
