/**
 * Builds the SPA once for the whole run into a private folder, or reuses that build when no input
 * changed since (a stamp file records the newest input time), so a re-run starts in seconds.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './paths.ts';

const inputs = [
  'src',
  'machines',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/prerender.ts',
  'scripts/vite-manifest.ts',
  'scripts/compress-dist.ts',
  'scripts/vite',
  'test/e2e/harness/build-spa.ts',
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

// What ships: Vitest sets NODE_ENV=test, and a Vite build under any NODE_ENV but production bundles
// React's development build (twice the size, several times slower), which the browser suites and
// Lighthouse would then measure.
const buildEnv = { ...process.env, NODE_ENV: 'production' };

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: repoRoot, encoding: 'utf8', env: buildEnv });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** Returns the folder holding a current build of the SPA (with .br/.gz files when the build makes them). */
export function ensureSpaBuild(outDir: string): string {
  const stampFile = path.join(outDir, '.e2e-build-stamp');
  const newestInput = Math.max(...inputs.map((entry) => newestMtime(path.join(repoRoot, entry))));
  const stamp = existsSync(stampFile) ? Number(readFileSync(stampFile, 'utf8')) : 0;
  if (stamp >= newestInput && existsSync(path.join(outDir, 'index.html'))) return outDir;

  const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);
  run(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']);
  // The same post-build steps as `npm run build`: the prerendered pages, the precompressed hashed assets.
  run(bin('tsx'), ['scripts/prerender.ts', outDir]);
  run(bin('tsx'), ['scripts/compress-dist.ts', path.join(outDir, 'assets')]);
  writeFileSync(stampFile, String(newestInput));
  return outDir;
}
