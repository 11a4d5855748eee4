/**
 * Brand values of the portal, in one place. Every value has a documented default so the portal
 * runs with no setup; a deployment overrides any of them with a VITE_ environment variable at
 * build time (blank values count as unset).
 *
 * | value               | variable                    | default                                   |
 * |---------------------|-----------------------------|-------------------------------------------|
 * | providerName        | VITE_BRAND_PROVIDER_NAME    | Northwave                                 |
 * | homeUrl             | VITE_BRAND_HOME_URL         | https://www.northwave.example/            |
 * | faqUrl              | VITE_BRAND_FAQ_URL          | https://help.northwave.example/email-export |
 * | supportUrl          | VITE_BRAND_SUPPORT_URL      | /support-form (the portal's own form)     |
 * | privacyPolicyUrl    | VITE_BRAND_PRIVACY_URL      | https://www.northwave.example/privacy     |
 * | termsOfServiceUrl   | VITE_BRAND_TERMS_URL        | https://www.northwave.example/terms       |
 * | logoPath            | VITE_BRAND_LOGO_PATH        | /images/logo.png                          |
 * | footerClientId      | VITE_BRAND_FOOTER_CLIENT_ID | webmail-export                            |
 * | supportWebhookUrl   | VITE_SUPPORT_WEBHOOK_URL    | the export service's /api/support-requests/ (see src/api/config.ts) |
 *
 * The two successor products (§2; contract/destinations/successor-*.ts) take their card's name,
 * description and logo from VITE_SUCCESSOR_NEXT_NAME, _DESCRIPTION and _LOGO (and the same for
 * SUCCESSOR_PARTNER); unset, the descriptor's words with the provider's name, and the provider's logo.
 */
import { DESTINATIONS, type SuccessorId } from '../../contract/index.ts';
import { apiConfig } from '../api/config';

/** A successor product's card as the deployment names it. */
export type SuccessorCard = { name?: string; description?: string; logoPath: string };

export type Brand = {
  providerName: string;
  homeUrl: string;
  faqUrl: string;
  supportUrl: string;
  privacyPolicyUrl: string;
  termsOfServiceUrl: string;
  logoPath: string;
  footerClientId: string;
  supportWebhookUrl: string;
  successors: Record<SuccessorId, SuccessorCard>;
};

type SuccessorVariable = `VITE_${Uppercase<SuccessorId>}_${'NAME' | 'DESCRIPTION' | 'LOGO'}`;

/** The subset of `import.meta.env` this module reads. */
export type BrandEnvironment = Partial<
  Record<
    | 'VITE_BRAND_PROVIDER_NAME'
    | 'VITE_BRAND_HOME_URL'
    | 'VITE_BRAND_FAQ_URL'
    | 'VITE_BRAND_SUPPORT_URL'
    | 'VITE_BRAND_PRIVACY_URL'
    | 'VITE_BRAND_TERMS_URL'
    | 'VITE_BRAND_LOGO_PATH'
    | 'VITE_BRAND_FOOTER_CLIENT_ID'
    | SuccessorVariable,
    string
  >
>;

export const BRAND_DEFAULTS: Omit<Brand, 'supportWebhookUrl' | 'successors'> = {
  providerName: 'Northwave',
  homeUrl: 'https://www.northwave.example/',
  faqUrl: 'https://help.northwave.example/email-export',
  supportUrl: '/support-form',
  privacyPolicyUrl: 'https://www.northwave.example/privacy',
  termsOfServiceUrl: 'https://www.northwave.example/terms',
  logoPath: '/images/logo.png',
  footerClientId: 'webmail-export',
};

const pick = (value: string | undefined, fallback: string): string => {
  const trimmed = (value ?? '').trim();
  return trimmed || fallback;
};

const SUCCESSOR_IDS = DESTINATIONS.filter(({ successor }) => successor).map(({ id }) => id as SuccessorId);

/** What a deployment set for one successor card; blank values count as unset. */
function successorCard(env: BrandEnvironment, product: SuccessorId, logoPath: string): SuccessorCard {
  const prefix = `VITE_${product.toUpperCase()}` as `VITE_${Uppercase<SuccessorId>}`;
  const name = env[`${prefix}_NAME`]?.trim();
  const description = env[`${prefix}_DESCRIPTION`]?.trim();
  return { ...(name ? { name } : {}), ...(description ? { description } : {}), logoPath: pick(env[`${prefix}_LOGO`], logoPath) };
}

/** Pure, so tests can feed any environment. The webhook URL is shared with the API config. */
export function readBrand(env: BrandEnvironment, supportWebhookUrl: string = apiConfig.supportWebhookUrl): Brand {
  const logoPath = pick(env.VITE_BRAND_LOGO_PATH, BRAND_DEFAULTS.logoPath);
  return {
    providerName: pick(env.VITE_BRAND_PROVIDER_NAME, BRAND_DEFAULTS.providerName),
    homeUrl: pick(env.VITE_BRAND_HOME_URL, BRAND_DEFAULTS.homeUrl),
    faqUrl: pick(env.VITE_BRAND_FAQ_URL, BRAND_DEFAULTS.faqUrl),
    supportUrl: pick(env.VITE_BRAND_SUPPORT_URL, BRAND_DEFAULTS.supportUrl),
    privacyPolicyUrl: pick(env.VITE_BRAND_PRIVACY_URL, BRAND_DEFAULTS.privacyPolicyUrl),
    termsOfServiceUrl: pick(env.VITE_BRAND_TERMS_URL, BRAND_DEFAULTS.termsOfServiceUrl),
    logoPath,
    footerClientId: pick(env.VITE_BRAND_FOOTER_CLIENT_ID, BRAND_DEFAULTS.footerClientId),
    supportWebhookUrl,
    successors: Object.fromEntries(SUCCESSOR_IDS.map((id) => [id, successorCard(env, id, logoPath)])) as Brand['successors'],
  };
}

// `import.meta.env` exists under Vite and Vitest but not plain Node, hence the fallback.
const viteEnv: BrandEnvironment = (import.meta as { env?: BrandEnvironment }).env ?? {};

export const brand: Brand = readBrand(viteEnv);
