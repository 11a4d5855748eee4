/**
 * Build step after `vite build`: writes each route's first page, painted before any script runs,
 * into dist/pages/ (`/` as index.html, `/destination-account` as destination-account.html, …).
 *
 * Builds src/first-paint/prerender.tsx for Node with Vite (same configuration, SSR), renders every
 * route with it, and writes dist/index.html with the route's markup in #root (named in its
 * data-first-paint attribute, which the browser hydrates from) after the hidden notice the entry
 * shows if the portal fails to load (src/shell/load-failure.tsx), the route's title, its critical
 * Emotion styles in <head> (each <style> with the page-nonce marker the service replaces per
 * response), and in its data-first-paint-chunks attribute every chunk the portal and the first
 * paint (its screen, the footer) need, which the entry fetches all at once when the page has
 * painted (src/main.tsx), before it evaluates them part by part. Fails when a module the portal or
 * the first paint names is not in Vite's manifest.
 *
 * Usage: tsx scripts/prerender.ts [distDir]   (dist/ by default)
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { Manifest } from './size.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = 'src/first-paint/prerender.tsx';
/** The portal the entry loads (src/main.tsx): the machine's running actor, then the view. */
const MACHINE_MODULE = 'src/app/start-portal-actor.ts';
const PORTAL_MODULES = [MACHINE_MODULE, 'src/boot.tsx'];

/** What the built entry exports (its types live in src/, which scripts do not import). */
type PrerenderEntry = {
  FIRST_PAINT_ATTRIBUTE: string;
  FIRST_PAINT_CHUNKS_ATTRIBUTE: string;
  MACHINE_AT_ONCE_ATTRIBUTE: string;
  PRERENDERED_ROUTES: string[];
  prerenderRoute(
    route: string,
  ): Promise<{ route: string; markup: string; notice: string; styles: string; title: string; modules: string[]; machineAtOnce: boolean }>;
};

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page's file under dist/pages/ for a route. */
const pageFile = (route: string): string => `${route === '/' ? 'index' : route.slice(1)}.html`;

/** Every chunk file a module needs, itself first, from the manifest. */
function chunkFiles(manifest: Manifest, module: string): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite's manifest has no ${key}: the first paint names a module the build does not have`);
    if (files.includes(chunk.file)) return;
    files.push(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(module);
  return files;
}

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
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const ssrDir = path.join(ROOT, 'node_modules', '.cache', 'portal-prerender');
  const entry = await buildEntry(ssrDir);
  const pagesDir = path.join(distDir, 'pages');
  rmSync(pagesDir, { recursive: true, force: true });
  mkdirSync(pagesDir, { recursive: true });
  for (const route of entry.PRERENDERED_ROUTES) {
    const page = await entry.prerenderRoute(route);
    // The portal's own chunks, then the first paint's: the entry fetches them all once the page has painted.
    const chunks = [...new Set([...PORTAL_MODULES, ...page.modules].flatMap((module) => chunkFiles(manifest, module)))]
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `/${file}`)
      .join(' ');
    const rootAttributes = [
      `${entry.FIRST_PAINT_ATTRIBUTE}="${escapeHtml(route)}"`,
      `${entry.FIRST_PAINT_CHUNKS_ATTRIBUTE}="${escapeHtml(chunks)}"`,
      ...(page.machineAtOnce ? [entry.MACHINE_AT_ONCE_ATTRIBUTE] : []),
    ].join(' ');
    // A page that starts its machine at once (the policy pages' timed moment) fetches the entry and the
    // machine with the HTML, at the browser's own priority: low, they arrived after the moment was over.
    const machineFirst = page.machineAtOnce
      ? chunkFiles(manifest, MACHINE_MODULE)
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('')
      : '';
    let html = page.machineAtOnce ? template : lowPriorityScripts(template);
    html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
    html = replaceOnce(html, '</head>', `${page.styles}${machineFirst}</head>`);
    html = replaceOnce(html, '<div id="root"></div>', `${page.notice}<div id="root" ${rootAttributes}>${page.markup}</div>`);
    writeFileSync(path.join(pagesDir, pageFile(route)), html);
  }
  rmSync(ssrDir, { recursive: true, force: true });
  console.log(`prerendered ${entry.PRERENDERED_ROUTES.length} routes into ${path.relative(process.cwd(), pagesDir) || pagesDir}/`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
