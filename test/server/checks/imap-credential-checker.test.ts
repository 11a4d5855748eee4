/**
 * The real IMAP adapter against a real Dovecot on loopback: the login outcome decides the answer,
 * and TLS certificates are verified unless the caller trusts the test's own certificate. Loopback is
 * reachable only because the outbound guard's allow-list names it, as a deployment's configuration would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImapAddress } from '../../../contract/index.ts';
import { createImapCredentialChecker } from '../../../server/checks/imap-credential-checker.ts';
import { createOutboundGuard } from '../../../server/checks/outbound-guard.ts';
import { startDovecot, type Dovecot } from '../../support/dovecot.ts';
import { freePort } from '../../support/free-port.ts';

let dovecot: Dovecot;

beforeAll(async () => {
  dovecot = await startDovecot();
}, 20_000);

afterAll(async () => {
  await dovecot?.stop();
});

const guard = createOutboundGuard({ allowList: ['127.0.0.1'], ports: [993], dnsServers: null });

/** Dovecot's implicit-TLS listener on its (non-default) port, as a customer would write `127.0.0.1:port`. */
const tls = (): ImapAddress => ({ host: '127.0.0.1', port: dovecot.port, security: 'tls' });

describe('createImapCredentialChecker against Dovecot', () => {
  const trusting = () => createImapCredentialChecker({ guard, tls: { ca: dovecot.certificate }, timeoutMs: 5000 });

  // First: Dovecot delays logins from an address after failed ones (its auth penalty), which the
  // wrong-password tests below cause.
  it('logs in on a non-default port with implicit TLS, and with STARTTLS when the address says so', async () => {
    const account = { email: dovecot.user.email, password: dovecot.user.password };
    expect(await trusting().check({ ...account, imap: tls() })).toEqual({ ok: true });
    const starttls: ImapAddress = { host: '127.0.0.1', port: dovecot.starttlsPort, security: 'starttls' };
    expect(await trusting().check({ ...account, imap: starttls })).toEqual({ ok: true });
    // The same cleartext listener spoken to as implicit TLS, and the TLS one as STARTTLS, both fail.
    const impatient = createImapCredentialChecker({ guard, tls: { ca: dovecot.certificate }, timeoutMs: 2000 });
    expect(await impatient.check({ ...account, imap: { ...starttls, security: 'tls' } })).toEqual({ ok: false, error: 'INVALID_IMAP' });
    expect(await impatient.check({ ...account, imap: { ...tls(), security: 'starttls' } })).toEqual({ ok: false, error: 'INVALID_IMAP' });
  }, 30_000);

  it('accepts the right password', async () => {
    const result = await trusting().check({ email: dovecot.user.email, password: dovecot.user.password, imap: tls() });
    expect(result).toEqual({ ok: true });
  });

  it('answers INVALID_CREDENTIALS for a wrong password', async () => {
    const result = await trusting().check({ email: dovecot.user.email, password: 'not-the-password', imap: tls() });
    expect(result).toEqual({ ok: false, error: 'INVALID_CREDENTIALS' });
  });

  it('answers INVALID_CREDENTIALS for an unknown user', async () => {
    const result = await trusting().check({ email: 'nobody-here@example.com', password: dovecot.user.password, imap: tls() });
    expect(result).toEqual({ ok: false, error: 'INVALID_CREDENTIALS' });
  });

  it('refuses a server whose certificate is not trusted (verification is on by default)', async () => {
    const checker = createImapCredentialChecker({ guard, timeoutMs: 5000 });
    const result = await checker.check({ email: dovecot.user.email, password: dovecot.user.password, imap: tls() });
    expect(result).toEqual({ ok: false, error: 'INVALID_IMAP' });
  });

  it('answers INVALID_IMAP when nothing listens on the port', async () => {
    const result = await trusting().check({
      email: dovecot.user.email,
      password: dovecot.user.password,
      imap: { host: '127.0.0.1', port: await freePort(), security: 'tls' },
    });
    expect(result).toEqual({ ok: false, error: 'INVALID_IMAP' });
  });

  it('answers INVALID_IMAP for a host that does not resolve', async () => {
    // .invalid is reserved (RFC 2606): it never resolves, online or offline.
    const result = await trusting().check({
      email: dovecot.user.email,
      password: dovecot.user.password,
      imap: { host: 'imap.portal-test.invalid', port: 993, security: 'tls' },
    });
    expect(result).toEqual({ ok: false, error: 'INVALID_IMAP' });
  });

  it('refuses loopback without the allow-list, before connecting', async () => {
    const strict = createImapCredentialChecker({
      guard: createOutboundGuard({ allowList: [], ports: [993], dnsServers: null }),
      tls: { ca: dovecot.certificate },
    });
    const result = await strict.check({ email: dovecot.user.email, password: dovecot.user.password, imap: tls() });
    expect(result).toEqual({ ok: false, error: 'INVALID_IMAP' });
  });
});
