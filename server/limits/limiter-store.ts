/**
 * Where the limits keep their counters: the service's own database, so every node (and every
 * restart) sees the same counts. rate-limiter-flexible's stores take a driver handle, not Kysely,
 * so they get one of their own — a second SQLite connection to the same file (its own transactions,
 * never inside one of Kysely's), or a small pg pool — on the `rate_limits` table of migration 0004.
 * The exception is a limit counted on every request of a kind (`everyRequest`) on SQLite: see below.
 */
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DatabaseConfig } from '../config.ts';
import type { Db } from '../db/open.ts';

export const LIMITS_TABLE = 'rate_limits';

export type LimiterSpec = {
  name: string;
  points: number;
  durationMs: number;
  /**
   * Counted on every request of a kind (the status lookups), with a window of minutes. On Postgres,
   * which several nodes share, the count is in the database (N in total across nodes) and a key past
   * its points is refused from this process's memory for the rest of its window, so a flood from one
   * client costs each node one write per window. On SQLite, a single machine's database, it is
   * counted in this process's memory: a write per lookup would cost more than the lookup (a WAL
   * commit, about 50 µs of CPU against 50 µs for the whole answer), and a restart forgetting a
   * minute's counts lets nobody guess more than a minute's worth of export IDs.
   */
  everyRequest?: boolean;
};

export type LimiterStore = {
  limiter(spec: LimiterSpec): RateLimiterAbstract;
  close(): Promise<void>;
};

/** Counters are small and few; two connections are plenty for the limits of one node. */
const POOL_SIZE = 2;

export function openLimiterStore(options: DatabaseConfig, onError: (error: Error) => void): LimiterStore {
  // The library counts whole seconds of duration; a limit shorter than one second is not one.
  const common = (spec: LimiterSpec) => ({
    keyPrefix: spec.name,
    points: spec.points,
    duration: Math.max(1, Math.round(spec.durationMs / 1000)),
    tableName: LIMITS_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
    ...(spec.everyRequest ? { inMemoryBlockOnConsumed: spec.points } : {}),
  });
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: POOL_SIZE });
    // An idle connection that breaks (a database restart) emits 'error'; unheard, it would end the process.
    pool.on('error', onError);
    return {
      limiter: (spec) => new RateLimiterPostgres({ ...common(spec), storeClient: pool, storeType: 'pool' }),
      close: () => pool.end(),
    };
  }
  const connection = new BetterSqlite3(options.sqlitePath);
  connection.pragma('busy_timeout = 5000');
  // Counters are worth no disk flush per request (the status lookups count on every call): in WAL
  // mode NORMAL commits without fsync, and a power cut loses at most the last counts.
  connection.pragma('synchronous = NORMAL');
  const client = withStatementCache(connection);
  return {
    limiter: (spec) =>
      spec.everyRequest
        ? new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points, duration: common(spec).duration })
        : new RateLimiterSQLite({ ...common(spec), storeClient: client, storeType: 'better-sqlite3' }),
    close: async () => {
      connection.close();
    },
  };
}

/**
 * The library prepares its statement on every call, which costs more than the write itself on a
 * status lookup's path. Its SQL texts are a handful of fixed ones (values are bound), so each is
 * prepared once; transactions go to the connection.
 */
function withStatementCache(connection: BetterSqlite3.Database): Pick<BetterSqlite3.Database, 'prepare' | 'transaction'> {
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepare = (sql: string): BetterSqlite3.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return { prepare: prepare as BetterSqlite3.Database['prepare'], transaction: (fn) => connection.transaction(fn) };
}

/**
 * Deletes counters whose window ended (the library's own timers are off: they outlive a closed
 * connection). The library stamps expiry with the wall clock, so this reads the wall clock too.
 * Answers how many went.
 */
export async function purgeExpiredCounters(db: Db): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('expire', '<', Date.now()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
