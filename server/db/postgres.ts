/**
 * The Postgres side: a pg pool Kysely runs on. Times and counts are BIGINT (int8), which pg hands
 * over as strings to be safe beyond 2^53; every int8 here is a millisecond time, a count or a row
 * number, far below that, so this pool reads them as numbers and both dialects give the stores the
 * same row types. The parser is the pool's own, not pg's global one another library may rely on.
 */
import pg from 'pg';
import { PostgresDialect } from 'kysely';

export type PostgresOptions = { url: string; poolSize: number; onError: (error: Error) => void };

export function createPostgresDialect({ url, poolSize, onError }: PostgresOptions): PostgresDialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: (id, format) => (id === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(id, format)),
    },
  });
  // An idle connection that breaks (a database restart) emits 'error' on the pool; unheard, it would
  // end the process. The pool replaces the connection; the next query reports its own failure.
  pool.on('error', onError);
  return new PostgresDialect({ pool });
}
