/**
 * Build step after `vite build`: writes a brotli (.br) and a gzip (.gz) twin next to every
 * compressible file under dist/assets, so the server sends them as they are (server/http/static.ts)
 * instead of compressing on every request. Twins that would not be smaller are not written.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/i;
const MIN_BYTES = 256;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export function compressDir(dir: string): { file: string; br: number; gz: number; size: number }[] {
  const written = [];
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    written.push({ file, br: br.length, gz: gz.length, size: body.length });
  }
  return written;
}

// Run as a script (`tsx scripts/compress-dist.ts [dir]`), not when imported by a test.
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'dist/assets');
  const written = compressDir(dir);
  const total = written.reduce((sum, f) => sum + f.size, 0);
  const brotli = written.reduce((sum, f) => sum + f.br, 0);
  console.log(`compress-dist: ${written.length} files in ${path.relative(process.cwd(), dir)}, ${total} B → ${brotli} B brotli`);
}
