/**
 * The real IMAP adapter against a real Dovecot on loopback: the login outcome decides the answer,
 * and TLS certificates are verified unless the caller trusts the test's own certificate. Loopback is
 * reachable only because the outbound guard's allow-list names it, as a deployment's configuration would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('createImapCredentialChecker against Dovecot', () => {
  const trusting = () => createImapCredentialChecker({ guard, port: dovecot.port, tls: { ca: dovecot.certificate }, timeoutMs: 5000 });

  it('accepts the right password', async () => {
    const result = await trusting().check({ email: dovecot.user.email, password: dovecot.user.password, imap: '127.0.0.1' });
    expect(result).toEqual({ ok: true });
  });

  it('answers INVALID_CREDENTIALS for a wrong password', async () => {
    const result = await trusting().check({ email: dovecot.user.email, password: 'not-the-password', imap: '127.0.0.1' });
    expect(result).toEqual({ ok: false, error: 'INVALID_CREDENTIALS' });
  });

  it('answers INVALID_CREDENTIALS for an unknown user', async () => {
    const result = await trusting().check({ email: 'nobody-here@example.com', password: dovecot.user.password, imap: '127.0.0.1' });
    expect(result).toEqual({ ok: false, error: 'INVALID_CREDENTIALS' });
  });

  it('refuses a server whose certificate is not trusted (verification is on by default)', async () => {
    const checker = createImapCredentialChecker({ guard, port: dovecot.port, timeoutMs: 5000 });
    const result = await checker.check({ email: dovecot.user.email, password: dovecot.user.password, imap: '127.0.0.1' });
    expect(result).toEqual({ ok: false, error: 'INVALID_IMAP' });
  });

  it('answers INVALID_IMAP when nothing listens on the port', async () => {
    const checker = createImapCredentialChecker({ guard, port: await freePort(), tls: { ca: dovecot.certificate }, timeoutMs: 5000 });
    const result = await checker.check({ email: dovecot.user.email, password: dovecot.user.password, imap: '127.0.0.1' });
    expect(result).toEqual({ ok: false, error: 'INVALID_IMAP' });
  });

  it('answers INVALID_IMAP for a host that does not resolve', async () => {
    // .invalid is reserved (RFC 2606): it never resolves, online or offline.
    const result = await trusting().check({ email: dovecot.user.email, password: dovecot.user.password, imap: 'imap.portal-test.invalid' });
    expect(result).toEqual({ ok: false, error: 'INVALID_IMAP' });
  });

  it('refuses loopback without the allow-list, before connecting', async () => {
    const strict = createImapCredentialChecker({ guard: createOutboundGuard({ allowList: [], ports: [993], dnsServers: null }), port: dovecot.port, tls: { ca: dovecot.certificate } });
    const result = await strict.check({ email: dovecot.user.email, password: dovecot.user.password, imap: '127.0.0.1' });
    expect(result).toEqual({ ok: false, error: 'INVALID_IMAP' });
  });

  it('answers INVALID_IMAP for an implausible host without connecting', async () => {
    const result = await trusting().check({ email: dovecot.user.email, password: dovecot.user.password, imap: 'not a host/..' });
    expect(result).toEqual({ ok: false, error: 'INVALID_IMAP' });
  });
});
