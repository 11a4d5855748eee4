import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The service suites that reach the database run twice: on SQLite in `node`, and in `postgres` on a
// throwaway cluster started once for the run (test/support/postgres-global-setup.ts). The harnesses
// take the dialect from inject('database') (test/support/test-database.ts); no test is copied.
const DATABASE_SUITES = [
  'test/server/*.test.ts',
  'test/server/db/**/*.test.ts',
  'test/server/identity/**/*.test.ts',
  'test/server/transfers/**/*.test.ts',
  'test/api/clients-against-service.test.ts',
  // Several processes on one Postgres (pg-boss): Postgres only.
  'test/server/scale/**/*.test.ts',
];
const NOT_ON_POSTGRES = [
  // About the SQLite file itself.
  'test/server/db/sqlite-*.test.ts',
  // axe over the development pages; the database changes nothing in them.
  'test/server/identity/accessibility.test.ts',
];

// Messages are compiled at first use in tests, as in the service; the browser's build compiles them beforehand.
const COMPILE_WORDS = 'test/support/compile-words.ts';

// Three projects: Node for the machine, the API contract and the server; the database suites again
// on Postgres; jsdom for views. Browser journeys (test/e2e) have their own config and run after these.
export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          // Several processes on one database: a Postgres deployment's concern.
          exclude: ['test/e2e/**', 'test/ui/**', 'test/server/db/postgres-*.test.ts', 'test/server/scale/**'],
          setupFiles: [COMPILE_WORDS],
          provide: { database: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          environment: 'node',
          include: DATABASE_SUITES,
          exclude: NOT_ON_POSTGRES,
          globalSetup: ['test/support/postgres-global-setup.ts'],
          setupFiles: [COMPILE_WORDS],
          provide: { database: 'postgres' },
          // Many tests start their own service on a new database (CREATE DATABASE, every migration):
          // seconds on a busy machine, where the default 5 s timed out before the test's own work began.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['test/ui/**/*.test.{ts,tsx}'],
          setupFiles: [COMPILE_WORDS, 'test/ui/setup.ts'],
        },
      },
    ],
  },
});
