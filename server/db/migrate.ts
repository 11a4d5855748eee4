/**
 * Brings a database to the latest schema with Kysely's Migrator: the migrations of ./migrations/,
 * run in order, each in a transaction, the names of those run kept in `kysely_migration`. On
 * Postgres the Migrator holds an advisory lock, so nodes starting together migrate once.
 */
import { Migrator, type Kysely } from 'kysely';
import { MIGRATIONS } from './migrations/index.ts';
import type { Dialect } from './migrations/types.ts';
import type { Database } from './schema.ts';

const migratorFor = (db: Kysely<Database>, dialect: Dialect) =>
  new Migrator({
    db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(MIGRATIONS).map(([name, migration]) => [name, { up: (schema) => migration.up(schema, dialect) }]),
        ),
    },
  });

/** The migrations this release knows that the database has not run (readiness: none may be pending). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  // Only reads which have run; the dialect matters only to running one.
  const migrations = await migratorFor(db, 'sqlite').getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const { error, results } = await migratorFor(db, dialect).migrateToLatest();
  if (!error) return;
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /previously executed migration (\S+) is missing/.exec(message);
  if (unknown) {
    throw new Error(`The database is newer than this service: it ran migration ${unknown[1]}, which this version does not know.`, {
      cause: error,
    });
  }
  const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'setup';
  throw new Error(`Database migration ${failed} failed: ${message}`, { cause: error });
}
