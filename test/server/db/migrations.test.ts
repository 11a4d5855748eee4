/** Migrations on start, on the run's dialect: every one runs once, and a database from a newer service is refused. */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../../server/config.ts';
import { MIGRATIONS } from '../../../server/db/migrations/index.ts';
import { openDatabase, type Db } from '../../../server/db/open.ts';
import { createLogger } from '../../../server/http/logger.ts';
import { freshDatabaseConfig } from '../../support/test-database.ts';

const logger = createLogger('silent');
const migrationsRun = async (db: Db) =>
  (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)).rows.map((row) => row.name);

describe('migrations', () => {
  let config: DatabaseConfig;
  let remove: () => Promise<void>;

  beforeEach(async () => {
    ({ config, remove } = await freshDatabaseConfig());
  });
  afterEach(() => remove());

  it('bring a new database to the latest schema, and run nothing twice on the next start', async () => {
    const db = await openDatabase(config, logger);
    expect(await migrationsRun(db)).toEqual(Object.keys(MIGRATIONS));
    await db.insertInto('opt_out_states').values({ email: 'a@example.com', state: 'OPTED_OUT_INITIAL', updated_at: 1 }).execute();
    await db.destroy();

    const again = await openDatabase(config, logger);
    try {
      expect(await migrationsRun(again)).toEqual(Object.keys(MIGRATIONS));
      expect(await again.selectFrom('opt_out_states').select('state').execute()).toEqual([{ state: 'OPTED_OUT_INITIAL' }]);
    } finally {
      await again.destroy();
    }
  });

  it('refuse a database that ran a migration this version does not know', async () => {
    const db = await openDatabase(config, logger);
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${'9999-from-a-newer-version'}, ${new Date().toISOString()})`.execute(
      db,
    );
    await db.destroy();
    await expect(openDatabase(config, logger)).rejects.toThrow(/newer than this service: it ran migration 9999-from-a-newer-version/);
  });
});
