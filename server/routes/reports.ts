/**
 * The item report of an ended export (server/jobs/item-report.ts), for the grant the signed-in status
 * call gave its owner (report_url): short-lived, made with a key of its own, so neither an export ID
 * nor a download grant opens it. 404 for anything else; 410 for a genuine grant past its minutes.
 */
import { Hono } from 'hono';
import { apiError } from '../http/errors.ts';
import { itemReportCsv } from '../jobs/item-report.ts';
import type { RouteDeps } from './deps.ts';

export function reportRoutes(deps: RouteDeps) {
  const app = new Hono();

  app.get('/api/reports/:grant', async (c) => {
    const opened = deps.reportGrants.open(c.req.param('grant'), deps.now());
    if (opened === 'expired') {
      return apiError(
        c,
        410,
        'REPORT_LINK_EXPIRED',
        'This report link has expired. Open your export status again (signed in) for a new one.',
      );
    }
    const report = opened ? await deps.jobService.report(opened.exportId) : null;
    if (!report || !opened) return apiError(c, 404, 'NOT_FOUND', 'This report link is not valid.');
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="northwave-export-${opened.exportId}-report.csv"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(itemReportCsv(report));
  });

  return app;
}
