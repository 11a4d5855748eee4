/**
 * Several service processes on one Postgres database, each with its own pool (as web nodes are):
 * they migrate once between them when started together, and concurrent loads of one body on
 * different processes make one job. (SQLite is one process's database: not run there.)
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobsStore } from '../../../server/db/jobs-store.ts';
import { MIGRATIONS } from '../../../server/db/migrations/index.ts';
import { openDatabase, type Db } from '../../../server/db/open.ts';
import { createLogger } from '../../../server/http/logger.ts';
import { freshDatabaseConfig } from '../../support/test-database.ts';
import { NOW, newJob } from './new-job.ts';

const logger = createLogger('silent');

describe('several processes on one Postgres database', () => {
  let processes: Db[] = [];
  let remove: () => Promise<void>;

  beforeEach(async () => {
    const fresh = await freshDatabaseConfig();
    remove = fresh.remove;
    expect(fresh.config.url).not.toBeNull();
    processes = await Promise.all([1, 2, 3].map(() => openDatabase(fresh.config, logger)));
  });
  afterEach(async () => {
    await Promise.all(processes.map((db) => db.destroy()));
    await remove();
  });

  it('run each migration exactly once when they start together', async () => {
    const ran = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(processes[0]!);
    expect(ran.rows.map((row) => row.name)).toEqual(Object.keys(MIGRATIONS));
  });

  it('make one job of the same load arriving on every process at once', async () => {
    const stores = processes.map(createJobsStore);
    const ids = Array.from({ length: 9 }, (_, index) => String(index).repeat(32));
    const holders = await Promise.all(
      ids.map((exportId, index) => stores[index % stores.length]!.insertUnlessDuplicate(newJob(exportId, 'same-body'), NOW - 60_000)),
    );
    expect(new Set(holders).size).toBe(1);
    expect(await processes[1]!.selectFrom('jobs').select('export_id').execute()).toEqual([{ export_id: holders[0] }]);
  });
});
