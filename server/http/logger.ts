/**
 * The service's structured logger. Secrets are redacted wherever they appear in a logged object,
 * and the request log records the path without its query (token_id travels in queries) and without
 * the token of a download link.
 */
import pino, { type Logger } from 'pino';
import type { MiddlewareHandler } from 'hono';

const SECRET_KEYS = ['password', 'token', 'token_id', 'tokenId', 'authorization', 'cookie', 'hashSecret', 'secret'];

export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

/** Paths that carry a credential in a segment (download links); the segment is not logged. */
export const loggablePath = (path: string): string => path.replace(/^(\/api\/downloads\/)[^/]+/, '$1[redacted]');

export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      { method: c.req.method, path: loggablePath(c.req.path), status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  };
}
