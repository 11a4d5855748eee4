/**
 * Where each call and browser redirect lives. A path is wire format as much as a body is: the two
 * clients build URLs from these and the export service mounts its routes on them, so they agree.
 */
export const API_PATHS = {
  // Session client (same origin, cookies, bearer, XSRF)
  capabilities: '/api/capabilities/',
  validate: '/api/validate/',
  load: '/api/load/',
  status: '/api/status/',
  cancel: '/api/cancel/',
  pause: '/api/pause/',
  resume: '/api/resume/',
  sourceFolders: '/api/source-folders/',
  signOut: '/api/sign-out/',
  // Export-service client (no credentials)
  validateImap: '/api/validate-imap/',
  jobsByEmail: '/api/jobs-by-email/',
  statusV2: '/api/v2/status/',
  domainValidation: '/api/v2/domain-validation/',
  comcastGetMigrationStatus: '/api/v2/comcast-get-migration-status/',
  comcastUpdateOptOutState: '/api/v2/comcast-update-opt-out-state/',
  comcastInfo: '/api/v2/comcastinfo/',
  validateToken: '/api/validate-token/',
} as const;

/** Browser redirects: full page navigations to the sign-in and consent pages, not calls. */
export const REDIRECT_PATHS = {
  oauth: '/api/oauth/',
  oauthForStatus: '/api/oauth-for-status/',
} as const;

/**
 * The portal's pages are built once and served many times; each answer carries its own nonce for
 * the page's <style> elements (the CSP allows no inline style without it). The build writes this
 * marker wherever the nonce goes, and the export service replaces every one per response.
 */
export const PAGE_NONCE_PLACEHOLDER = '__PAGE_NONCE__';

/**
 * Beside the built pages (dist/pages/): the CSP sources (`sha256-…`) of the inline scripts a page
 * carries, by page file. The prerender writes it; the export service adds a page's own to the
 * script-src it is sent with, so no other inline script runs there.
 */
export const SCRIPT_HASHES_FILE = 'script-hashes.json';
export type ScriptHashes = Record<string, string[]>;
