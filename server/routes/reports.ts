/**
 * The item report of an ended export (server/jobs/item-report.ts), for its owner's signed-in browser
 * holding the grant the signed-in status call gave it (report_url; server/routes/owner-grant.ts):
 * short-lived, made with a key of its own, so neither an export ID nor a download grant opens it.
 * Said in the language the owner's page shows, else the one the export was started in.
 */
import { Hono } from 'hono';
import { apiError } from '../http/errors.ts';
import { languageOfCookie } from '../../contract/index.ts';
import { loadLanguage } from '../../contract/words/translate.ts';
import { itemReportCsv, itemReportFileName } from '../jobs/item-report.ts';
import type { RouteDeps } from './deps.ts';
import { openOwnersGrant } from './owner-grant.ts';

export function reportRoutes(deps: Pick<RouteDeps, 'jobService' | 'reportGrants' | 'now' | 'tokens'>) {
  const app = new Hono();

  app.get('/api/reports/:grant', async (c) => {
    const opened = await openOwnersGrant(c, deps, deps.reportGrants, 'report');
    if (opened instanceof Response) return opened;
    const report = await deps.jobService.report(opened.exportId);
    if (!report) return apiError(c, 404, 'NOT_FOUND', 'This report link is not valid.');
    // The language the owner's page shows (the cookie it keeps, contract/words/languages.ts), else the export's.
    const language = languageOfCookie(c.req.header('Cookie')) ?? report.language;
    await loadLanguage(language);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${itemReportFileName(opened.exportId, language)}"`);
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Language', language);
    return c.body(itemReportCsv(report, language));
  });

  return app;
}
