/**
 * The outbound guard with the real resolver against a loopback DNS server: every address kind that
 * is not public unicast is refused, as a literal and behind a name, and the allow-list and the port
 * rule do what the configuration says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundGuard, type OutboundPolicy } from '../../../server/checks/outbound-guard.ts';
import { startDnsServer, type DnsServer, type Zone } from './dns-server.ts';

const NOT_PUBLIC = [
  '127.0.0.1', // loopback
  '10.0.0.1', // private
  '172.16.5.4',
  '192.168.1.1',
  '169.254.169.254', // link-local: cloud metadata
  '100.100.100.200', // CGNAT (another cloud's metadata)
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '192.0.2.10', // documentation
  '::1',
  'fe80::1',
  'fd00:ec2::254', // unique-local: AWS metadata over IPv6
  '::ffff:127.0.0.1', // IPv4-mapped
  '::ffff:10.0.0.1',
  '64:ff9b::a00:1', // NAT64 of 10.0.0.1
  '2002:7f00:1::1', // 6to4 of 127.0.0.1
  '2001:db8::1',
];
const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c';

const isV6 = (address: string) => address.includes(':');
const zone: Zone = {
  'imap.public.test': { a: [PUBLIC_V4], aaaa: [PUBLIC_V6] },
  'imap.mixed.test': { a: [PUBLIC_V4, '10.0.0.1'] },
  'imap.lab.test': { a: ['10.20.30.40'] },
  ...Object.fromEntries(
    NOT_PUBLIC.map((address, index) => [`n${index}.evil.test`, isV6(address) ? { aaaa: [address] } : { a: [address] }]),
  ),
};

let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer(zone);
});
afterAll(() => dns.close());

const guard = (policy: Partial<OutboundPolicy> = {}) =>
  createOutboundGuard({ allowList: [], ports: [993, 143], dnsServers: [dns.address], timeoutMs: 500, ...policy });

describe('createOutboundGuard', () => {
  it('accepts a public name and hands out the checked address with the name for TLS', async () => {
    expect(await guard().check('IMAP.Public.Test.', 993)).toEqual({
      ok: true,
      target: { address: PUBLIC_V4, servername: 'imap.public.test' },
    });
  });

  it.each(NOT_PUBLIC.map((address, index) => [address, `n${index}.evil.test`]))(
    'refuses %s as a literal and behind a name (%s)',
    async (address, name) => {
      expect(await guard().check(address, 993)).toEqual({ ok: false, reason: 'NOT_PUBLIC' });
      expect(await guard().check(isV6(address) ? `[${address}]` : address, 993)).toEqual({ ok: false, reason: 'NOT_PUBLIC' });
      expect(await guard().check(name, 993)).toEqual({ ok: false, reason: 'NOT_PUBLIC' });
    },
  );

  it('refuses a public literal too (IMAP hosts are names), and a name with one private address among public ones', async () => {
    expect(await guard().check(PUBLIC_V4, 993)).toEqual({ ok: false, reason: 'NOT_PUBLIC' });
    expect(await guard().check('imap.mixed.test', 993)).toEqual({ ok: false, reason: 'NOT_PUBLIC' });
  });

  it('reads integer and octal spellings as (implausible) names, never as addresses', async () => {
    expect(await guard().check('2130706433', 993)).toEqual({ ok: false, reason: 'NOT_A_HOST' });
    expect(await guard().check('0x7f.1', 993)).toEqual({ ok: false, reason: 'NOT_A_HOST' });
  });

  it('answers DOES_NOT_RESOLVE for an unknown name', async () => {
    expect(await guard().check('nowhere.public.test', 993)).toEqual({ ok: false, reason: 'DOES_NOT_RESOLVE' });
  });

  it('allows only the IMAP ports on a public address', async () => {
    expect(await guard().check('imap.public.test', 25)).toEqual({ ok: false, reason: 'PORT_NOT_ALLOWED' });
    expect((await guard().check('imap.public.test', 143)).ok).toBe(true);
  });

  it('lets the allow-list admit a literal, or a name inside a listed range, on any port', async () => {
    const lab = guard({ allowList: ['127.0.0.1', '10.0.0.0/8'] });
    expect(await lab.check('127.0.0.1', 31993)).toEqual({ ok: true, target: { address: '127.0.0.1', servername: null } });
    expect(await lab.check('imap.lab.test', 31993)).toEqual({ ok: true, target: { address: '10.20.30.40', servername: 'imap.lab.test' } });
    expect(await lab.check('169.254.169.254', 993)).toEqual({ ok: false, reason: 'NOT_PUBLIC' });
  });
});
