/**
 * Serves the built SPA from dist/. Hashed files under /assets/ are immutable and served as the
 * .br or .gz written next to them at build time (scripts/compress-dist.ts) when the browser accepts
 * it. A path without a file extension (and /index.html) is a page of the portal: its route's
 * prerendered page, or the sign-in page (server/http/pages.ts; every §2 route is rendered by the SPA).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Handler, Next } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { isFile } from './is-file.ts';
import { accepts, ENCODINGS } from './encodings.ts';
import type { Pages } from './pages.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `portalPages`: the pages of the same dist/ folder (server/http/pages.ts). */
export function serveDist(distDir: string, portalPages: Pages): Handler {
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

  /** A file of dist/ (an asset, the favicon): from the disk, as it is or as its compressed twin. */
  async function distFile(c: Context, next: Next, file: string, requestPath: string) {
    if (await isFile(file)) return send(c, file, requestPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    return next();
  }

  // A handler for GET (and so HEAD), not an async function: a page kept in memory is answered
  // without a promise of its own.
  return (c, next) => {
    let requestPath: string;
    try {
      requestPath = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    const filePath = path.join(root, path.normalize(requestPath));
    // Never outside dist/, never a precompressed twin asked for by name.
    if (!filePath.startsWith(root + path.sep) || /\.(br|gz)$/.test(filePath) || portalPages.isPageSource(filePath)) return next();
    // A path without an extension is a route of the portal (the build writes no such file): its page,
    // with no look at the disk, which cost the landing page more than the rest of its answer.
    if (path.extname(requestPath) === '' || filePath === indexFile) return portalPages.answer(c, requestPath) ?? next();
    return distFile(c, next, filePath, requestPath);
  };
}
