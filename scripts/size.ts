/**
 * `npm run size`: the JavaScript a browser must load before the sign-in page is interactive — the
 * entry chunk, the portal it loads at once (its dynamic imports: the entry only waits for a
 * prerendered page's first paint before loading it) and everything these import statically, from
 * Vite's build manifest — gzipped.
 * Exits non-zero above the budget, so CI catches a heavy dependency or a screen that stopped being lazy.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = 125;

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** The entry's file, its own dynamic imports, and every file reachable from them through static imports (other dynamic imports excluded). */
export function firstLoadFiles(manifest: Manifest): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key]?.imports?.forEach(visit);
  };
  visit(entryKey);
  manifest[entryKey]?.dynamicImports?.forEach(visit);
  return [...seen].map((key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest lacks ${key}`);
    return chunk.file;
  });
}

const gzipKb = (distDir: string, file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1024;

/** The first load's JavaScript: all of it, and the entry's own share (what the prerendered page waits for before its first script runs). */
export function firstLoad(distDir: string): { files: number; kb: number; entryKb: number } {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const scripts = firstLoadFiles(manifest).filter((file) => file.endsWith('.js'));
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file ?? '';
  return {
    files: scripts.length,
    kb: scripts.reduce((sum, file) => sum + gzipKb(distDir, file), 0),
    entryKb: scripts.includes(entry) ? gzipKb(distDir, entry) : 0,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, kb, entryKb } = firstLoad(join(process.cwd(), 'dist'));
  console.log(
    `first-load js: ${kb.toFixed(1)} kB gzip in ${files} scripts (the entry ${entryKb.toFixed(1)} kB of it); budget ${BUDGET_KB} kB`,
  );
  if (kb > BUDGET_KB) {
    console.error(`over budget: ${kb.toFixed(1)} kB > ${BUDGET_KB} kB`);
    process.exit(1);
  }
}
