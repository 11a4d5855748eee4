/**
 * Opens the service's database and brings its schema up to date before anything uses it: Postgres
 * when a URL is configured, else the SQLite file. Every store takes the Kysely handle this returns
 * and writes its queries once for both.
 */
import { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DatabaseConfig } from '../config.ts';
import { migrateToLatest } from './migrate.ts';
import type { Dialect } from './migrations/types.ts';
import { createPostgresDialect } from './postgres.ts';
import type { Database } from './schema.ts';
import { createSqliteDialect, markMigrated, openSqliteFile } from './sqlite.ts';

export type Db = Kysely<Database>;

async function migrated(db: Db, dialect: Dialect): Promise<Db> {
  try {
    await migrateToLatest(db, dialect);
    return db;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

export async function openDatabase(options: DatabaseConfig, logger: Pick<Logger, 'error'>): Promise<Db> {
  if (options.url) {
    const dialect = createPostgresDialect({
      url: options.url,
      poolSize: options.poolSize,
      onError: (error) => logger.error({ err: error }, 'database: an idle connection failed'),
    });
    return migrated(new Kysely<Database>({ dialect }), 'postgres');
  }
  const file = openSqliteFile(options.sqlitePath);
  const db = await migrated(new Kysely<Database>({ dialect: createSqliteDialect(file) }), 'sqlite');
  markMigrated(file);
  return db;
}

/** Where the data lives, for the start log: the SQLite path, or the Postgres host and database without credentials. */
export function databaseLabel(options: DatabaseConfig): string {
  if (!options.url) return options.sqlitePath;
  const url = new URL(options.url);
  return `${url.protocol}//${url.host}${url.pathname}`;
}
