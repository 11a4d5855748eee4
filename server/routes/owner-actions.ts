/**
 * The owner's actions on one export (ours, additive): cancel, pause and resume (decision 0031), Copy
 * new mail and stop forwarding (decision 0032). Each is `POST { job_id }`, checked like the other
 * session calls — the XSRF header and a bearer token of the export's own account (a sign-in, or a
 * status sign-in: the status page is where a customer finds the buttons) — and answers `{ ok: true }`
 * or the refusal its outcome names. Every one is safe to send twice (the job service makes a repeat a
 * no-op), so a double click is harmless. A new action is a line of the table below.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_PATHS, ExportActionRequestSchema, ExportIdSchema, type OkResponse } from '../../contract/index.ts';
import { requireBearer, type AuthEnv } from '../http/auth.ts';
import { apiError, validated } from '../http/errors.ts';
import type { JobService } from '../jobs/job-service.ts';
import { requireXsrf } from '../http/xsrf.ts';
import type { RouteDeps } from './deps.ts';

/** A refusal: its status, its code, its sentence, and whether it names the `job_id` field. */
type Refusal = readonly [status: ContentfulStatusCode, code: string, message: string, field?: 'job_id'];

type ActionOutcome<A extends keyof JobService> = JobService[A] extends (exportId: string, viewer: string) => Promise<infer O extends string>
  ? O
  : never;

/** One action: the job service's method, the outcome that is `{ ok: true }`, and every other outcome's refusal. */
type Action<A extends keyof JobService, Ok extends ActionOutcome<A>> = {
  path: string;
  call: A;
  ok: Ok;
  refusals: Record<Exclude<ActionOutcome<A>, Ok | 'not-found'>, Refusal>;
};

const action = <A extends keyof JobService, Ok extends ActionOutcome<A>>(spec: Action<A, Ok>) => spec;

const notOwner = (what: string): Refusal => [403, 'NOT_OWNER', `Only the account this export is of can ${what}.`, 'job_id'];
const ENDED: Refusal = [409, 'EXPORT_ENDED', 'This export has already ended.', 'job_id'];

const ACTIONS = [
  action({
    path: API_PATHS.cancel,
    call: 'cancel',
    ok: 'cancelled',
    refusals: {
      'not-owner': notOwner('cancel it'),
      ended: ENDED,
      'not-cancellable': [409, 'NOT_CANCELLABLE', 'This export cannot be cancelled.', 'job_id'],
    },
  }),
  action({
    path: API_PATHS.pause,
    call: 'pause',
    ok: 'done',
    refusals: {
      'not-owner': notOwner('pause it'),
      ended: ENDED,
      'not-pausable': [
        409,
        'NOT_PAUSABLE',
        'This export cannot be paused: only an export to a mailbox that is still running can be.',
        'job_id',
      ],
    },
  }),
  action({
    path: API_PATHS.resume,
    call: 'resume',
    ok: 'done',
    refusals: {
      'not-owner': notOwner('resume it'),
      ended: ENDED,
      'not-pausable': [409, 'NOT_PAUSABLE', 'This export cannot be resumed: it is being cancelled.', 'job_id'],
    },
  }),
  action({
    path: API_PATHS.copyNewMail,
    call: 'copyNewMail',
    ok: 'started',
    refusals: {
      'not-owner': notOwner('copy its new mail'),
      'not-mailbox': [409, 'NOT_A_MAILBOX_EXPORT', 'Only an export to a mailbox that has completed can copy new mail.', 'job_id'],
      'source-closed': [409, 'ACCOUNT_NOT_ACTIVE', 'Your email account is no longer active, so there is no new mail to copy.'],
      running: [409, 'PASS_RUNNING', 'New mail is being copied now. Please wait until it is done.', 'job_id'],
      closed: [409, 'COPY_CLOSED', 'New mail can no longer be copied for this export.', 'job_id'],
    },
  }),
  action({
    // Not among API_PATHS until the portal's own page offers the stop (the browser side of forwarding).
    path: '/api/stop-forwarding/',
    call: 'stopForwarding',
    ok: 'stopped',
    refusals: {
      'not-owner': notOwner('stop copying its new mail'),
      'not-forwarding': [409, 'NOT_FORWARDING', 'This export is not copying new mail on its own.', 'job_id'],
    },
  }),
] as const;

export function ownerActionRoutes(deps: Pick<RouteDeps, 'config' | 'jobService' | 'tokens'>) {
  const app = new Hono<AuthEnv>();
  const xsrf = requireXsrf({ publicUrl: deps.config.publicUrl });
  const bearer = requireBearer(deps.tokens, ['source', 'status']);

  for (const { path, call, ok, refusals } of ACTIONS) {
    const act = deps.jobService[call] as (exportId: string, viewer: string) => Promise<string>;
    const refusalOf = refusals as Record<string, Refusal>;
    app.post(path, xsrf, bearer, validated('json', ExportActionRequestSchema), async (c) => {
      const { job_id: exportId } = c.req.valid('json');
      const outcome = v.is(ExportIdSchema, exportId) ? await act(exportId, c.var.identity.email) : 'not-found';
      if (outcome === ok) return c.json({ ok: true } satisfies OkResponse);
      const [status, code, message, field] = refusalOf[outcome] ?? [404, 'JOB_NOT_FOUND', 'Invalid export ID', 'job_id'];
      return apiError(c, status, code, message, field);
    });
  }

  return app;
}
