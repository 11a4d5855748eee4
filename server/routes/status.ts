/**
 * Export status (§7): v1 and v2 status by export ID, and the list of exports for the keyed email hash
 * handed out at status sign-in. Rate limited per client; an unknown and a malformed export ID get the
 * same answer, so the status call reveals nothing about which IDs exist. An export ID tells the
 * status, never the data: only v1 with the owner's bearer token carries the download link.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ExportIdSchema, JobsByEmailRequestSchema, type JobsByEmailResponse, type StatusResponse } from '../../contract/index.ts';
import { bearerIdentity, bearerToken } from '../http/auth.ts';
import { downloadSessionCookie, GRANT_PATHS } from '../http/download-session.ts';
import { apiError, noStoreJson, noStoreJsonText, validated } from '../http/errors.ts';
import { requestLimit } from '../limits/request-limit.ts';
import type { Viewer } from '../jobs/job-service.ts';
import type { RouteDeps } from './deps.ts';

/** The status page lists five; a few more let it say that older ones exist. */
export const JOBS_BY_EMAIL_LIMIT = 10;

export function statusRoutes(deps: Pick<RouteDeps, 'config' | 'jobService' | 'jobs' | 'limits' | 'tokens'>) {
  const app = new Hono();
  const limitOptions = { trustedProxyHops: deps.config.trustedProxyHops };
  const statusLimit = requestLimit(deps.limits.requests.status, limitOptions);
  app.use('/api/status/', statusLimit);
  app.use('/api/v2/status/', statusLimit);
  app.use('/api/jobs-by-email/', requestLimit(deps.limits.requests.jobsByEmail, limitOptions));

  const notFound = (c: Context) => apiError(c, 404, 'JOB_NOT_FOUND', 'Invalid export ID', 'job_id');

  /** The status of an export; the download link only when `viewer` is the signed-in account that owns it. */
  const answer = (c: Context, viewer: Viewer | null) => {
    const exportId = c.req.query('job_id');
    if (!exportId || !v.is(ExportIdSchema, exportId)) return notFound(c);
    // An ended export's anonymous answer is final: its text as kept, without a lookup or a promise.
    const ended = viewer === null ? deps.jobService.endedStatusJson(exportId) : undefined;
    if (ended !== undefined) return noStoreJsonText(ended);
    return deps.jobService
      .status(exportId, viewer)
      .then((found) => (found ? withDownloadSession(noStoreJson(found), found, viewer) : notFound(c)));
  };

  /** The owner's links open only with their sign-in: the answer that carries them lets the download paths see it. */
  const secure = deps.config.publicUrl.startsWith('https:');
  const withDownloadSession = (response: Response, found: StatusResponse, viewer: Viewer | null) => {
    if (!viewer) return response;
    const links = { archive: found.emailmigration?.download_url ?? found.contactsmigration?.download_url, report: found.report_url };
    for (const kind of ['archive', 'report'] as const) {
      if (links[kind]) response.headers.append('Set-Cookie', downloadSessionCookie(viewer.session, GRANT_PATHS[kind], { secure }));
    }
    return response;
  };

  // The export-service client's call: anonymous, so never a download link.
  app.get('/api/v2/status/', (c) => answer(c, null));
  // The session client's call: the same answer, with the owner's download link when its bearer
  // token (a sign-in, or a status sign-in) is the export's account. No token is not an error.
  app.get('/api/status/', async (c) => {
    const identity = await bearerIdentity(c, deps.tokens, ['source', 'status']);
    const session = bearerToken(c);
    return answer(c, identity && session ? { email: identity.email, session } : null);
  });

  app.post('/api/jobs-by-email/', validated('json', JobsByEmailRequestSchema), async (c) => {
    // The hash is a status sign-in's listing (server/identity/token-store.ts): past its hour, or never
    // issued, it lists nothing, as an address with no exports would.
    const emailHash = await deps.tokens.listingOf(c.req.valid('json').hash.toLowerCase());
    const answer: JobsByEmailResponse = {};
    for (const job of emailHash ? await deps.jobs.listByEmailHash(emailHash, JOBS_BY_EMAIL_LIMIT) : []) {
      answer[job.exportId] = new Date(job.createdAt).toISOString();
    }
    return noStoreJson(answer);
  });

  return app;
}
