/** Everything a production start needs. */
export const PRODUCTION = {
  NODE_ENV: 'production',
  OIDC_ISSUER: 'https://sso.example.com',
  OIDC_CLIENT_ID: 'portal',
  OIDC_CLIENT_SECRET: 'oidc-client-secret',
  PUBLIC_URL: 'https://export.example.com',
  HASH_SECRET: 'production-secret-0123456789abcdef0123456789',
  SMTP_URL: 'smtp://127.0.0.1:2525?requireTLS=true',
};
