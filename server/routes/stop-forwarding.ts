/**
 * POST /api/stop-forwarding/ (ours, additive; decision 0032): the owner of an export that forwards new
 * mail stops it. Checked like cancel: the XSRF header and a bearer token of the export's own account.
 * Twice is once: a second stop answers ok and sends no second mail; no pass starts after it.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ExportIdSchema, StopForwardingRequestSchema, type OkResponse } from '../../contract/index.ts';
import { requireBearer, type AuthEnv } from '../http/auth.ts';
import { apiError, validated } from '../http/errors.ts';
import { requireXsrf } from '../http/xsrf.ts';
import type { RouteDeps } from './deps.ts';

export function stopForwardingRoutes(deps: Pick<RouteDeps, 'config' | 'jobService' | 'tokens'>) {
  const app = new Hono<AuthEnv>();
  const xsrf = requireXsrf({ publicUrl: deps.config.publicUrl });
  const bearer = requireBearer(deps.tokens, ['source', 'status']);

  app.post('/api/stop-forwarding/', xsrf, bearer, validated('json', StopForwardingRequestSchema), async (c) => {
    const { job_id: exportId } = c.req.valid('json');
    const outcome = v.is(ExportIdSchema, exportId) ? await deps.jobService.stopForwarding(exportId, c.var.identity.email) : 'not-found';
    switch (outcome) {
      case 'stopped':
        return c.json({ ok: true } satisfies OkResponse);
      case 'not-found':
        return apiError(c, 404, 'JOB_NOT_FOUND', 'Invalid export ID', 'job_id');
      case 'not-owner':
        return apiError(c, 403, 'NOT_OWNER', 'Only the account this export is of can stop copying its new mail.', 'job_id');
      case 'not-forwarding':
        return apiError(c, 409, 'NOT_FORWARDING', 'This export is not copying new mail on its own.', 'job_id');
    }
  });

  return app;
}
