/** The file of a completed file export, behind its unguessable link, for two weeks (§9). */
import { Hono } from 'hono';
import { apiError } from '../http/errors.ts';
import { DOWNLOAD_TOKEN_PATTERN, hashToken } from '../jobs/download-token.ts';
import type { RouteDeps } from './deps.ts';

const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'export.zip';

export function downloadRoutes(deps: RouteDeps) {
  const app = new Hono();

  app.get('/api/downloads/:token', async (c) => {
    const token = c.req.param('token');
    const job = DOWNLOAD_TOKEN_PATTERN.test(token) ? await deps.jobs.findByDownloadTokenHash(hashToken(token)) : null;
    if (!job || job.downloadExpiresAt === null) return apiError(c, 404, 'NOT_FOUND', 'This download link is not valid.');
    if (job.downloadExpiresAt <= deps.now()) {
      return apiError(c, 410, 'DOWNLOAD_EXPIRED', 'This download link has expired. Downloads are kept for two weeks.');
    }
    const file = await deps.vendor.exportFile(job);
    if (!file) return apiError(c, 404, 'NOT_FOUND', 'This download link is not valid.');
    c.header('Content-Type', file.contentType);
    c.header('Content-Disposition', `attachment; filename="${safeFilename(file.filename)}"`);
    c.header('Cache-Control', 'private, no-store');
    // A copy typed over a plain ArrayBuffer, as the Response body wants.
    return c.body(new Uint8Array(file.body));
  });

  return app;
}
