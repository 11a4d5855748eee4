/**
 * For a load balancer or orchestrator: `GET /healthz` (alive: 200 when the database answered within
 * the last second, 503 otherwise) and `GET /readyz` (ready to serve: every readiness check passes — the database
 * answers, its migrations are applied, the transfer queue answers — else 503 naming the failed ones).
 */
import { sql } from 'kysely';
import { Hono, type Context } from 'hono';
import { compileOnce } from '../db/compiled.ts';
import { freshProbe } from '../ops/fresh-probe.ts';
import { checkReadiness } from '../ops/readiness.ts';
import type { RouteDeps } from './deps.ts';

/** How long a database answer vouches for the process's health. */
const HEALTH_FRESH_MS = 1_000;

export function healthRoutes(deps: Pick<RouteDeps, 'db' | 'logger' | 'readiness' | 'now'>) {
  const app = new Hono();
  const probe = freshProbe(
    compileOnce(deps.db, () => deps.db.selectNoFrom(sql<number>`1`.as('ok'))),
    HEALTH_FRESH_MS,
    deps.now,
  );
  const healthy = (c: Context) => c.json({ ok: true });
  const unhealthy = (c: Context, error: unknown) => {
    deps.logger.error({ err: error }, 'health check: database unavailable');
    return c.json({ ok: false }, 503);
  };
  // Answered at once while the last check is fresh (most probes): no promise to wait for.
  app.get('/healthz', (c) => {
    const checking = probe();
    return checking
      ? checking.then(
          () => healthy(c),
          (error: unknown) => unhealthy(c, error),
        )
      : healthy(c);
  });
  app.get('/readyz', async (c) => {
    const readiness = await checkReadiness(deps.readiness);
    for (const { name, error } of readiness.errors) deps.logger.warn({ err: error, check: name }, 'readiness: a check failed');
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: readiness.ready, checks: readiness.checks }, readiness.ready ? 200 : 503);
  });
  return app;
}
