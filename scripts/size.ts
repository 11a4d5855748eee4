/**
 * `npm run size`: the JavaScript a browser must load before the sign-in page is interactive — the
 * entry chunk, the portal it loads at once (its dynamic imports: the entry only waits for a
 * prerendered page's first paint before loading it) and everything these import statically, from
 * Vite's build manifest — gzipped. Then the scripts each lazy screen or dialog fetches past that.
 * Exits non-zero above the budget, or when a lazy load needs more than MAX_LAZY_SCRIPTS scripts; the
 * e2e suite checks both on its build (test/e2e/bundle.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { filesOf, readManifest, withStaticImports, type Manifest } from './vite-manifest.ts';

export const BUDGET_KB = 125;
/** A phone pays for every script it fetches, compiles and runs, whatever its size (scripts/vite/lazy-chunk-groups.ts). */
export const MAX_LAZY_SCRIPTS = 6;

/** The entry, its own dynamic imports, and every chunk reachable from them through static imports (other dynamic imports excluded). */
function firstLoadKeys(manifest: Manifest): Set<string> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  return withStaticImports(manifest, [entryKey, ...(manifest[entryKey]?.dynamicImports ?? [])]);
}

/** Every chunk loaded lazily after the first load (a screen, a dialog, a language) with the scripts it fetches past the first load. */
export function lazyLoads(manifest: Manifest): { source: string; files: string[] }[] {
  const firstLoad = firstLoadKeys(manifest);
  const lazy = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry && !firstLoad.has(key));
  return lazy.map((source) => ({
    source,
    files: filesOf(
      manifest,
      [...withStaticImports(manifest, [source])].filter((key) => !firstLoad.has(key)),
    ).filter((file) => file.endsWith('.js')),
  }));
}

const gzipKb = (distDir: string, file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1024;

/** The first load's JavaScript: all of it, and the entry's own share (what the prerendered page waits for before its first script runs). */
export function firstLoad(distDir: string): { files: number; kb: number; entryKb: number } {
  const manifest = readManifest(distDir);
  const scripts = filesOf(manifest, firstLoadKeys(manifest)).filter((file) => file.endsWith('.js'));
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file ?? '';
  return {
    files: scripts.length,
    kb: scripts.reduce((sum, file) => sum + gzipKb(distDir, file), 0),
    entryKb: scripts.includes(entry) ? gzipKb(distDir, entry) : 0,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = join(process.cwd(), 'dist');
  const { files, kb, entryKb } = firstLoad(distDir);
  console.log(
    `first-load js: ${kb.toFixed(1)} kB gzip in ${files} scripts (the entry ${entryKb.toFixed(1)} kB of it); budget ${BUDGET_KB} kB`,
  );
  const [most] = lazyLoads(readManifest(distDir)).sort((a, b) => b.files.length - a.files.length);
  if (most) console.log(`lazy loads: at most ${most.files.length} scripts past the first load (${most.source}); limit ${MAX_LAZY_SCRIPTS}`);
  const overBudget = kb > BUDGET_KB;
  const tooManyScripts = most !== undefined && most.files.length > MAX_LAZY_SCRIPTS;
  if (overBudget) console.error(`over budget: ${kb.toFixed(1)} kB > ${BUDGET_KB} kB`);
  if (tooManyScripts) console.error(`${most.source} loads ${most.files.length} scripts: ${most.files.join(' ')}`);
  if (overBudget || tooManyScripts) process.exit(1);
}
