/**
 * Development CredentialChecker, so the Other flow works offline. It knows the scenario mailboxes
 * (every @example.com address) and mailboxes at the major providers, all with the password
 * `correct-password`. A given IMAP host (any port and security) must be a plausible host name and not invalid.example.com;
 * without one, the address's domain must be known. The password is compared and then dropped.
 */
import { timingSafeEqual } from 'node:crypto';
import type { CredentialChecker } from '../../ports.ts';
import { domainOf, isPlausibleHost, KNOWN_MAIL_DOMAINS, normalizeHost, UNREACHABLE_DEV_HOST } from '../../checks/known-mail-hosts.ts';

export const DEV_MAILBOX_PASSWORD = 'correct-password';

function samePassword(given: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(DEV_MAILBOX_PASSWORD, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createDevCredentialChecker(): CredentialChecker {
  return {
    async check({ email, password, imap }) {
      const host = imap ? normalizeHost(imap.host) : null;
      if (host !== null && (!isPlausibleHost(host) || host === UNREACHABLE_DEV_HOST || host.endsWith('.invalid'))) {
        return { ok: false, error: 'INVALID_IMAP' };
      }
      if (host === null && !Object.hasOwn(KNOWN_MAIL_DOMAINS, domainOf(email))) return { ok: false, error: 'INVALID_IMAP' };
      if (!samePassword(password)) return { ok: false, error: 'INVALID_CREDENTIALS' };
      return { ok: true };
    },
  };
}
