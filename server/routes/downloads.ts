/**
 * The archive of a completed file export, for its owner's signed-in browser holding the grant the
 * signed-in status call gave it (server/routes/owner-grant.ts), while the archive is kept (two weeks,
 * §9). A genuine grant on the right sign-in past its minutes, or an archive past its two weeks, is 410
 * with what to do; an export ID, an old HMAC-of-ID link, or an archive that is gone is 404. It
 * streams, and a download that broke off asks for the rest with one byte range (server/http/byte-range.ts).
 */
import { Hono } from 'hono';
import { byteRangeOf } from '../http/byte-range.ts';
import { apiError } from '../http/errors.ts';
import type { RouteDeps } from './deps.ts';
import { openOwnersGrant } from './owner-grant.ts';

const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'export.zip';

export function downloadRoutes(deps: Pick<RouteDeps, 'grants' | 'jobs' | 'now' | 'tokens' | 'engine'>) {
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
    const file = await deps.engine.exportFile(job);
    if (!file) return notFound(c);
    // A finished archive never changes: its export and size name it, so a resumed download can tell
    // (If-Range) that the bytes it holds are of this very file.
    const etag = `"${job.exportId}.${file.size}"`;
    const ifRange = c.req.header('If-Range');
    const range = ifRange === undefined || ifRange === etag ? byteRangeOf(c.req.header('Range'), file.size) : null;
    c.header('Accept-Ranges', 'bytes');
    c.header('ETag', etag);
    c.header('Cache-Control', 'private, no-store');
    if (range === 'unsatisfiable') {
      c.header('Content-Range', `bytes */${file.size}`);
      return apiError(c, 416, 'RANGE_NOT_SATISFIABLE', 'The part of the file asked for is past its end.');
    }
    c.header('Content-Type', file.contentType);
    c.header('Content-Disposition', `attachment; filename="${safeFilename(file.filename)}"`);
    if (!range) {
      c.header('Content-Length', String(file.size));
      return c.body(file.stream());
    }
    c.header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
    c.header('Content-Length', String(range.end - range.start + 1));
    return c.body(file.stream(range), 206);
  });

  return app;
}
