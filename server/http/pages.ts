/**
 * The portal's pages. The build writes each route's first page with its first paint in it
 * (dist/pages/, scripts/prerender.ts); a route without one (or a build without pages) gets the
 * sign-in page, which is where the portal sends an unknown address, or the bare index.html.
 *
 * Every answer carries a nonce of its own: written into the page wherever the build left the marker
 * (its <style> elements and the csp-nonce meta the app's style cache reads) and into the page's
 * Content-Security-Policy, whose style-src allows no other inline style; its script-src lets in, by
 * their hashes, the inline scripts the build listed for that page (SCRIPT_HASHES_FILE), and no
 * others. The page is therefore compressed per answer (brotli at a quality that takes well under a millisecond for a page), and
 * carries the XSRF cookie the page's calls echo. Never cached: a new build is picked up at once.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import { PAGE_NONCE_PLACEHOLDER, SCRIPT_HASHES_FILE, type ScriptHashes } from '../../contract/index.ts';
import { isFile } from './is-file.ts';
import { accepts, type EncodingName } from './encodings.ts';
import { contentSecurityPolicy } from './security-headers.ts';
import { issueXsrfCookie } from './xsrf.ts';

const compressors: Record<EncodingName, (page: string) => Promise<Buffer>> = {
  br: (page) => promisify(brotliCompress)(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (page) => promisify(gzip)(page, { level: 6 }),
};

const ROUTE = /^\/[a-z0-9-]*$/;

/** A fresh nonce per answer: 128 random bits. */
const newNonce = () => randomBytes(16).toString('base64');

export function pages(distDir: string, options: { secureCookies: boolean }) {
  const root = path.resolve(distDir);
  const pagesDir = path.join(root, 'pages');

  /** The page for a request path (`/Destination-Account/` is `/destination-account`, as for the portal). */
  async function pageFile(requestPath: string): Promise<string | null> {
    const route = requestPath === '/index.html' ? '/' : requestPath.replace(/\/+$/, '').toLowerCase() || '/';
    const candidates = [path.join(pagesDir, 'index.html'), path.join(root, 'index.html')];
    if (ROUTE.test(route)) candidates.unshift(path.join(pagesDir, `${route === '/' ? 'index' : route.slice(1)}.html`));
    for (const file of candidates) if (await isFile(file)) return file;
    return null;
  }

  /** The hashes of the inline scripts the build wrote into a page (none for a build that wrote no list). */
  async function inlineScriptHashes(file: string): Promise<string[]> {
    if (!isPageSource(file)) return [];
    try {
      const hashes = JSON.parse(await readFile(path.join(pagesDir, SCRIPT_HASHES_FILE), 'utf8')) as ScriptHashes;
      return hashes[path.basename(file)] ?? [];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  /** Whether a path is one of the built pages' own files, never served as they are. */
  const isPageSource = (file: string) => file.startsWith(pagesDir + path.sep);

  /** The page answer for a request path, or null when the build has no page at all. */
  async function answer(c: Context, requestPath: string): Promise<Response | null> {
    const file = await pageFile(requestPath);
    if (!file) return null;
    const nonce = newNonce();
    const [built, scriptHashes] = await Promise.all([readFile(file, 'utf8'), inlineScriptHashes(file)]);
    const page = built.replaceAll(PAGE_NONCE_PLACEHOLDER, nonce);
    issueXsrfCookie(c, { secure: options.secureCookies });
    c.header('Content-Security-Policy', contentSecurityPolicy({ styleNonce: nonce, scriptHashes }));
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    c.header('Content-Type', 'text/html; charset=utf-8');
    const encoding = (['br', 'gzip'] as const).find((name) => accepts(c.req.header('Accept-Encoding'), name));
    if (!encoding) return c.body(page);
    c.header('Content-Encoding', encoding);
    return c.body(new Uint8Array(await compressors[encoding](page)));
  }

  return { answer, isPageSource };
}
