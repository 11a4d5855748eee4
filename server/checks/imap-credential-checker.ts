/**
 * Real CredentialChecker: logs into the mailbox over IMAP with imapflow, then logs out, at the address
 * the customer gave — its host, port and security (implicit TLS, or STARTTLS that must succeed: no
 * plain-text login) — else at `imap.<domain of the address>` on 993 with implicit TLS. Certificates
 * are verified unless the caller says otherwise. The outbound guard resolves and checks it first
 * and the connection goes to the address it checked (the name is only the TLS server name), so a
 * private or loopback target is refused before any packet is sent. imapflow's own logger is off, so
 * neither the password nor the protocol exchange is logged anywhere.
 * Outcome: a login refused by the server → INVALID_CREDENTIALS; anything that prevents talking to a
 * trustworthy public IMAP server (refused by the guard, DNS failure, refused connection, timeout,
 * TLS/certificate error) → INVALID_IMAP.
 */
import { ImapFlow } from 'imapflow';
import type { CredentialCheck, CredentialChecker } from '../ports.ts';
import { IMAPS_PORT } from '../../contract/index.ts';
import { domainOf } from './known-mail-hosts.ts';
import type { OutboundGuard } from './outbound-guard.ts';

export type ImapCredentialCheckerOptions = {
  /** Decides where a connection may go; required, so no checker connects unchecked. */
  guard: OutboundGuard;
  tls?: { rejectUnauthorized?: boolean; ca?: string | Buffer };
  /** Connection, greeting and socket timeout; 15 s by default. */
  timeoutMs?: number;
};

export function createImapCredentialChecker(options: ImapCredentialCheckerOptions): CredentialChecker {
  const timeoutMs = options.timeoutMs ?? 15_000;

  return {
    async check({ email, password, imap }): Promise<CredentialCheck> {
      const { host, port, security } = imap ?? { host: `imap.${domainOf(email)}`, port: IMAPS_PORT, security: 'tls' };
      const checked = await options.guard.check(host, port);
      if (!checked.ok) return { ok: false, error: 'INVALID_IMAP' };

      const client = new ImapFlow({
        host: checked.target.address,
        // The certificate is verified against the name the customer gave, not the address.
        ...(checked.target.servername ? { servername: checked.target.servername } : {}),
        port,
        secure: security === 'tls',
        // STARTTLS is required, never optional: a server that does not offer it is not talked to.
        ...(security === 'starttls' ? { doSTARTTLS: true } : {}),
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
