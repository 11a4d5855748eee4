/**
 * The archive of a completed file export, for its owner's signed-in browser holding the grant the
 * signed-in status call gave it (server/routes/owner-grant.ts), while the archive is kept (two weeks,
 * §9). A genuine grant on the right sign-in past its minutes, or an archive past its two weeks, is 410
 * with what to do; an export ID, an old HMAC-of-ID link, or an archive that is gone is 404.
 */
import { Hono } from 'hono';
import { apiError } from '../http/errors.ts';
import type { RouteDeps } from './deps.ts';
import { openOwnersGrant } from './owner-grant.ts';

const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'export.zip';

export function downloadRoutes(deps: RouteDeps) {
  const app = new Hono();
  const notFound = (c: Parameters<typeof apiError>[0]) => apiError(c, 404, 'NOT_FOUND', 'This download link is not valid.');

  app.get('/api/downloads/:grant', async (c) => {
    const opened = await openOwnersGrant(c, deps, deps.grants, 'archive');
    if (opened instanceof Response) return opened;
    const job = await deps.jobs.find(opened.exportId);
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
