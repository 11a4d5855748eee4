/** GET /healthz: 200 when the database answers, 503 otherwise (for a load balancer or orchestrator). */
import { Hono } from 'hono';
import type { RouteDeps } from './deps.ts';

export function healthRoutes(deps: Pick<RouteDeps, 'db' | 'logger'>) {
  const app = new Hono();
  const probe = deps.db.prepare('SELECT 1 AS ok');
  app.get('/healthz', (c) => {
    try {
      probe.get();
      return c.json({ ok: true });
    } catch (error) {
      deps.logger.error({ err: error }, 'health check: database unavailable');
      return c.json({ ok: false }, 503);
    }
  });
  return app;
}
