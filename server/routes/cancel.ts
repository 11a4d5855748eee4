/**
 * POST /api/cancel/ (ours, additive): the owner stops a running export. Like the other session calls
 * it needs the XSRF header and a bearer token, of the export's own account: a sign-in, or a status
 * sign-in (the status page is where a customer finds the button). Its operations end in `error` with
 * reason `cancelled`, a file export offers no file, and the credentials kept for it are deleted.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CancelRequestSchema, ExportIdSchema, type OkResponse } from '../../contract/index.ts';
import { requireBearer, type AuthEnv } from '../http/auth.ts';
import { apiError, validated } from '../http/errors.ts';
import { requireXsrf } from '../http/xsrf.ts';
import type { RouteDeps } from './deps.ts';

export function cancelRoutes(deps: Pick<RouteDeps, 'config' | 'jobService' | 'tokens'>) {
  const app = new Hono<AuthEnv>();
  const xsrf = requireXsrf({ publicUrl: deps.config.publicUrl });
  const bearer = requireBearer(deps.tokens, ['source', 'status']);

  app.post('/api/cancel/', xsrf, bearer, validated('json', CancelRequestSchema), async (c) => {
    const { job_id: exportId } = c.req.valid('json');
    const outcome = v.is(ExportIdSchema, exportId) ? await deps.jobService.cancel(exportId, c.var.identity.email) : 'not-found';
    switch (outcome) {
      case 'cancelled':
        return c.json({ ok: true } satisfies OkResponse);
      case 'not-found':
        return apiError(c, 404, 'JOB_NOT_FOUND', 'Invalid export ID', 'job_id');
      case 'not-owner':
        return apiError(c, 403, 'NOT_OWNER', 'Only the account this export is of can cancel it.', 'job_id');
      case 'ended':
        return apiError(c, 409, 'EXPORT_ENDED', 'This export has already ended.', 'job_id');
      case 'not-cancellable':
        return apiError(c, 409, 'NOT_CANCELLABLE', 'This export cannot be cancelled.', 'job_id');
    }
  });

  return app;
}
