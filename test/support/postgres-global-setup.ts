/**
 * Vitest global setup of the `postgres` project: one throwaway cluster for the whole run, whose
 * superuser URL every test file gets with inject('postgresAdminUrl'); each harness then creates a
 * database of its own on it (test/support/test-database.ts).
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the service suites run on; set per project in vitest.config.ts. */
    database: 'sqlite' | 'postgres';
    /** Only in the `postgres` project. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgres();
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
