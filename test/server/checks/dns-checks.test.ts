/**
 * The real DNS adapters, offline-safe: they are pointed at a tiny DNS server on loopback, so the
 * test needs no network yet exercises node:dns for real.
 */
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsDomainValidator } from '../../../server/checks/dns-domain-validator.ts';
import { createDnsImapResolver } from '../../../server/checks/dns-imap-resolver.ts';
import { createOutboundGuard } from '../../../server/checks/outbound-guard.ts';
import { startDnsServer, type DnsServer } from './dns-server.ts';

let dns: DnsServer;

beforeAll(async () => {
  dns = await startDnsServer({
    'mail-domain.test': { mx: ['mx1.mail-domain.test', 'mx2.mail-domain.test'] },
    'null-mx.test': { mx: [''] },
    'imap.public.test': { a: ['93.184.215.14'] },
    'imap.inside.test': { a: ['10.1.2.3'] },
  });
});

afterAll(() => dns.close());

describe('createDnsDomainValidator', () => {
  const validator = () => createDnsDomainValidator({ servers: [dns.address], timeoutMs: 1000 });

  it('accepts a domain with MX records', async () => {
    expect(await validator().acceptsMail('mail-domain.test')).toBe(true);
    expect(await validator().acceptsMail('MAIL-DOMAIN.TEST.')).toBe(true);
  });

  it('refuses a domain with a null MX (RFC 7505)', async () => {
    expect(await validator().acceptsMail('null-mx.test')).toBe(false);
  });

  it('refuses an unknown domain and a malformed one without crashing', async () => {
    expect(await validator().acceptsMail('no-such-domain.test')).toBe(false);
    expect(await validator().acceptsMail('not a domain')).toBe(false);
  });

  it('refuses when the DNS server does not answer in time', async () => {
    const silent = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    try {
      const slow = createDnsDomainValidator({ servers: [`127.0.0.1:${silent.address().port}`], timeoutMs: 200 });
      expect(await slow.acceptsMail('mail-domain.test')).toBe(false);
    } finally {
      silent.close();
    }
  });
});

describe('createDnsImapResolver', () => {
  const resolver = () =>
    createDnsImapResolver({ guard: createOutboundGuard({ allowList: [], ports: [993], dnsServers: [dns.address], timeoutMs: 500 }) });

  it('accepts a host that resolves to a public address', async () => {
    expect(await resolver().resolves('imap.public.test')).toBe(true);
  });

  it('refuses IP literals, a malformed name, an unknown name and a name inside a private network', async () => {
    for (const host of ['127.0.0.1', '::1', '93.184.215.14', 'not a host', '999.1.1.1', 'nowhere.public.test', 'imap.inside.test']) {
      expect(await resolver().resolves(host), host).toBe(false);
    }
  });
});
