/**
 * The real DNS adapters, offline-safe: they are pointed at a tiny DNS server on loopback that answers
 * MX queries, so the test needs no network yet exercises node:dns for real.
 */
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsDomainValidator } from '../../../server/checks/dns-domain-validator.ts';
import { createDnsImapResolver } from '../../../server/checks/dns-imap-resolver.ts';

/** Domain → MX exchanges the fake server answers; any other name gets NXDOMAIN. */
const MX: Record<string, string[]> = {
  'mail-domain.test': ['mx1.mail-domain.test', 'mx2.mail-domain.test'],
  'null-mx.test': [''],
};

function encodeName(name: string): Buffer {
  const parts = name ? name.split('.').map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])) : [];
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function readQuestion(query: Buffer): { name: string; end: number; type: number } {
  const labels: string[] = [];
  let offset = 12;
  while (query[offset] !== 0) {
    const length = query[offset] ?? 0;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString());
    offset += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: offset + 5, type: query.readUInt16BE(offset + 1) };
}

function answer(query: Buffer): Buffer {
  const { name, end, type } = readQuestion(query);
  const exchanges = MX[name];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  const records = type === 15 && exchanges ? exchanges : [];
  header.writeUInt16BE(0x8180 | (exchanges ? 0 : 3), 2); // response, recursion available, NXDOMAIN when unknown
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((exchange, index) => {
    const rdata = Buffer.concat([Buffer.from([0, index === 0 && exchange === '' ? 0 : 10 * (index + 1)]), encodeName(exchange)]);
    const fixed = Buffer.alloc(10);
    fixed.writeUInt16BE(15, 0);
    fixed.writeUInt16BE(1, 2);
    fixed.writeUInt32BE(60, 4);
    fixed.writeUInt16BE(rdata.length, 8);
    return Buffer.concat([Buffer.from([0xc0, 12]), fixed, rdata]);
  });
  return Buffer.concat([header, query.subarray(12, end), ...answers]);
}

let server: dgram.Socket;
let port: number;

beforeAll(async () => {
  server = dgram.createSocket('udp4');
  server.on('message', (message, remote) => server.send(answer(message), remote.port, remote.address));
  await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
  port = server.address().port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createDnsDomainValidator', () => {
  const validator = () => createDnsDomainValidator({ servers: [`127.0.0.1:${port}`], timeoutMs: 1000 });

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
  it('passes IP literals and refuses a malformed name before any lookup', async () => {
    expect(await createDnsImapResolver().resolves('127.0.0.1')).toBe(true);
    expect(await createDnsImapResolver().resolves('::1')).toBe(true);
    expect(await createDnsImapResolver().resolves('not a host')).toBe(false);
    expect(await createDnsImapResolver().resolves('999.1.1.1')).toBe(false);
  });

  it('does not resolve a reserved .invalid name', async () => {
    expect(await createDnsImapResolver({ timeoutMs: 3000 }).resolves('imap.portal-test.invalid')).toBe(false);
  });
});
