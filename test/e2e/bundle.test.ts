/**
 * What the shipped build makes a phone load (the suite's own production build, the one every journey
 * runs): the first load within its budget, and each lazy screen, dialog or language in few scripts
 * past it (scripts/vite/lazy-chunk-groups.ts; docs/performance.md).
 */
import { describe, expect, it } from 'vitest';
import { BUDGET_KB, MAX_LAZY_SCRIPTS, firstLoad, lazyLoads } from '../../scripts/size.ts';
import { readManifest } from '../../scripts/vite-manifest.ts';
import { e2eDistDir } from './harness/paths.ts';

describe('the shipped bundle', () => {
  it(`loads at most ${BUDGET_KB} kB of gzipped script before the sign-in page is interactive`, () => {
    expect(firstLoad(e2eDistDir).kb).toBeLessThanOrEqual(BUDGET_KB);
  });

  it(`fetches at most ${MAX_LAZY_SCRIPTS} scripts past the first load for any screen, dialog or language`, () => {
    const loads = lazyLoads(readManifest(e2eDistDir));
    // The status page, the one a customer keeps open, among them: a fresh build that lost its chunk
    // groups would fetch twelve.
    expect(loads.map(({ source }) => source)).toContain('src/views/status/status-screen.tsx');
    const over = loads.filter(({ files }) => files.length > MAX_LAZY_SCRIPTS);
    expect(over).toEqual([]);
  });
});
