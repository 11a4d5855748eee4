/**
 * The item report of an ended export (server/jobs/item-report.ts), for its owner's signed-in browser
 * holding the grant the signed-in status call gave it (report_url; server/routes/owner-grant.ts):
 * short-lived, made with a key of its own, so neither an export ID nor a download grant opens it.
 */
import { Hono } from 'hono';
import { apiError } from '../http/errors.ts';
import { itemReportCsv } from '../jobs/item-report.ts';
import type { RouteDeps } from './deps.ts';
import { openOwnersGrant } from './owner-grant.ts';

export function reportRoutes(deps: Pick<RouteDeps, 'jobService' | 'reportGrants' | 'now' | 'tokens'>) {
  const app = new Hono();

  app.get('/api/reports/:grant', async (c) => {
    const opened = await openOwnersGrant(c, deps, deps.reportGrants, 'report');
    if (opened instanceof Response) return opened;
    const report = await deps.jobService.report(opened.exportId);
    if (!report) return apiError(c, 404, 'NOT_FOUND', 'This report link is not valid.');
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="northwave-export-${opened.exportId}-report.csv"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(itemReportCsv(report));
  });

  return app;
}
