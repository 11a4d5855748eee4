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
  } else {
    const smtp = smtpTlsProblem(config.smtpUrl);
    if (smtp) problems.push(smtp);
  }
  if (config.adapters !== 'real') {
    problems.push(
      'ADAPTERS=development: the offline mailbox checks accept a made-up password; production checks mailboxes for real (ADAPTERS=real, the production default).',
    );
  }
  return problems;
}

/**
 * Notification mail carries export IDs and masked addresses, and the SMTP login carries the relay's
 * password: the connection must be TLS that cannot be skipped — `smtps://` (implicit TLS, or
 * `secure=true`), or `requireTLS=true` (STARTTLS that must succeed; without it nodemailer sends in
 * clear text whenever the server offers no STARTTLS, or something on the way strips it). Certificates
 * must be verified. The sentence names the host, never the URL: it may hold the password.
 */
function smtpTlsProblem(smtpUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return 'SMTP_URL is not a URL (smtps://user:password@host:465, or smtp://…:587?requireTLS=true).';
  }
  // nodemailer reads these options from the query under exactly these names.
  const query = (name: string) => url.searchParams.get(name)?.toLowerCase();
  const tls = url.protocol === 'smtps:' || query('secure') === 'true' || query('requireTLS') === 'true';
  if (!tls || query('ignoreTLS') === 'true') {
    return `SMTP_URL (host ${url.hostname}) does not require TLS: use smtps:// or add ?requireTLS=true, so mail and the relay's password never travel in clear text.`;
  }
  if (query('tls.rejectUnauthorized') === 'false') {
    return `SMTP_URL (host ${url.hostname}) turns certificate checks off (tls.rejectUnauthorized=false): production verifies the mail relay's certificate.`;
  }
  return null;
}
