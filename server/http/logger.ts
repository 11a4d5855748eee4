/**
 * The service's structured logger. Secrets are redacted wherever they appear in a logged object,
 * and the request log records the path without its query (token_id travels in queries) and without
 * the grant of a download or item-report link. Lines go to stdout in batches through pino's asynchronous
 * destination: a request never waits for a write, and lines leave together once 16 kB are waiting,
 * or within a second (a write per request line was the largest cost of a cheap request after the
 * socket's own write). What is waiting is written before the process exits; a SIGKILL can lose the
 * last second.
 */
import { writeSync } from 'node:fs';
import pino, { type Logger } from 'pino';
import { GRANT_PATHS } from './download-session.ts';
import type { RequestObserver } from './observe-requests.ts';

const SECRET_KEYS = ['password', 'token', 'token_id', 'tokenId', 'authorization', 'cookie', 'hashSecret', 'secret'];

export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

const BATCH_CHARS = 16 * 1024;
const FLUSH_INTERVAL_MS = 1000;

/**
 * stdout for every logger of the process (one writer, so lines never interleave). The lines are
 * gathered here and handed to pino's destination (sonic-boom) one batch at a time: given them one by
 * one, it measures its growing pending string on every line, which copies the whole batch each time
 * (2.6 against 1.3 µs a line, docs/performance.md). sonic-boom still does the writing: asynchronous,
 * so a full pipe never stalls the event loop, and retried when the pipe is busy.
 */
function stdoutInBatches(): pino.DestinationStream {
  // maxWrite above a batch's size: one write per batch (sonic-boom cuts its writes at 16 kB by default).
  const stdout = pino.destination({ dest: 1, sync: false, maxWrite: 4 * BATCH_CHARS });
  let lines: string[] = [];
  let chars = 0;
  const take = () => {
    const batch = lines.join('');
    lines = [];
    chars = 0;
    return batch;
  };
  const handOver = () => {
    if (lines.length) stdout.write(take());
  };
  setInterval(handOver, FLUSH_INTERVAL_MS).unref();
  // At exit there is no event loop left for an asynchronous write: what sonic-boom holds, then what is
  // gathered here, synchronously and in that order. First of the exit listeners, so nothing logged after
  // pino's own exit flush is left behind.
  process.prependListener('exit', () => {
    const rest = take();
    try {
      stdout.flushSync();
      if (rest) writeSync(1, rest);
    } catch {
      // stdout is gone (a closed pipe): nothing left to write to.
    }
  });
  const gathering: pino.DestinationStream & { flush(callback?: (error?: Error) => void): void } = {
    write(line: string) {
      lines.push(line);
      chars += line.length;
      if (chars >= BATCH_CHARS) handOver();
    },
    // pino's logger.flush(): what is gathered goes out now (sonic-boom writes each batch as it gets it).
    flush(callback?: (error?: Error) => void) {
      handOver();
      stdout.flush(callback);
    },
  };
  return gathering;
}

let processStdout: pino.DestinationStream | undefined;

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return pino(options, destination ?? (processStdout ??= stdoutInBatches()));
}

const GRANT_PREFIXES = Object.values(GRANT_PATHS);

/**
 * Paths that carry a credential in a segment (the grants of the archive and of the item report); the
 * segment is not logged. Any other path is returned as it is, without running the expression (every
 * request's log line asks).
 */
export function loggablePath(path: string): string {
  const prefix = GRANT_PREFIXES.find((grantPath) => path.startsWith(grantPath));
  return prefix ? prefix + path.slice(prefix.length).replace(/^[^/]+/, '[redacted]') : path;
}

/**
 * One line per request. Its fields are fixed and hold no secret (the path is loggablePath's), so its
 * logger skips the redaction pass, which would otherwise cost more than the rest of the line.
 */
export function requestLog(logger: Logger): RequestObserver {
  const requests = logger.child({}, { redact: [] });
  return ({ method, path, status }, ms) => requests.info({ method, path: loggablePath(path), status, ms: Math.round(ms) }, 'request');
}
