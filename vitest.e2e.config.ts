import { defineConfig } from 'vitest/config';

// Browser journeys against the real export service (test/e2e). One SPA build and one service for
// the run (global setup); files run one after another, because Chromium and the service share
// two cores and the journeys measure nothing about parallelism.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/e2e/harness/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // A browser waits for renders and round trips: poll up to 10 s (vitest's default is 1 s).
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
