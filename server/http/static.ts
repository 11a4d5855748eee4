/**
 * Serves the built SPA from dist/. Hashed files under /assets/ are immutable and served as the
 * .br or .gz written next to them at build time (scripts/compress-dist.ts) when the browser accepts
 * it; index.html is never cached so a new build is picked up at once, and carries the XSRF cookie the
 * page's calls echo. Any other path without a file extension gets index.html (history fallback: every
 * §2 route is rendered by the SPA).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { issueXsrfCookie } from './xsrf.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Parses Accept-Encoding enough to honour q=0 (refusal). */
function accepts(header: string | undefined, encoding: string): boolean {
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name !== encoding && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

export function serveDist(distDir: string, options: { secureCookies: boolean }): MiddlewareHandler {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');

  async function send(c: Context, file: string, cacheControl: string) {
    const type = getMimeType(file) ?? 'application/octet-stream';
    c.header('Vary', 'Accept-Encoding');
    c.header('Cache-Control', cacheControl);
    for (const encoding of ENCODINGS) {
      if (!accepts(c.req.header('Accept-Encoding'), encoding.name) || !(await isFile(file + encoding.suffix))) continue;
      c.header('Content-Encoding', encoding.name);
      c.header('Content-Type', type);
      return c.body(await readFile(file + encoding.suffix));
    }
    c.header('Content-Type', type);
    return c.body(await readFile(file));
  }

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let requestPath: string;
    try {
      requestPath = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    const file = path.join(root, path.normalize(requestPath));
    // Never outside dist/, never a precompressed twin asked for by name.
    if (!file.startsWith(root + path.sep) || /\.(br|gz)$/.test(file)) return next();
    if (file !== indexFile && (await isFile(file))) {
      return send(c, file, requestPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    }
    if (path.extname(requestPath) !== '' && requestPath !== '/index.html') return next();
    if (!(await isFile(indexFile))) return next();
    issueXsrfCookie(c, { secure: options.secureCookies });
    return send(c, indexFile, 'no-cache');
  };
}
