/**
 * Several service processes on one Postgres database, each with its own pool (as web nodes are):
 * they migrate once between them when started together, and concurrent loads of one body on
 * different processes make one job. (SQLite is one process's database: not run there.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConfig, type DatabaseConfig } from '../../../server/config.ts';
import { createJobsStore } from '../../../server/db/jobs-store.ts';
import { MIGRATIONS } from '../../../server/db/migrations/index.ts';
import { openDatabase, type Db } from '../../../server/db/open.ts';
import { createLogger } from '../../../server/http/logger.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const logger = createLogger('silent');

describe('several processes on one Postgres database', () => {
  let dir: string;
  let database: TestDatabase;
  let config: DatabaseConfig;
  let processes: Db[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-processes-'));
    database = await createTestDatabase();
    config = readConfig({ DATA_DIR: dir, ...database.env }).database;
    expect(config.url).not.toBeNull();
    processes = await Promise.all([1, 2, 3].map(() => openDatabase(config, logger)));
  });
  afterEach(async () => {
    await Promise.all(processes.map((db) => db.destroy()));
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('run each migration exactly once when they start together', async () => {
    const ran = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(processes[0]!);
    expect(ran.rows.map((row) => row.name)).toEqual(Object.keys(MIGRATIONS));
  });

  it('make one job of the same load arriving on every process at once', async () => {
    const stores = processes.map(createJobsStore);
    const ids = Array.from({ length: 9 }, (_, index) => String(index).repeat(32));
    const holders = await Promise.all(
      ids.map((exportId, index) =>
        stores[index % stores.length]!.insertUnlessDuplicate(
          {
            exportId,
            sourceEmail: 'active@example.com',
            emailHash: 'hash-of-active',
            destinationProvider: 'file',
            destinationEmail: null,
            operations: ['emailmigration'],
            emailFormat: 'MBOX',
            contactsFormat: null,
            notificationEmail: 'notify@example.com',
            createdAt: NOW,
            idempotencyKey: 'same-body',
          },
          NOW - 60_000,
        ),
      ),
    );
    expect(new Set(holders).size).toBe(1);
    expect(await processes[1]!.selectFrom('jobs').select('export_id').execute()).toEqual([{ export_id: holders[0] }]);
  });
});
