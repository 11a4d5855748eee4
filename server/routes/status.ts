/**
 * Export status (§7): v1 and v2 status by export ID, and the list of exports for the keyed email hash
 * handed out at status sign-in. Rate limited per client; an unknown and a malformed export ID get the
 * same answer, so the status call reveals nothing about which IDs exist. An export ID tells the
 * status, never the data: only v1 with the owner's bearer token carries the download link.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  ExportIdSchema,
  JobsByEmailRequestSchema,
  type JobsByEmailResponse,
  type StatusResponse,
} from '../../contract/index.ts';
import { bearerIdentity } from '../http/auth.ts';
import { apiError, noStoreJson, validated } from '../http/errors.ts';
import { requestLimit } from '../limits/request-limit.ts';
import type { RouteDeps } from './deps.ts';

/** The status page lists five; a few more let it say that older ones exist. */
export const JOBS_BY_EMAIL_LIMIT = 10;

export function statusRoutes(deps: RouteDeps) {
  const app = new Hono();
  const limitOptions = { trustProxy: deps.config.trustProxy };
  const statusLimit = requestLimit(deps.limits.requests.status, limitOptions);
  app.use('/api/status/', statusLimit);
  app.use('/api/v2/status/', statusLimit);
  app.use('/api/jobs-by-email/', requestLimit(deps.limits.requests.jobsByEmail, limitOptions));

  /** The status of an export; the download link only when `viewer` is the signed-in account that owns it. */
  const answer = async (c: Context, viewer: string | null) => {
    const exportId = c.req.query('job_id');
    const found: StatusResponse | null = exportId && v.is(ExportIdSchema, exportId) ? await deps.jobService.status(exportId, viewer) : null;
    if (!found) return apiError(c, 404, 'JOB_NOT_FOUND', 'Invalid export ID', 'job_id');
    return noStoreJson(found);
  };

  // The export-service client's call: anonymous, so never a download link.
  app.get('/api/v2/status/', (c) => answer(c, null));
  // The session client's call: the same answer, with the owner's download link when its bearer
  // token (a sign-in, or a status sign-in) is the export's account. No token is not an error.
  app.get('/api/status/', async (c) => answer(c, (await bearerIdentity(c, deps.tokens, ['source', 'status']))?.email ?? null));

  app.post('/api/jobs-by-email/', validated('json', JobsByEmailRequestSchema), async (c) => {
    const { hash } = c.req.valid('json');
    const answer: JobsByEmailResponse = {};
    for (const job of await deps.jobs.listByEmailHash(hash.toLowerCase(), JOBS_BY_EMAIL_LIMIT)) {
      answer[job.exportId] = new Date(job.createdAt).toISOString();
    }
    return noStoreJson(answer);
  });

  return app;
}
