/**
 * The service's structured logger. Secrets are redacted wherever they appear in a logged object,
 * and the request log records the path without its query (token_id travels in queries).
 */
import pino, { type Logger } from 'pino';
import type { MiddlewareHandler } from 'hono';

const SECRET_KEYS = ['password', 'token', 'token_id', 'tokenId', 'authorization', 'cookie', 'hashSecret', 'secret'];

export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  };
}
