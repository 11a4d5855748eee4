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
  copyNewMail: '/api/copy-new-mail/',
  pause: '/api/pause/',
  resume: '/api/resume/',
  stopForwarding: '/api/stop-forwarding/',
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
 * Beside the built pages (dist/pages/): the CSP sources (`sha256-…`) of the inline scripts and of the
 * inline <style> elements each page carries, by page file. The prerender writes it; the export service
 * sends a page with exactly its own in script-src and style-src, so no other inline script or style
 * runs there, and the page itself is the same bytes for every visitor (compressed once, decision 0030).
 */
export const PAGE_HASHES_FILE = 'page-hashes.json';
export type PageHashes = Record<string, { script: string[]; style: string[] }>;
