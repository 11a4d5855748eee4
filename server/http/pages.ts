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
 *
 * Each kept page carries, per encoding, its head made once (security headers, length and all) for
 * the service's own Node listener, which answers a page's exact route before the framework
 * (`answerOnNode`, server/http/page-listener.ts, decision 0036); any other page request (`/Status/`,
 * an unknown route, HEAD, in-process tests) is answered through Hono by `answer`, from the same bytes.
 *
 * Each page is built in every language (decision 0033): English in dist/pages/, another language in
 * dist/pages/<code>/ (`es/index.html`). A request gets the page in the first of its Accept-Language
 * the portal speaks, as the portal itself chooses (`pickLanguage`); the choice is kept for the last
 * header seen, as the encoding's is, so answering the same browser again costs one comparison.
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import {
  DEFAULT_LANGUAGE,
  fromAcceptLanguage,
  LANGUAGES,
  PAGE_HASHES_FILE,
  languageOfCookie,
  pickLanguage,
  type Language,
  type PageHashes,
} from '../../contract/index.ts';
import { accepts, type EncodingName } from './encodings.ts';
import { contentSecurityPolicy, type SecurityHeaders } from './security-headers.ts';
import { requestHeader } from './node-response.ts';
import { xsrfCookies } from './xsrf.ts';

const compressors: Record<EncodingName, (page: Buffer) => Promise<Buffer>> = {
  br: (page) =>
    promisify(brotliCompress)(page, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: page.length },
    }),
  gzip: (page) => promisify(gzip)(page, { level: 9 }),
};

/** How long what was read of the build is trusted before its stamps are read again. */
const BUILD_CHECK_MS = 1000;

/** A page in one encoding: its bytes, its headers for Hono, and the same with the security headers and length as the head Node writes. */
type Variant = { body: Bytes; headers: Record<string, string>; head: string[] };
type Page = Record<'plain' | 'br' | 'gzip', Variant>;
/** What Hono's c.body() takes: bytes over an ArrayBuffer of their own. */
type Bytes = Uint8Array<ArrayBuffer>;

