/**
 * The archive of a completed file export, for the grant the signed-in status call gave its owner
 * (server/jobs/download-grant.ts), while the archive is kept (two weeks, §9). Anything else — an
 * export ID, an old HMAC-of-ID link, a forged or edited grant — is 404; a genuine grant past its
 * minutes, or an archive past its two weeks, is 410 with what to do.
 */
import { Hono } from 'hono';
import { apiError } from '../http/errors.ts';
import type { RouteDeps } from './deps.ts';

const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'export.zip';

export function downloadRoutes(deps: RouteDeps) {
  const app = new Hono();
  const notFound = (c: Parameters<typeof apiError>[0]) => apiError(c, 404, 'NOT_FOUND', 'This download link is not valid.');

  app.get('/api/downloads/:grant', async (c) => {
    const opened = deps.grants.open(c.req.param('grant'), deps.now());
    if (opened === 'expired') {
      return apiError(
        c,
        410,
        'DOWNLOAD_LINK_EXPIRED',
        'This download link has expired. Open your export status again (signed in) for a new one.',
      );
    }
    const job = opened ? await deps.jobs.find(opened.exportId) : null;
    if (!job || job.downloadExpiresAt === null) return notFound(c);
    if (job.downloadExpiresAt <= deps.now()) {
      return apiError(c, 410, 'DOWNLOAD_EXPIRED', 'This download has expired. Downloads are kept for two weeks.');
    }
    const file = await deps.vendor.exportFile(job);
    if (!file) return notFound(c);
    c.header('Content-Type', file.contentType);
    c.header('Content-Disposition', `attachment; filename="${safeFilename(file.filename)}"`);
    c.header('Content-Length', String(file.size));
    c.header('Cache-Control', 'private, no-store');
    return c.body(file.stream());
  });

  return app;
}
