/**
 * Anonymous export status (§7): v1 and v2 status by export ID, and the list of exports for the keyed
 * email hash handed out at status sign-in. Rate limited per client; an unknown and a malformed
 * export ID get the same answer, so the status call reveals nothing about which IDs exist.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  ExportIdSchema,
  JobsByEmailRequestSchema,
  type JobsByEmailResponse,
  type StatusResponse,
} from '../../contract/index.ts';
import { apiError, validated } from '../http/errors.ts';
import { rateLimit } from '../http/rate-limit.ts';
import type { RouteDeps } from './deps.ts';

/** The status page lists five; a few more let it say that older ones exist. */
export const JOBS_BY_EMAIL_LIMIT = 10;

export function statusRoutes(deps: RouteDeps) {
  const app = new Hono();
  const limitOptions = { trustProxy: deps.config.trustProxy, now: deps.now };
  const statusLimit = rateLimit(deps.config.rateLimits.status, limitOptions);
  app.use('/api/status/', statusLimit);
  app.use('/api/v2/status/', statusLimit);
  app.use('/api/jobs-by-email/', rateLimit(deps.config.rateLimits.jobsByEmail, limitOptions));

  const status = async (exportId: string | undefined) => {
    if (!exportId || !v.is(ExportIdSchema, exportId)) return null;
    return deps.jobService.status(exportId);
  };

  for (const route of ['/api/status', '/api/v2/status']) {
    app.get(`${route}/`, async (c) => {
      const answer: StatusResponse | null = await status(c.req.query('job_id'));
      if (!answer) return apiError(c, 404, 'JOB_NOT_FOUND', 'Invalid export ID', 'job_id');
      c.header('Cache-Control', 'no-store');
      return c.json(answer);
    });
  }

  app.post('/api/jobs-by-email/', validated('json', JobsByEmailRequestSchema), async (c) => {
    const { hash } = c.req.valid('json');
    const answer: JobsByEmailResponse = {};
    for (const job of await deps.jobs.listByEmailHash(hash.toLowerCase(), JOBS_BY_EMAIL_LIMIT)) {
      answer[job.exportId] = new Date(job.createdAt).toISOString();
    }
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });

  return app;
}
