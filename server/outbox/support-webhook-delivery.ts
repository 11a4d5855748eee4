/**
 * Forwards a stored support request to the configured webhook (POST JSON, the §7 body). Only a 2xx
 * answer counts: anything else, or no answer within the timeout, is a failed attempt the outbox tries
 * again with backoff. A request deleted meanwhile (retention) has nothing left to forward.
 */
import type { SupportRequest } from '../../contract/index.ts';
import type { SupportStore } from '../db/support-store.ts';
import type { Delivery } from './outbox-runner.ts';

export function createSupportWebhookDelivery(deps: { support: SupportStore; webhookUrl: string | null; timeoutMs: number }): Delivery {
  return async (message) => {
    const stored = await deps.support.find(Number(message.ref));
    if (!stored) return 'gone';
    // Queued while a webhook was configured; without one now, it waits (and fails in the end) visibly.
    if (!deps.webhookUrl) throw new Error('SUPPORT_WEBHOOK_URL is not configured');
    const body: SupportRequest = {
      email_address: stored.email_address,
      destination_email: stored.destination_email,
      migration_id: stored.migration_id,
      issue: stored.issue,
    };
    const response = await fetch(deps.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
    return 'delivered';
  };
}
