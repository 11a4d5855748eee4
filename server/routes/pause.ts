/**
 * POST /api/pause/ and POST /api/resume/ (ours, additive; decision 0031): the owner holds a running
 * export and lets it go on. Checked like cancel: the XSRF header and a bearer token of the export's own
 * account (a sign-in or a status sign-in). Both are idempotent, so a double click is harmless: a
 * second pause of a paused export, or a resume of a running one, answers `{ ok: true }` too.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { API_PATHS, ExportIdSchema, PauseRequestSchema, type OkResponse } from '../../contract/index.ts';
import { requireBearer, type AuthEnv } from '../http/auth.ts';
import { apiError, validated } from '../http/errors.ts';
import { requireXsrf } from '../http/xsrf.ts';
import type { RouteDeps } from './deps.ts';

/** Why an export cannot be held or let go, per call. */
const NOT_PAUSABLE = {
  pause: 'This export cannot be paused: only an export to a mailbox that is still running can be.',
  resume: 'This export cannot be resumed: it is being cancelled.',
} as const;

export function pauseRoutes(deps: Pick<RouteDeps, 'config' | 'jobService' | 'tokens'>) {
  const app = new Hono<AuthEnv>();
  const xsrf = requireXsrf({ publicUrl: deps.config.publicUrl });
  const bearer = requireBearer(deps.tokens, ['source', 'status']);

  for (const action of ['pause', 'resume'] as const) {
    app.post(API_PATHS[action], xsrf, bearer, validated('json', PauseRequestSchema), async (c) => {
      const { job_id: exportId } = c.req.valid('json');
      const outcome = v.is(ExportIdSchema, exportId) ? await deps.jobService[action](exportId, c.var.identity.email) : 'not-found';
      switch (outcome) {
        case 'done':
          return c.json({ ok: true } satisfies OkResponse);
        case 'not-found':
          return apiError(c, 404, 'JOB_NOT_FOUND', 'Invalid export ID', 'job_id');
        case 'not-owner':
          return apiError(c, 403, 'NOT_OWNER', `Only the account this export is of can ${action} it.`, 'job_id');
        case 'ended':
          return apiError(c, 409, 'EXPORT_ENDED', 'This export has already ended.', 'job_id');
        case 'not-pausable':
          return apiError(c, 409, 'NOT_PAUSABLE', NOT_PAUSABLE[action], 'job_id');
      }
    });
  }

  return app;
}
