/**
 * The SQLite side: the file, its pragmas, and the dialect Kysely runs on it. better-sqlite3 is
 * synchronous; Kysely's SqliteDialect gives it one connection behind a mutex, so a transaction
 * holds the database alone until it ends.
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SqliteAdapter, SqliteDialect, type SqliteDatabase } from 'kysely';
import { PRIVATE_FILE, PRIVATE_FOLDER } from '../private-files.ts';

/**
 * `user_version` of a file whose schema Kysely's migrations manage. The code before them wrote 1
 * and refuses to open a file with a higher number, so going back to it stops with a clear message
 * instead of running on tables it does not know.
 */
export const MIGRATED_USER_VERSION = 2;

/** Statements kept prepared; the stores use a few dozen distinct ones, far below this. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database holds every export's addresses, so its file is the service's user's only. SQLite gives
 * the -wal and -shm files it makes beside it the file's own mode; all three are made private here too
 * when an earlier version left them 0644.
 */
function makeDatabaseFilePrivate(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER });
  closeSync(openSync(file, 'a', PRIVATE_FILE));
  for (const part of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(part, PRIVATE_FILE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

export function openSqliteFile(file: string): BetterSqlite3.Database {
  if (file !== ':memory:') makeDatabaseFilePrivate(file);
  const database = new BetterSqlite3(file);
  // Readers never wait for the sweep's writes.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  // Another process (a second start against the same file) may hold a write lock briefly.
  database.pragma('busy_timeout = 5000');
  return database;
}

export function markMigrated(database: BetterSqlite3.Database): void {
  database.pragma(`user_version = ${MIGRATED_USER_VERSION}`);
}

/**
 * Kysely's SQLite connection prepares every query anew; preparing costs more than the indexed
 * read of a status poll. The SQL of a store's query never changes (values are bound), so each
 * text is prepared once.
 */
function withPreparedStatements(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** SQLite runs DDL inside transactions; Kysely's adapter says it does not, which would leave a
 * migration half-applied after a crash. With this, each migration commits whole or not at all. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class PortalSqliteDialect extends SqliteDialect {
  override createAdapter(): TransactionalDdlSqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

export function createSqliteDialect(database: BetterSqlite3.Database): SqliteDialect {
  return new PortalSqliteDialect({ database: withPreparedStatements(database) });
}
