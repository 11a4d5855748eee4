/**
 * The compiled service (scripts/build-server.ts, what `npm start` and production run) keeps the
 * development OpenID provider out of what a process loads: main.js and the chunks it imports
 * statically never import `oidc-provider` or hold the development sign-in page; the provider is a
 * chunk of its own that only the development path's dynamic import reaches (server/identity/assemble.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'portal-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*"(\.[^"]+)"|(?:^|\n)\s*import\s*"(\.[^"]+)"/g;
const DYNAMIC_IMPORT = /import\("(\.[^"]+)"\)/g;
/** What only the development provider's code holds: its package, and its sign-in page's badge. */
const DEVELOPMENT_PROVIDER = [/from\s*"oidc-provider"/, /Development sign-in/];

/** Every file a process loads at start from `entry`: the entry and what it imports statically, transitively. */
function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT))
      visit(path.resolve(path.dirname(file), match[1] ?? match[2] ?? ''));
  };
  visit(entry);
  return [...seen];
}

describe('the production bundle', () => {
  it('loads no development provider at start; only a dynamic import reaches its chunk', { timeout: 120_000 }, async () => {
    const main = path.join(dir, 'main.js');
    await buildServer('server/main.ts', main);
    const loaded = staticGraph(main);
    expect(loaded.length).toBeGreaterThan(1);
    for (const file of loaded) for (const marker of DEVELOPMENT_PROVIDER) expect(readFileSync(file, 'utf8'), file).not.toMatch(marker);

    const lazy = [...readFileSync(main, 'utf8').matchAll(DYNAMIC_IMPORT)].map((match) => path.resolve(dir, match[1] ?? ''));
    const provider = lazy.filter((file) =>
      DEVELOPMENT_PROVIDER.every((marker) =>
        marker.test(
          staticGraph(file)
            .map((f) => readFileSync(f, 'utf8'))
            .join('\n'),
        ),
      ),
    );
    expect(provider).toHaveLength(1);
  });
});
