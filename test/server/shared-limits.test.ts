/**
 * The per-client request limits are counted in the shared database: two web nodes on one database
 * (two limiter stores, as two processes open them) let N requests through in total, not N each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { readConfig, type Config, type DatabaseConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/open.ts';
import { createLogger } from '../../server/http/logger.ts';
import { openLimiterStore, type LimiterStore } from '../../server/limits/limiter-store.ts';
import { createLimits } from '../../server/limits/limits.ts';
import { requestLimit } from '../../server/limits/request-limit.ts';
import { freshDatabaseConfig } from '../support/test-database.ts';

let db: Db;
let database: DatabaseConfig;
let remove: () => Promise<void>;
const stores: LimiterStore[] = [];

/** One web node's status route behind the limit, over its own connection to the shared database. */
function node(config: Config) {
  const store = openLimiterStore(config.database, () => undefined);
  stores.push(store);
  const limits = createLimits(store, config.limits, config.rateLimits);
  const app = new Hono();
  app.use('/api/v2/status/', requestLimit(limits.requests.status, { trustProxy: true }));
  app.get('/api/v2/status/', (c) => c.json({ ok: true }));
  return async (client: string) => (await app.request('/api/v2/status/', { headers: { 'X-Forwarded-For': client } })).status;
}

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
  it('lets N requests of one client through in total, whichever node each reaches, and counts clients apart', async () => {
    const config = { ...readConfig({ RATE_LIMIT_STATUS_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000' }), database };
    const [first, second] = [node(config), node(config)];
    const codes: number[] = [];
    for (let i = 0; i < 8; i += 1) codes.push(await (i % 2 === 0 ? first : second)('203.0.113.7'));
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // Another client has its own count, on either node.
    expect(await second('198.51.100.1')).toBe(200);
    // A third node started later sees the same count.
    expect(await node(config)('203.0.113.7')).toBe(429);
  });
});
