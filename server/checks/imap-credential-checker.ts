/**
 * Real CredentialChecker: logs into the mailbox over IMAP with imapflow, then logs out. Implicit TLS
 * (port 993 by default) with certificates verified unless the caller says otherwise. The host is the
 * given `imap`, else `imap.<domain of the address>`. imapflow's own logger is off, so neither the
 * password nor the protocol exchange is logged anywhere.
 * Outcome: a login refused by the server → INVALID_CREDENTIALS; anything that prevents talking to a
 * trustworthy IMAP server (DNS failure, refused connection, timeout, TLS/certificate error) → INVALID_IMAP.
 */
import { ImapFlow } from 'imapflow';
import { isIP } from 'node:net';
import type { CredentialCheck, CredentialChecker } from '../ports.ts';
import { domainOf, isPlausibleHost, normalizeHost } from './known-mail-hosts.ts';

export type ImapCredentialCheckerOptions = {
  /** 993 by default. */
  port?: number;
  tls?: { rejectUnauthorized?: boolean; ca?: string | Buffer };
  /** Connection, greeting and socket timeout; 15 s by default. */
  timeoutMs?: number;
};

export function createImapCredentialChecker(options: ImapCredentialCheckerOptions = {}): CredentialChecker {
  const port = options.port ?? 993;
  const timeoutMs = options.timeoutMs ?? 15_000;

  return {
    async check({ email, password, imap }): Promise<CredentialCheck> {
      const host = imap?.trim() ? normalizeHost(imap) : `imap.${domainOf(email)}`;
      // An IP literal is a valid host too (tests, self-hosted servers).
      if (!isPlausibleHost(host) && isIP(host) === 0) return { ok: false, error: 'INVALID_IMAP' };

      const client = new ImapFlow({
        host,
        port,
        secure: true,
        auth: { user: email, pass: password },
        logger: false,
        tls: {
          rejectUnauthorized: options.tls?.rejectUnauthorized ?? true,
          ...(options.tls?.ca ? { ca: options.tls.ca } : {}),
        },
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        // Only a login check: no IDLE, no mailbox work.
        disableAutoIdle: true,
      });
      // imapflow emits 'error' on socket failures after connect(); without a listener Node would throw.
      client.on('error', () => {});
      try {
        await client.connect();
        return { ok: true };
      } catch (error) {
        return { ok: false, error: isAuthenticationFailure(error) ? 'INVALID_CREDENTIALS' : 'INVALID_IMAP' };
      } finally {
        await client.logout().catch(() => client.close());
      }
    },
  };
}

function isAuthenticationFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { authenticationFailed?: boolean; serverResponseCode?: string };
  return e.authenticationFailed === true || e.serverResponseCode === 'AUTHENTICATIONFAILED';
}
