import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Node 20 gets no security fixes since 2026-04-30. The tests and CI run on Node 24 LTS, Debian's own
// build put first in PATH by scripts/setup-test-system.sh (decision 0037); 22 is the oldest LTS
// still supported, and the floor package.json's `engines` states.
const FLOOR = 22;

describe('the runtime', () => {
  it(`is Node ${FLOOR} or later`, () => {
    const major = Number(process.versions.node.split('.')[0]);
    expect(
      major,
      `running on Node ${process.version}; run the README's test command, whose first step puts Node 24 first in PATH`,
    ).toBeGreaterThanOrEqual(FLOOR);
  });

  it('is the floor package.json states', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(manifest.engines.node).toBe(`>=${FLOOR}`);
  });
});
