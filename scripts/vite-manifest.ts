/**
 * Vite's build manifest (`dist/.vite/manifest.json`) and the one walk every script makes over it:
 * a module's chunk and every chunk it imports statically. `npm run size` counts what a load fetches
 * with it (scripts/size.ts), the prerender names the chunks a page preloads (scripts/prerender.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type ManifestChunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

export const readManifest = (distDir: string) => JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** `keys` and every chunk they reach through static imports, in the order met (each before what it imports), added to `seen`. */
export function withStaticImports(manifest: Manifest, keys: readonly string[], seen = new Set<string>()): Set<string> {
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`Vite's manifest has no ${key}: a module the build does not have`);
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

/** The chunk files of these manifest keys. */
export function filesOf(manifest: Manifest, keys: Iterable<string>): string[] {
  return [...keys].map((key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite's manifest has no ${key}`);
    return chunk.file;
  });
}
