/**
 * The portal's pages. The build writes each route's first page with its first paint in it
 * (dist/pages/, scripts/prerender.ts); a route without one (or a build without pages) gets the
 * sign-in page, which is where the portal sends an unknown address, or the bare index.html.
 *
 * A page is the same bytes for every visitor: its CSP names, by their hashes, the inline scripts and
 * <style> elements the build listed for it (PAGE_HASHES_FILE) and no others (decision 0030), so it is
 * read and compressed once (brotli at its best quality, and gzip) and then answered from memory —
 * the one page every customer of a closure opens first costs what a static file costs. Only the XSRF
 * cookie the page's calls echo is new per answer. Never cached by the browser (`no-cache`), and a new
 * build is picked up within a second: the stamps of the pages' folder, its hash list and index.html
 * are read at most once a second (a stat on every answer cost more than the rest of the answer), and
 * any change drops what was kept, the list of pages included.
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import { PAGE_HASHES_FILE, type PageHashes } from '../../contract/index.ts';
import { accepts, type EncodingName } from './encodings.ts';
import { contentSecurityPolicy } from './security-headers.ts';
import { requestHeader } from './node-response.ts';
import { xsrfCookie } from './xsrf.ts';

const compressors: Record<EncodingName, (page: Buffer) => Promise<Buffer>> = {
  br: (page) =>
    promisify(brotliCompress)(page, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: page.length },
    }),
  gzip: (page) => promisify(gzip)(page, { level: 9 }),
};

const ROUTE = /^\/[a-z0-9-]*$/;

/** How long what was read of the build is trusted before its stamps are read again. */
const BUILD_CHECK_MS = 1000;

/** A page as it is answered: its bytes plain and compressed, and the headers of each. */
type Page = Record<'plain' | 'br' | 'gzip', { body: Bytes; headers: Record<string, string> }>;
/** What Hono's c.body() takes: bytes over an ArrayBuffer of their own. */
type Bytes = Uint8Array<ArrayBuffer>;

/** What identifies one build of a file or folder: a rebuild writes a new one. */
function stamp(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.ino}:${stats.mtimeMs}:${stats.size}:${stats.isFile()}` : '-';
}

/** The page files of a build, by name (none when it wrote no pages). */
function pageNames(pagesDir: string): Set<string> {
  try {
    return new Set(
      readdirSync(pagesDir, { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
        .map((entry) => entry.name),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
}

export function pages(distDir: string, options: { secureCookies: boolean }) {
  const root = path.resolve(distDir);
  const pagesDir = path.join(root, 'pages');
  const hashesFile = path.join(pagesDir, PAGE_HASHES_FILE);
  const indexFile = path.join(root, 'index.html');

  /** What was read of the build in place: its stamps, its page files, and the pages answered so far (no more than it has files). */
  type Build = { stamps: string; checkedAt: number; names: Set<string>; index: boolean; pages: Map<string, Page | Promise<Page>> };
  let build: Build | null = null;

  function currentBuild(): Build {
    const now = Date.now();
    if (build && now - build.checkedAt < BUILD_CHECK_MS) return build;
    const stamps = [pagesDir, hashesFile, indexFile].map(stamp).join('/');
    if (build?.stamps === stamps) build.checkedAt = now;
    else build = { stamps, checkedAt: now, names: pageNames(pagesDir), index: stamp(indexFile).endsWith(':true'), pages: new Map() };
    return build;
  }

  /** The page for a request path (`/Destination-Account/` is `/destination-account`, as for the portal). */
  function pageFile(current: Build, requestPath: string): string | null {
    const route = requestPath === '/index.html' ? '/' : requestPath.replace(/\/+$/, '').toLowerCase() || '/';
    const own = ROUTE.test(route) ? `${route === '/' ? 'index' : route.slice(1)}.html` : null;
    for (const name of [own, 'index.html']) if (name && current.names.has(name)) return path.join(pagesDir, name);
    return current.index ? indexFile : null;
  }

  /** The hashes of the inline scripts and styles the build wrote into a page (none for a build that wrote no list). */
  async function inlineHashes(file: string): Promise<PageHashes[string]> {
    const none = { script: [], style: [] };
    if (!isPageSource(file)) return none;
    try {
      const hashes = JSON.parse(await readFile(hashesFile, 'utf8')) as PageHashes;
      return hashes[path.basename(file)] ?? none;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return none;
      throw error;
    }
  }

  async function load(file: string): Promise<Page> {
    const [plain, hashes] = await Promise.all([readFile(file), inlineHashes(file)]);
    const [br, gzipped] = await Promise.all([compressors.br(plain), compressors.gzip(plain)]);
    const headers = {
      'Content-Security-Policy': contentSecurityPolicy({ scriptHashes: hashes.script, styleHashes: hashes.style }),
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'Content-Type': 'text/html; charset=utf-8',
    };
    return {
      plain: { body: new Uint8Array(plain), headers },
      br: { body: new Uint8Array(br), headers: { ...headers, 'Content-Encoding': 'br' } },
      gzip: { body: new Uint8Array(gzipped), headers: { ...headers, 'Content-Encoding': 'gzip' } },
    };
  }

  /**
   * The page kept for a file, read and compressed on its first answer (once, however many ask at the
   * same moment); the page itself once read, so that an answer waits for nothing.
   */
  function page(current: Build, file: string): Page | Promise<Page> {
    const pages = current.pages;
    const kept = pages.get(file);
    if (kept) return kept;
    const loading = load(file).then(
      (loaded) => {
        if (pages.get(file) === loading) pages.set(file, loaded);
        return loaded;
      },
      (error: unknown) => {
        // A failed read is not kept: the next answer tries again.
        if (pages.get(file) === loading) pages.delete(file);
        throw error;
      },
    );
    pages.set(file, loading);
    return loading;
  }

  /** Whether a path is one of the built pages' own files, never served as they are. */
  const isPageSource = (file: string) => file.startsWith(pagesDir + path.sep);

  /** The answer with a kept page: its bytes in the encoding the browser takes best, and a cookie if it has none. */
  function pageAnswer(c: Context, kept: Page): Response {
    const acceptEncoding = requestHeader(c, 'accept-encoding');
    const { body, headers } = accepts(acceptEncoding, 'br') ? kept.br : accepts(acceptEncoding, 'gzip') ? kept.gzip : kept.plain;
    const cookie = xsrfCookie(c, { secure: options.secureCookies });
    // One plain header object, new for this answer (the server adds to it): @hono/node-server then
    // hands it to writeHead as it is, where c.header() would build a Headers object and convert it back.
    return new Response(body, { status: 200, headers: cookie ? { ...headers, 'Set-Cookie': cookie } : { ...headers } });
  }

  /** The page answer for a request path, or null when the build has no page at all; at once when the page is kept. */
  function answer(c: Context, requestPath: string): Response | Promise<Response> | null {
    const current = currentBuild();
    const file = pageFile(current, requestPath);
    if (!file) return null;
    const kept = page(current, file);
    return kept instanceof Promise ? kept.then((loaded) => pageAnswer(c, loaded)) : pageAnswer(c, kept);
  }

  return { answer, isPageSource };
}
