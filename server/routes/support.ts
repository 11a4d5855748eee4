/**
 * The support form's default webhook (§7 posts it to "an external automation webhook"): stores each
 * request and answers at once — `{ ok: true, status: 'received' }`, which is what happened — while
 * the outbox forwards it to SUPPORT_WEBHOOK_URL in the background, with retries, and records the
 * outcome (see /dev/support-requests in development, the error log in production). Nothing here
 * waits on the webhook. Limited per client address; every field has a length limit (the contract).
 */
import { Hono } from 'hono';
import { SupportRequestSchema, type SupportResponse } from '../../contract/index.ts';
import { clientIp } from '../http/client-ip.ts';
import { validated } from '../http/errors.ts';
import { tooMany } from '../http/too-many.ts';
import type { RouteDeps } from './deps.ts';

export function supportRoutes(deps: Pick<RouteDeps, 'config' | 'limits' | 'logger' | 'now' | 'support'>) {
  const app = new Hono();

  app.post('/api/support-requests/', validated('json', SupportRequestSchema), async (c) => {
    const refused = await deps.limits.supportRequest(clientIp(c, deps.config.trustedProxyHops));
    if (refused) return tooMany(c, refused);
    const request = c.req.valid('json');
    const forward = deps.config.supportWebhookUrl !== null;
    const id = await deps.support.save(request, deps.now(), forward);
    deps.logger.info({ supportRequest: id, forward }, 'support request received');
    const answer: SupportResponse = { ok: true, status: 'received' };
    return c.json(answer);
  });

  return app;
}
