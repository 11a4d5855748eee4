/**
 * Two web nodes on one database (two limiter stores, as two processes open them). The limits of what
 * costs something (exports a day) are counted in the database on either dialect: N in total. The
 * per-client request limits are counted in the database on Postgres, which nodes share (N in total,
 * not N each), and in each process's memory on SQLite, a single machine's database (no counter row).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { readConfig, type Config, type DatabaseConfig } from '../../server/config.ts';
import { createCredentialBrakes } from '../../server/db/credential-brakes-store.ts';
import { openDatabase, type Db } from '../../server/db/open.ts';
import { createLogger } from '../../server/http/logger.ts';
import { openLimiterStore, type LimiterStore } from '../../server/limits/limiter-store.ts';
import { brakeSettings, createLimits } from '../../server/limits/limits.ts';
import { requestLimit } from '../../server/limits/request-limit.ts';
import { freshDatabaseConfig, testDialect } from '../support/test-database.ts';

let db: Db;
let database: DatabaseConfig;
let remove: () => Promise<void>;
const stores: LimiterStore[] = [];

/** One web node's status route behind the limit, over its own connection to the shared database. */
function node(config: Config) {
  const store = openLimiterStore(config.database, () => undefined);
  stores.push(store);
  const limits = createLimits(store, createCredentialBrakes(db, brakeSettings(config.limits), Date.now), config.limits, config.rateLimits);
  const app = new Hono();
  app.use('/api/v2/status/', requestLimit(limits.requests.status, { trustedProxyHops: 1 }));
  app.get('/api/v2/status/', (c) => c.json({ ok: true }));
  const status = async (client: string) => (await app.request('/api/v2/status/', { headers: { 'X-Forwarded-For': client } })).status;
  return Object.assign(status, { startExport: (account: string) => limits.startExport(account) });
}

const statusCounters = async () =>
  (await db.selectFrom('rate_limits').select('key').execute()).filter((row) => row.key.startsWith('status')).length;

beforeAll(async () => {
  ({ config: database, remove } = await freshDatabaseConfig());
  // Migrated as a node's start does it: the counters' table is the service's own.
  db = await openDatabase(database, createLogger('silent'));
});

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await db.destroy();
  await remove();
});

describe('request limits across nodes', () => {
  const config = () => ({
    ...readConfig({ RATE_LIMIT_STATUS_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000', RATE_LIMIT_EXPORTS_PER_DAY: '3' }),
    database,
  });

  it(`counts one client's status lookups ${testDialect === 'postgres' ? 'in total across nodes' : 'per process on SQLite'}, and clients apart`, async () => {
    const [first, second] = [node(config()), node(config())];
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1) codes.push(await (i % 2 === 0 ? first : second)('203.0.113.7'));
    if (testDialect === 'postgres') {
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
      // A third node started later sees the same count.
      expect(await node(config())('203.0.113.7')).toBe(429);
      expect(await statusCounters()).toBeGreaterThan(0);
    } else {
      // Five on each node, then each node refuses.
      expect(codes).toEqual([...Array<number>(10).fill(200), 429, 429]);
      expect(await node(config())('203.0.113.7')).toBe(200);
      expect(await statusCounters()).toBe(0);
    }
    // Another client has its own count, on either node.
    expect(await second('198.51.100.1')).toBe(200);
  });

  it('counts the exports an account starts a day in the database, in total across nodes', async () => {
    const [first, second] = [node(config()), node(config())];
    const refusals = [];
    for (let i = 0; i < 5; i += 1) refusals.push(await (i % 2 === 0 ? first : second).startExport('dana@example.com'));
    expect(refusals.map((refusal) => refusal === null)).toEqual([true, true, true, false, false]);
  });
});
