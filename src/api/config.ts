/**
 * Where the browser's calls go, read once from Vite's environment. Every value has a default so the
 * portal runs with no setup: the export service on the same origin, the QA environment (§9), and the
 * support form posting to the export service's own webhook.
 */

export type ApiConfig = {
  /** Base URL of the provider's export service; '' means the portal's own origin. */
  exportServiceUrl: string;
  /** Sent as `in_qa` on the migration-status and opt-out calls; the spec's environment is QA. */
  inQa: boolean;
  /** Where the support form posts (§7: "an external automation webhook"). */
  supportWebhookUrl: string;
};

/** The subset of Vite's `import.meta.env` this module reads. */
export type ApiEnvironment = {
  VITE_EXPORT_SERVICE_URL?: string;
  VITE_IN_QA?: string;
  VITE_SUPPORT_WEBHOOK_URL?: string;
};

export const SUPPORT_WEBHOOK_PATH = '/api/support-requests/';

/** Pure, so tests can feed any environment; blank values count as unset. */
export function readApiConfig(env: ApiEnvironment): ApiConfig {
  const exportServiceUrl = (env.VITE_EXPORT_SERVICE_URL ?? '').trim().replace(/\/+$/, '');
  const inQaText = (env.VITE_IN_QA ?? '').trim().toLowerCase();
  const webhook = (env.VITE_SUPPORT_WEBHOOK_URL ?? '').trim();
  return {
    exportServiceUrl,
    // Only an explicit "false" leaves QA: a typo must not silently switch to production.
    inQa: inQaText !== 'false',
    supportWebhookUrl: webhook || `${exportServiceUrl}${SUPPORT_WEBHOOK_PATH}`,
  };
}

// `import.meta.env` exists under Vite and Vitest but not under plain Node (tsx), hence the `?.`.
const viteEnv: ApiEnvironment = (import.meta as { env?: ApiEnvironment }).env ?? {};

export const apiConfig: ApiConfig = readApiConfig(viteEnv);
