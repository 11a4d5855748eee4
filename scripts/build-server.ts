/**
 * `npm run build:server`: the export service compiled to one JavaScript file, dist-server/main.js,
 * which `npm start` and the deployed web nodes and workers run with plain `node` (decision 0016).
 * tsx compiles TypeScript as modules load, through loader hooks that Node runs in a second JavaScript
 * engine instance of their own: about 30 MB of every process's resident memory before any work.
 * Packages stay imports of node_modules (native ones like better-sqlite3 cannot be bundled); our own
 * code (server/, contract/) is bundled. What is only ever imported dynamically — the development
 * OpenID provider, loaded only in development (server/identity/assemble.ts) — is split into a chunk of
 * its own beside main.js, so a production process never loads it (test/server/production-bundle.test.ts).
 * `bench:transfer` builds its child with the same options, so it measures the engine as the service runs it.
 */
import path from 'node:path';
import { build } from 'esbuild';

export const SERVER_ENTRY = 'server/main.ts';
export const SERVER_OUTFILE = 'dist-server/main.js';

export async function buildServer(entry = SERVER_ENTRY, outfile = SERVER_OUTFILE): Promise<void> {
  await build({
    entryPoints: [entry],
    outdir: path.dirname(outfile),
    entryNames: path.basename(outfile, '.js'),
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

// Run as a script (`tsx scripts/build-server.ts`), not when imported by the bench.
if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
  console.log(`build-server: ${path.relative(process.cwd(), path.resolve(SERVER_OUTFILE))}`);
}
