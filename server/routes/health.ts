/** GET /healthz: 200 when the database answers, 503 otherwise (for a load balancer or orchestrator). */
import { sql } from 'kysely';
import { Hono } from 'hono';
import { compileOnce } from '../db/compiled.ts';
import type { RouteDeps } from './deps.ts';

export function healthRoutes(deps: Pick<RouteDeps, 'db' | 'logger'>) {
  const app = new Hono();
  const probe = compileOnce(deps.db, () => deps.db.selectNoFrom(sql<number>`1`.as('ok')));
  app.get('/healthz', async (c) => {
    try {
      await probe();
      return c.json({ ok: true });
    } catch (error) {
      deps.logger.error({ err: error }, 'health check: database unavailable');
      return c.json({ ok: false }, 503);
    }
  });
  return app;
}
