/**
 * What a production start needs, one sentence per missing piece naming its variable. Without these
 * the service would fall back to a development stand-in (anyone signs in as anyone, mail goes to
 * files, links point nowhere, a secret is made up on disk), so it refuses to start instead.
 */
import type { Config } from './config.ts';

/** Long enough for an HMAC key: 32 characters of randomness. */
const MIN_SECRET_LENGTH = 32;

export function productionProblems(config: Config): string[] {
  const problems: string[] = [];
  const signIn = config.identity.signIn;
  if (!signIn) {
    problems.push(
      "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not set: the provider's single sign-on (OpenID Connect) is required; the embedded development sign-in never runs in production.",
    );
  } else if (!signIn.issuer.startsWith('https://')) {
    problems.push(`OIDC_ISSUER=${signIn.issuer} is not https: production signs in over TLS only.`);
  }
  if (!config.publicUrl) {
    problems.push(
      "PUBLIC_URL is not set: the portal's https address, named in every notification mail and used for the sign-in redirects.",
    );
  } else if (!config.publicUrl.startsWith('https://')) {
    problems.push(`PUBLIC_URL=${config.publicUrl} is not https: production serves the portal over TLS only.`);
  }
  if (!config.hashSecret) {
    problems.push(
      "HASH_SECRET is not set: the service secret (email hashes, sign-in flow cookies, stored credentials) must come from configuration, not be generated on one machine's disk.",
    );
  } else if (config.hashSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`HASH_SECRET is shorter than ${MIN_SECRET_LENGTH} characters.`);
  }
  if (!config.smtpUrl) {
    problems.push('SMTP_URL is not set: notification mail must be sent, not written to files.');
  }
  if (config.adapters !== 'real') {
    problems.push(
      'ADAPTERS=development: the offline mailbox checks accept a made-up password; production checks mailboxes for real (ADAPTERS=real, the production default).',
    );
  }
  return problems;
}
