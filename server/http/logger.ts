/**
 * The service's structured logger. Secrets are redacted wherever they appear in a logged object,
 * and the request log records the path without its query (token_id travels in queries) and without
 * the token of a download link. Lines go to stdout through pino's asynchronous destination: a
 * request never waits for a write, and lines leave together once 4 kB are waiting, or within a
 * second (a write per request line was the largest cost of a cheap request after the socket's own
 * write). pino flushes what is left when the process exits; a SIGKILL can lose the last second.
 */
import pino, { type Logger } from 'pino';
import type { RequestObserver } from './observe-requests.ts';

const SECRET_KEYS = ['password', 'token', 'token_id', 'tokenId', 'authorization', 'cookie', 'hashSecret', 'secret'];

export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

const BATCH_BYTES = 4096;
const FLUSH_INTERVAL_MS = 1000;

function stdoutInBatches(): pino.DestinationStream {
  const stdout = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  setInterval(() => stdout.flush(), FLUSH_INTERVAL_MS).unref();
  return stdout;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return pino(options, destination ?? stdoutInBatches());
}

/** Paths that carry a credential in a segment (download links); the segment is not logged. */
export const loggablePath = (path: string): string => path.replace(/^(\/api\/downloads\/)[^/]+/, '$1[redacted]');

/**
 * One line per request. Its fields are fixed and hold no secret (the path is loggablePath's), so its
 * logger skips the redaction pass, which would otherwise cost more than the rest of the line.
 */
export function requestLog(logger: Logger): RequestObserver {
  const requests = logger.child({}, { redact: [] });
  return (c, ms) => requests.info({ method: c.req.method, path: loggablePath(c.req.path), status: c.res.status, ms: Math.round(ms) }, 'request');
}
