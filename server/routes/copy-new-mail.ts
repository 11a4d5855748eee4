/**
 * POST /api/copy-new-mail/ (ours, additive; decision 0032): the owner of an export to a mailbox that
 * completed copies what arrived at the source since. Checked like cancel: the XSRF header and a bearer
 * token of the export's own account (a sign-in, or a status sign-in). One pass at a time: a second
 * click while the pass it started runs gets the same answer and starts nothing.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CopyNewMailRequestSchema, ExportIdSchema, type OkResponse } from '../../contract/index.ts';
import { requireBearer, type AuthEnv } from '../http/auth.ts';
import { apiError, validated } from '../http/errors.ts';
import { requireXsrf } from '../http/xsrf.ts';
import type { RouteDeps } from './deps.ts';

export function copyNewMailRoutes(deps: Pick<RouteDeps, 'config' | 'jobService' | 'tokens'>) {
  const app = new Hono<AuthEnv>();
  const xsrf = requireXsrf({ publicUrl: deps.config.publicUrl });
  const bearer = requireBearer(deps.tokens, ['source', 'status']);

  app.post('/api/copy-new-mail/', xsrf, bearer, validated('json', CopyNewMailRequestSchema), async (c) => {
    const { job_id: exportId } = c.req.valid('json');
    const outcome = v.is(ExportIdSchema, exportId) ? await deps.jobService.copyNewMail(exportId, c.var.identity.email) : 'not-found';
    switch (outcome) {
      case 'started':
        return c.json({ ok: true } satisfies OkResponse);
      case 'not-found':
        return apiError(c, 404, 'JOB_NOT_FOUND', 'Invalid export ID', 'job_id');
      case 'not-owner':
        return apiError(c, 403, 'NOT_OWNER', 'Only the account this export is of can copy its new mail.', 'job_id');
      case 'not-mailbox':
        return apiError(c, 409, 'NOT_A_MAILBOX_EXPORT', 'Only an export to a mailbox that has completed can copy new mail.', 'job_id');
      case 'source-closed':
        return apiError(c, 409, 'ACCOUNT_NOT_ACTIVE', 'Your email account is no longer active, so there is no new mail to copy.');
      case 'running':
        return apiError(c, 409, 'PASS_RUNNING', 'New mail is being copied now. Please wait until it is done.', 'job_id');
      case 'closed':
        return apiError(c, 409, 'COPY_CLOSED', 'New mail can no longer be copied for this export.', 'job_id');
    }
  });

  return app;
}
