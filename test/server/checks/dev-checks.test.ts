/** The offline development adapters of the mailbox checks. */
import { describe, expect, it } from 'vitest';
import { createDevCredentialChecker, DEV_MAILBOX_PASSWORD } from '../../../server/development/checks/credential-checker.ts';
import { createDevDomainValidator } from '../../../server/development/checks/domain-validator.ts';
import { createDevImapResolver } from '../../../server/development/checks/imap-resolver.ts';
import { isPlausibleHost } from '../../../server/checks/known-mail-hosts.ts';

describe('createDevCredentialChecker', () => {
  const checker = createDevCredentialChecker();

  it('accepts every scenario mailbox with the development password', async () => {
    for (const email of ['active@example.com', 'export-fails@example.com', 'Someone.Else@EXAMPLE.COM']) {
      expect(await checker.check({ email, password: DEV_MAILBOX_PASSWORD, imap: null })).toEqual({ ok: true });
    }
  });

  it('accepts mailboxes at the major providers', async () => {
    for (const email of ['demo@gmail.com', 'demo@outlook.com', 'demo@yahoo.com', 'demo@aol.com', 'demo@icloud.com']) {
      expect(await checker.check({ email, password: 'correct-password', imap: null })).toEqual({ ok: true });
    }
  });

  it('answers INVALID_CREDENTIALS for a wrong password, including near misses', async () => {
    for (const password of ['wrong', '', 'correct-password ', 'Correct-password']) {
      expect(await checker.check({ email: 'active@example.com', password, imap: null })).toEqual({
        ok: false,
        error: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('answers INVALID_IMAP for an unreachable host', async () => {
    for (const host of ['invalid.example.com', 'imap.example.invalid']) {
      const imap = { host, port: 993, security: 'tls' } as const;
      expect(await checker.check({ email: 'active@example.com', password: 'correct-password', imap })).toEqual({
        ok: false,
        error: 'INVALID_IMAP',
      });
    }
  });

  it('accepts any domain when a plausible IMAP host is given', async () => {
    expect(
      await checker.check({
        email: 'me@my-own-domain.org',
        password: 'correct-password',
        imap: { host: 'mail.my-own-domain.org', port: 143, security: 'starttls' },
      }),
    ).toEqual({ ok: true });
  });

  it('answers INVALID_IMAP for an unknown domain without an IMAP host (imap.<domain> is not known offline)', async () => {
    expect(await checker.check({ email: 'me@my-own-domain.org', password: 'correct-password', imap: null })).toEqual({
      ok: false,
      error: 'INVALID_IMAP',
    });
  });
});

describe('createDevImapResolver', () => {
  const resolver = createDevImapResolver();

  it('resolves example.com hosts and the major providers’ IMAP hosts', async () => {
    for (const host of [
      'imap.example.com',
      'mail.example.com',
      'imap.gmail.com',
      'outlook.office365.com',
      'imap.mail.yahoo.com',
      'imap.aol.com',
      'IMAP.GMAIL.COM.',
    ]) {
      expect(await resolver.resolves(host), host).toBe(true);
    }
  });

  it('does not resolve invalid.example.com, *.invalid, unknown or malformed hosts', async () => {
    for (const host of [
      'invalid.example.com',
      'imap.example.invalid',
      'invalid',
      'imap.unknown-domain.org',
      'no spaces.com',
      '',
      'a'.repeat(300) + '.com',
    ]) {
      expect(await resolver.resolves(host), host).toBe(false);
    }
  });
});

describe('createDevDomainValidator', () => {
  const validator = createDevDomainValidator();

  it('accepts mail for example.com and the major providers', async () => {
    for (const domain of ['example.com', 'gmail.com', 'outlook.com', 'hotmail.com', 'yahoo.com', 'aol.com', 'icloud.com', 'Gmail.Com']) {
      expect(await validator.acceptsMail(domain), domain).toBe(true);
    }
  });

  it('does not accept mail for other domains', async () => {
    for (const domain of ['example.org', 'unknown-domain.net', 'gmail.co', '', 'constructor', '__proto__']) {
      expect(await validator.acceptsMail(domain), domain).toBe(false);
    }
  });
});

describe('isPlausibleHost', () => {
  it('accepts DNS host names and refuses everything else', () => {
    expect(isPlausibleHost('imap.example.com')).toBe(true);
    expect(isPlausibleHost('a-b.c0.example')).toBe(true);
    expect(isPlausibleHost('example')).toBe(false);
    expect(isPlausibleHost('exa mple.com')).toBe(false);
    expect(isPlausibleHost('example.123')).toBe(false);
    expect(isPlausibleHost('x'.repeat(64) + '.com')).toBe(false);
  });
});
