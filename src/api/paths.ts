/**
 * The paths of spec §7, in one place so the clients and the export service (server/) agree.
 * The browser redirect targets live in contract.ts (OAUTH_PATH, OAUTH_FOR_STATUS_PATH).
 */
export const API_PATHS = {
  // Session client (same origin, cookies, bearer, XSRF)
  capabilities: '/api/capabilities/',
  validate: '/api/validate/',
  load: '/api/load/',
  status: '/api/status/',
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
