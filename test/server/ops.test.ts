/**
 * Operations: /readyz (database, migrations, and the checks an owner adds), the request metrics by
 * route pattern, and the internal metrics listener.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/http/logger.ts';
import { createMetrics } from '../../server/ops/metrics.ts';
import { startMetricsServer } from '../../server/ops/metrics-server.ts';
import { checkReadiness } from '../../server/ops/readiness.ts';
import { startHarness, type Harness } from './helpers/harness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.stop();
  await harness.remove();
});

describe('GET /readyz', () => {
  it('is ready when the database answers and every migration has run', async () => {
    const response = await fetch(`${harness.base}/readyz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ ok: true, checks: { database: 'ok', migrations: 'ok' } });
  });

  it('is not ready while a migration this release knows has not run, and says which check failed', async () => {
    const last = await harness.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    const { name } = last as { name: string };
    await harness.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', name as never)
      .execute();
    try {
      const response = await fetch(`${harness.base}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ok: false, checks: { database: 'ok', migrations: 'failed' } });
      // Alive all the same: a load balancer takes it out of rotation, an orchestrator does not restart it.
      expect((await fetch(`${harness.base}/healthz`)).status).toBe(200);
    } finally {
      await harness.db
        .insertInto('kysely_migration' as never)
        .values({ name, timestamp: new Date().toISOString() } as never)
        .execute();
    }
    expect((await fetch(`${harness.base}/readyz`)).status).toBe(200);
  });

  it('fails a check that throws or does not answer in time, and passes the others', async () => {
    const readiness = await checkReadiness([
      { name: 'quick', check: async () => undefined },
      { name: 'broken', check: () => Promise.reject(new Error('connection refused')) },
      { name: 'hung', check: () => new Promise(() => undefined) },
    ]);
    expect(readiness.ready).toBe(false);
    expect(readiness.checks).toEqual({ quick: 'ok', broken: 'failed', hung: 'failed' });
    expect(readiness.errors.map(({ error }) => (error as Error).message)).toEqual(['connection refused', 'hung: no answer within 2000 ms']);
  });
});

describe('request metrics', () => {
  it('counts and times requests by method, route pattern and status, never by the URL typed', async () => {
    const exportId = 'Z'.repeat(32);
    for (let i = 0; i < 3; i++) await fetch(`${harness.base}/api/v2/status/?job_id=${exportId}`);
    await fetch(`${harness.base}/readyz`);
    await fetch(`${harness.base}/api/downloads/some-grant-token`);
    const text = await harness.service.metrics.registry.metrics();
    expect(text).toContain('portal_http_request_duration_seconds_count{method="GET",route="/api/v2/status/",status="404"} 3');
    expect(text).toMatch(/portal_http_request_duration_seconds_bucket\{le="0\.25",method="GET",route="\/readyz",status="200"\} \d+/);
    expect(text).toMatch(/route="\/api\/downloads\/:[^"]*",status="404"/);
    expect(text).not.toContain(exportId);
    expect(text).not.toContain('some-grant-token');
  });
});

describe('the metrics listener', () => {
  it('serves GET /metrics in the Prometheus text format on its own port, and nothing else', async () => {
    const metrics = createMetrics({ process: true });
    const server = await startMetricsServer(metrics.registry, { host: '127.0.0.1', port: 0 }, createLogger('silent'));
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      expect(text).toContain('# TYPE portal_http_request_duration_seconds histogram');
      expect(text).toContain('process_cpu_seconds_total');
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
