/**
 * A fresh database for one harness, of the dialect the run's project chose (vitest.config.ts): a
 * SQLite file in the harness's folder, or a new database with a random name on the run's Postgres
 * cluster. Tests reach it the way the service does, through the configuration's environment.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { readConfig, type DatabaseConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/open.ts';
import { createLogger } from '../../server/http/logger.ts';

export const testDialect = inject('database');

export type TestDatabase = {
  /** Variables for readConfig that select this database (none for SQLite: DATA_DIR's file is the default). */
  env: Record<string, string>;
  /** Deletes the database (Postgres); the SQLite file goes with its folder. */
  drop(): Promise<void>;
};

async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDialect === 'sqlite') return { env: {}, drop: async () => undefined };
  const name = `portal_test_${randomBytes(8).toString('hex')}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    // FORCE: a test that failed may have left a pool open.
    drop: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The configuration of a fresh database (and a folder for its SQLite file), for tests that open it themselves. */
export async function freshDatabaseConfig(): Promise<{ config: DatabaseConfig; remove(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-db-'));
  const database = await createTestDatabase();
  return {
    config: readConfig({ DATA_DIR: dir, ...database.env }).database,
    async remove() {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An open, migrated database with nothing else around it, for tests of one store. */
export async function openTestDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const { config, remove } = await freshDatabaseConfig();
  const db = await openDatabase(config, createLogger('silent'));
  return {
    db,
    async close() {
      await db.destroy();
      await remove();
    },
  };
}
