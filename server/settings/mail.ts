/** Notification mail and support requests: how they are sent, from whom, and the outbox loop's pace and retries (server/outbox/). */
import { DEFAULT_RETRY } from '../outbox/retry.ts';
import { integer, optionalText, readSection, secret, shown, text, type Env } from './setting.ts';

export const MAIL_SETTINGS = {
  // May carry the relay's password.
  SMTP_URL: shown('–', secret(optionalText())),
  MAIL_FROM: text('Northwave export portal <no-reply@example.com>'),
  OUTBOX_INTERVAL_MS: integer(1000, 10),
  OUTBOX_DELIVERY_TIMEOUT_MS: integer(30_000, 100),
  STARTED_MAIL_ESTIMATE_WAIT_MS: integer(60_000, 0),
  OUTBOX_RETRY_FIRST_MS: integer(DEFAULT_RETRY.firstDelayMs, 10),
  OUTBOX_RETRY_MAX_MS: integer(DEFAULT_RETRY.maxDelayMs, 10),
  OUTBOX_MAX_ATTEMPTS: integer(DEFAULT_RETRY.maxAttempts, 1),
  SUPPORT_WEBHOOK_URL: shown('–', optionalText()),
};

export function readMail(env: Env) {
  const settings = readSection(MAIL_SETTINGS, env);
  return {
    smtpUrl: settings.SMTP_URL ?? null,
    mailFrom: settings.MAIL_FROM,
    supportWebhookUrl: settings.SUPPORT_WEBHOOK_URL ?? null,
    outbox: {
      intervalMs: settings.OUTBOX_INTERVAL_MS,
      deliveryTimeoutMs: settings.OUTBOX_DELIVERY_TIMEOUT_MS,
      retry: {
        firstDelayMs: settings.OUTBOX_RETRY_FIRST_MS,
        maxDelayMs: settings.OUTBOX_RETRY_MAX_MS,
        maxAttempts: settings.OUTBOX_MAX_ATTEMPTS,
      },
      /** How long after an export starts its 'started' mail may wait for the time to finish. */
      startedMailWaitMs: settings.STARTED_MAIL_ESTIMATE_WAIT_MS,
    },
  };
}