/** What identifies one build of a file or folder: a rebuild writes a new one. */
function stamp(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.ino}:${stats.mtimeMs}:${stats.size}:${stats.isFile()}` : '-';
}

/** The page files of one language of a build, by their route (`/` for index.html; none when it wrote no pages). */
function pageRoutes(pagesDir: string): Map<string, string> {
  try {
    return new Map(
      readdirSync(pagesDir, { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
        .map((entry) => [entry.name === 'index.html' ? '/' : `/${entry.name.slice(0, -'.html'.length)}`, path.join(pagesDir, entry.name)]),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
}

export type Pages = ReturnType<typeof pages>;

export function pages(
  distDir: string,
  options: { secureCookies: boolean; security: Pick<SecurityHeaders, 'securedHead' | 'writeSecuredHead'> },
) {
  const root = path.resolve(distDir);
  const pagesDir = path.join(root, 'pages');
  const hashesFile = path.join(pagesDir, PAGE_HASHES_FILE);
  const indexFile = path.join(root, 'index.html');
  const xsrfCookie = xsrfCookies({ secure: options.secureCookies });
  const { securedHead, writeSecuredHead } = options.security;

  /**
   * What was read of the build in place: its stamps, its page files by route, the page a route
   * without its own gets, and the pages answered so far (no more than it has files).
   */
  type Build = {
    stamps: string;
    checkedAt: number;
    routes: Record<Language, Map<string, string>>;
    fallback: Record<Language, string | null>;
    pages: Map<string, Page | Promise<Page>>;
  };
  let build: Build | null = null;

  function currentBuild(): Build {
    const now = Date.now();
    if (build && now - build.checkedAt < BUILD_CHECK_MS) return build;
    const stamps = [pagesDir, hashesFile, indexFile].map(stamp).join('/');
    if (build?.stamps === stamps) build.checkedAt = now;
    else {
      const english = pageRoutes(pagesDir);
      const index = stamp(indexFile).endsWith(':true') ? indexFile : null;
      // A language the build wrote no pages in (an older build) gets the English ones.
      const byLanguage = (language: Language) =>
        language === DEFAULT_LANGUAGE ? english : new Map([...english, ...pageRoutes(path.join(pagesDir, language))]);
      const routes = Object.fromEntries(LANGUAGES.map((language) => [language, byLanguage(language)])) as Build['routes'];
      const fallback = Object.fromEntries(LANGUAGES.map((language) => [language, routes[language].get('/') ?? index])) as Build['fallback'];
      build = { stamps, checkedAt: now, routes, fallback, pages: new Map() };
    }
    return build;
  }

  /** The page for a request path (`/Destination-Account/` is `/destination-account`, as for the portal). */
  function pageFile(current: Build, requestPath: string, language: Language): string | null {
    const route = requestPath === '/index.html' ? '/' : requestPath.replace(/\/+$/, '').toLowerCase() || '/';
    return current.routes[language].get(route) ?? current.fallback[language];
  }

  /** The hashes of the inline scripts and styles the build wrote into a page (none for a build that wrote no list). */
  async function inlineHashes(file: string): Promise<PageHashes[string]> {
    const none = { script: [], style: [] };
    if (!isPageSource(file)) return none;
    try {
      const hashes = JSON.parse(await readFile(hashesFile, 'utf8')) as PageHashes;
      return hashes[path.relative(pagesDir, file).split(path.sep).join('/')] ?? none;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return none;
      throw error;
    }
  }

  function variant(body: Buffer, headers: Record<string, string>): Variant {
    return { body: new Uint8Array(body), headers, head: securedHead({ ...headers, 'Content-Length': String(body.length) }) };
  }

  async function load(file: string): Promise<Page> {
    const [plain, hashes] = await Promise.all([readFile(file), inlineHashes(file)]);
    const [br, gzipped] = await Promise.all([compressors.br(plain), compressors.gzip(plain)]);
    const headers = {
      'Content-Security-Policy': contentSecurityPolicy({ scriptHashes: hashes.script, styleHashes: hashes.style }),
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding, Accept-Language, Cookie',
      'Content-Type': 'text/html; charset=utf-8',
    };
    return {
      plain: variant(plain, headers),
      br: variant(br, { ...headers, 'Content-Encoding': 'br' }),
      gzip: variant(gzipped, { ...headers, 'Content-Encoding': 'gzip' }),
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

  /** The last Accept-Encoding asked with and the encoding it chose: a browser asks every time the same way. */
  let lastAsked: { acceptEncoding: string | undefined; encoding: keyof Page } = { acceptEncoding: undefined, encoding: 'plain' };
  /** The encoding the browser takes best. */
  function encodingFor(acceptEncoding: string | undefined): keyof Page {
    if (acceptEncoding !== lastAsked.acceptEncoding) {
      const encoding = accepts(acceptEncoding, 'br') ? 'br' : accepts(acceptEncoding, 'gzip') ? 'gzip' : 'plain';
      lastAsked = { acceptEncoding, encoding };
    }
    return lastAsked.encoding;
  }

  /** The last Accept-Language asked with and the language it chose. */
  let lastLanguage: { acceptLanguage: string | undefined; language: Language } = { acceptLanguage: undefined, language: DEFAULT_LANGUAGE };
  /**
   * The language of the page: the one the visit chose (its cookie), else the first of the browser's
   * the portal speaks, as the portal chooses it.
   */
  function languageFor(acceptLanguage: string | undefined, cookie: string | undefined): Language {
    const chosen = cookie === undefined ? null : languageOfCookie(cookie);
    if (chosen) return chosen;
    if (acceptLanguage !== lastLanguage.acceptLanguage)
      lastLanguage = { acceptLanguage, language: pickLanguage(fromAcceptLanguage(acceptLanguage)) };
    return lastLanguage.language;
  }

  /** The answer with a kept page: its bytes in the encoding the browser takes best, and a cookie if it has none. */
  function pageAnswer(c: Context, kept: Page): Response {
    const { body, headers } = kept[encodingFor(requestHeader(c, 'accept-encoding'))];
    const cookie = xsrfCookie(requestHeader(c, 'cookie'));
    // One plain header object, new for this answer (the server adds to it): @hono/node-server then
    // hands it to writeHead as it is, where c.header() would build a Headers object and convert it back.
    return new Response(body, { status: 200, headers: cookie ? { ...headers, 'Set-Cookie': cookie } : { ...headers } });
  }

  /** The page answer for a request path, or null when the build has no page at all; at once when the page is kept. */
  function answer(c: Context, requestPath: string): Response | Promise<Response> | null {
    const current = currentBuild();
    const file = pageFile(current, requestPath, languageFor(requestHeader(c, 'accept-language'), requestHeader(c, 'cookie')));
    if (!file) return null;
    const kept = page(current, file);
    return kept instanceof Promise ? kept.then((loaded) => pageAnswer(c, loaded)) : pageAnswer(c, kept);
  }

  /**
   * Answers a GET of a page's exact route (`/`, `/status`) on the Node response with the page's head
   * made once, when that page is already kept and `mayAnswer` lets it; false, having written nothing,
   * for anything else (the framework's `answer` then serves it, keeping it for the next time).
   * `mayAnswer` is asked only about the build's page routes.
   */
  function answerOnNode(route: string, request: IncomingMessage, response: ServerResponse, mayAnswer: (route: string) => boolean): boolean {
    const current = currentBuild();
    const file = current.routes[languageFor(request.headers['accept-language'], request.headers.cookie)].get(route);
    const kept = file === undefined ? undefined : current.pages.get(file);
    if (!kept || kept instanceof Promise || !mayAnswer(route)) return false;
    const { body, head } = kept[encodingFor(request.headers['accept-encoding'])];
    const cookie = xsrfCookie(request.headers.cookie);
    writeSecuredHead(response, 200, cookie ? [...head, 'Set-Cookie', cookie] : head);
    response.end(body);
    return true;
  }

  return { answer, answerOnNode, isPageSource };
}
