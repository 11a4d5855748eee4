/**
 * Development pages (never mounted in production): /dev/support-requests lists what the support form
 * sent and, for each request, whether the webhook has it yet — forwarded, still being tried (with the
 * last error), given up on, or not forwarded because no webhook is configured.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { OutboxRecord } from '../db/outbox-store.ts';
import type { DevMail } from './mail/index.ts';
import { devMailboxRoutes } from './mail/page/routes.ts';
import type { RouteDeps } from '../routes/deps.ts';

function forwarding(record: OutboxRecord | undefined): string {
  if (!record) return 'not forwarded (no SUPPORT_WEBHOOK_URL)';
  if (record.status === 'sent') return 'forwarded';
  if (record.status === 'pending')
    return record.attempts === 0 ? 'queued' : `retrying (${record.attempts} failed: ${record.lastError ?? ''})`;
  if (record.status === 'failed') return `not forwarded: gave up after ${record.attempts} attempts (${record.lastError ?? ''})`;
  return 'cancelled';
}

export function devPages(deps: RouteDeps) {
  const app = new Hono();
  const list = async (c: Context) => {
    const requests = await deps.support.newest(200);
    const records = await deps.outbox.records(
      'support-request',
      requests.map((r) => String(r.id)),
    );
    // hono/html escapes every interpolated value.
    return c.html(html`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Support requests (development)</title></head>
  <body>
    <main>
      <h1>Support requests (development)</h1>
      ${
        requests.length === 0
          ? html`<p>No support requests yet.</p>`
          : html`<table>
            <thead><tr><th scope="col">Received</th><th scope="col">Email address</th><th scope="col">Destination email</th><th scope="col">Export ID</th><th scope="col">Issue</th><th scope="col">Webhook</th></tr></thead>
            <tbody>
              ${requests.map(
                (r) =>
                  html`<tr><td>${new Date(r.receivedAt).toISOString()}</td><td>${r.email_address}</td><td>${r.destination_email}</td><td>${r.migration_id}</td><td>${r.issue}</td><td>${forwarding(records.get(String(r.id)))}</td></tr>`,
              )}
            </tbody>
          </table>`
      }
    </main>
  </body>
</html>`);
  };
  app.get('/dev/support-requests', list);
  app.get('/dev/support-requests/', list);
  return app;
}

/** Every development page: the outbox and scenario pages, and the development mailboxes' when there is a store. */
export const developmentRoutes =
  (devMail: DevMail | null) =>
  (deps: RouteDeps): readonly Hono[] => [devPages(deps), ...(devMail ? [devMailboxRoutes(devMail)] : [])];
