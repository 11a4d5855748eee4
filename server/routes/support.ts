/**
 * The support form's default webhook (§7 posts it to "an external automation webhook"): stores each
 * request, forwards it to SUPPORT_WEBHOOK_URL when one is configured, and in development lists what
 * arrived at /dev/support-requests.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { SupportRequestSchema, type SupportRequest } from '../../contract/index.ts';
import { validated } from '../http/errors.ts';
import type { RouteDeps } from './deps.ts';

const FORWARD_TIMEOUT_MS = 5_000;

async function forward(url: string, request: SupportRequest, deps: RouteDeps): Promise<void> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    if (!response.ok) deps.logger.warn({ status: response.status }, 'support webhook refused a request');
  } catch (error) {
    deps.logger.warn({ err: error }, 'support webhook unreachable; the request stays stored');
  }
}

export function supportRoutes(deps: RouteDeps) {
  const app = new Hono();

  app.post('/api/support-requests/', validated('json', SupportRequestSchema), async (c) => {
    const request = c.req.valid('json');
    const id = await deps.support.save(request, deps.now());
    deps.logger.info({ supportRequest: id }, 'support request received');
    if (deps.config.supportWebhookUrl) await forward(deps.config.supportWebhookUrl, request, deps);
    return c.json({ ok: true });
  });

  if (deps.config.development) {
    const list = async (c: Context) => {
      const requests = await deps.support.newest(200);
      // hono/html escapes every interpolated value.
      return c.html(html`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Support requests (development)</title></head>
  <body>
    <main>
      <h1>Support requests (development)</h1>
      ${requests.length === 0
        ? html`<p>No support requests yet.</p>`
        : html`<table>
            <thead><tr><th scope="col">Received</th><th scope="col">Email address</th><th scope="col">Destination email</th><th scope="col">Export ID</th><th scope="col">Issue</th></tr></thead>
            <tbody>
              ${requests.map(
                (r) => html`<tr><td>${new Date(r.receivedAt).toISOString()}</td><td>${r.email_address}</td><td>${r.destination_email}</td><td>${r.migration_id}</td><td>${r.issue}</td></tr>`,
              )}
            </tbody>
          </table>`}
    </main>
  </body>
</html>`);
    };
    app.get('/dev/support-requests', list);
    app.get('/dev/support-requests/', list);
  }

  return app;
}
