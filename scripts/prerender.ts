/**
 * Build step after `vite build`: writes each route's first page, painted before any script runs,
 * into dist/pages/ (`/` as index.html, `/destination-account` as destination-account.html, …).
 *
 * Builds src/first-paint/prerender.tsx for Node with Vite (same configuration, SSR), renders every
 * route with it, and writes dist/index.html with the route's markup in #root (named in its
 * data-first-paint attribute, which the browser hydrates from) after the hidden notice the entry
 * shows if the portal fails to load (src/shell/load-failure.tsx), the route's title, its critical
 * Emotion styles in <head> (the service lets each <style> in by the hash written beside the pages,
 * PAGE_HASHES_FILE), and in its data-first-paint-chunks attribute every chunk the portal and the first
 * paint (its screen, the footer) need, which the entry fetches all at once when the page has
 * painted (src/main.tsx), before it evaluates them part by part. A page the machine only shows for
 * a moment before it leaves also carries the inline script that leaves on its own at that moment
 * (src/first-paint/own-leave.ts), let in by its hash likewise. Fails when a module the portal or the first paint names is not in Vite's manifest.
 *
 * Usage: tsx scripts/prerender.ts [distDir]   (dist/ by default)
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PAGE_HASHES_FILE, type PageHashes } from '../contract/paths.ts';
import { filesOf, readManifest, withStaticImports, type Manifest } from './vite-manifest.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_TABLE, type Language } from '../contract/words/languages.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = 'src/first-paint/prerender.tsx';
/** The portal the entry loads (src/main.tsx): the machine's running actor, then the view. */
const PORTAL_MODULES = ['src/app/start-portal-actor.ts', 'src/boot.tsx'];

/** What the built entry exports (its types live in src/, which scripts do not import). */
type PrerenderEntry = {
  FIRST_PAINT_ATTRIBUTE: string;
  FIRST_PAINT_CHUNKS_ATTRIBUTE: string;
  OWN_LEAVE: { attribute: string };
  PRERENDERED_ROUTES: string[];
  PRERENDERED_LANGUAGES: readonly Language[];
  prerenderRoute(
    route: string,
    language: Language,
  ): Promise<{
    route: string;
    markup: string;
    notice: string;
    styles: { names: string; css: string }[];
    title: string;
    modules: string[];
    ownLeave: { script: string; after: number } | null;
  }>;
};

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A CSP source for an inline element's text: its SHA-256, as the browser computes it over that text. */
const cspHash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** A <style> element for <head>; its text ends where `</style` would, which Emotion's CSS never holds. */
function styleElement(style: { names: string; css: string }): string {
  if (/<\/style/i.test(style.css)) throw new Error(`a style of ${style.names} would end its <style> element early`);
  return `<style data-emotion="${escapeHtml(style.names)}">${style.css}</style>`;
}

/** The page's file under dist/pages/ for a route: English's at the top, another language's in its folder (`es/index.html`). */
const pageFile = (route: string, language: Language): string =>
  `${language === DEFAULT_LANGUAGE ? '' : `${language}/`}${route === '/' ? 'index' : route.slice(1)}.html`;

/** The module of a language's catalog in Vite's manifest (its own chunk), which its pages preload: none for English. */
const catalogModule = (language: Language): string[] => (LANGUAGE_TABLE[language].catalog ? [`contract/words/${language}.ts`] : []);

/** Every chunk file a module needs, itself first, from the manifest. */
const chunkFiles = (manifest: Manifest, module: string): string[] => filesOf(manifest, withStaticImports(manifest, [module]));

function replaceOnce(page: string, search: string | RegExp, replacement: string): string {
  const replaced = page.replace(search, () => replacement);
  if (replaced === page) throw new Error(`dist/index.html has no ${String(search)}`);
  return replaced;
}

/**
 * A prerendered page paints from its HTML alone: its scripts only take it over. Chrome fetches module
 * scripts and modulepreloads at high priority, the priority of what blocks rendering, and Lighthouse's
 * simulated load counts a high-priority script as blocking the first paint. Low priority says what
 * they are, to the browser and to the simulation.
 */
function lowPriorityScripts(template: string): string {
  const lowered = template.replace(
    /<(script type="module"|link rel="modulepreload") crossorigin /g,
    '<$1 crossorigin fetchpriority="low" ',
  );
  if (!lowered.includes('<script type="module" crossorigin fetchpriority="low" ')) throw new Error('dist/index.html has no module script');
  return lowered;
}

async function buildEntry(outDir: string): Promise<PrerenderEntry> {
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: ENTRY, outDir, emptyOutDir: true, manifest: false, ssrManifest: false },
  });
  return (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as PrerenderEntry;
}

async function main(): Promise<void> {
  const distDir = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = readManifest(distDir);
  const ssrDir = path.join(ROOT, 'node_modules', '.cache', 'portal-prerender');
  const entry = await buildEntry(ssrDir);
  const pagesDir = path.join(distDir, 'pages');
  rmSync(pagesDir, { recursive: true, force: true });
  const hashes: PageHashes = {};
  for (const language of entry.PRERENDERED_LANGUAGES) {
    mkdirSync(path.dirname(path.join(pagesDir, pageFile('/', language))), { recursive: true });
    for (const route of entry.PRERENDERED_ROUTES) {
      const page = await entry.prerenderRoute(route, language);
      // The portal's own chunks, then the first paint's (and its language's words): the entry fetches them all once the page has painted.
      const modules = [...PORTAL_MODULES, ...page.modules, ...catalogModule(language)];
      const chunks = [...new Set(modules.flatMap((module) => chunkFiles(manifest, module)))]
        .filter((file) => !template.includes(`/${file}"`))
        .map((file) => `/${file}`)
        .join(' ');
      const rootAttributes = [
        `${entry.FIRST_PAINT_ATTRIBUTE}="${escapeHtml(route)}"`,
        `${entry.FIRST_PAINT_CHUNKS_ATTRIBUTE}="${escapeHtml(chunks)}"`,
        ...(page.ownLeave ? [`${entry.OWN_LEAVE.attribute}="${page.ownLeave.after}"`] : []),
      ].join(' ');
      // Right after #root, which it reads: it runs as the parser reaches it, before any paint it times from.
      const ownLeave = page.ownLeave ? `<script>${page.ownLeave.script}</script>` : '';
      hashes[pageFile(route, language)] = {
        script: page.ownLeave ? [cspHash(page.ownLeave.script)] : [],
        style: page.styles.map((style) => cspHash(style.css)),
      };
      let html = replaceOnce(lowPriorityScripts(template), /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
      if (language !== DEFAULT_LANGUAGE) html = replaceOnce(html, '<html lang="en">', `<html lang="${language}">`);
      html = replaceOnce(html, '</head>', `${page.styles.map(styleElement).join('')}</head>`);
      html = replaceOnce(html, '<div id="root"></div>', `${page.notice}<div id="root" ${rootAttributes}>${page.markup}</div>${ownLeave}`);
      writeFileSync(path.join(pagesDir, pageFile(route, language)), html);
    }
  }
  writeFileSync(path.join(pagesDir, PAGE_HASHES_FILE), JSON.stringify(hashes));
  rmSync(ssrDir, { recursive: true, force: true });
  console.log(
    `prerendered ${entry.PRERENDERED_ROUTES.length} routes in ${entry.PRERENDERED_LANGUAGES.length} languages into ${path.relative(process.cwd(), pagesDir) || pagesDir}/`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
