/**
 * `POST /api/validate/` with the real IMAP checker cannot be aimed at the service's own network:
 * loopback, private and metadata addresses, and a name that resolves to loopback, are refused
 * without a connection. A listener on loopback (where the checker would connect) counts attempts,
 * and the same request with loopback allow-listed does reach it, so the test can fail.
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createImapCredentialChecker } from '../../server/checks/imap-credential-checker.ts';
import { createOutboundGuard } from '../../server/checks/outbound-guard.ts';
import { startDnsServer, type DnsServer } from './checks/dns-server.ts';
import { signIn, startHarness, type Harness } from './helpers/harness.ts';

let dns: DnsServer;
let listener: net.Server;
let port: number;
let connections = 0;
let harness: Harness | undefined;

beforeAll(async () => {
  dns = await startDnsServer({ 'loopback.portal-test.example': { a: ['127.0.0.1'] } });
  listener = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as net.AddressInfo).port;
});

afterEach(async () => {
  await harness?.stop();
  harness?.remove();
  harness = undefined;
});

afterAll(async () => {
  await dns.close();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

async function validateWith(allowList: string[], imap: string) {
  const guard = createOutboundGuard({ allowList, ports: [port], dnsServers: [dns.address], timeoutMs: 500 });
  harness = await startHarness({ credentialChecker: createImapCredentialChecker({ guard, timeoutMs: 10_000 }) });
  const session = await signIn(harness);
  const started = performance.now();
  // On the port that counts connections: a checked address would reach it.
  const response = await session.post('/api/validate/', {
    email: 'someone@example.com',
    password: 'secret',
    imap: `${imap}:${port}`,
    provider: 'other',
  });
  return { status: response.status, body: await response.json(), ms: performance.now() - started };
}

describe('validate with real adapters: no relay into private networks', () => {
  it.each(['127.0.0.1', '10.0.0.1', '169.254.169.254', 'loopback.portal-test.example'])(
    'refuses %s as INVALID_IMAP without connecting',
    async (imap) => {
      const before = connections;
      const { status, body, ms } = await validateWith([], imap);
      expect(status).toBe(200);
      expect(body).toEqual({ ok: false, error: 'INVALID_IMAP' });
      expect(connections).toBe(before);
      // 10.0.0.1 and the metadata address would hang until the 10 s timeout if a connection were tried.
      expect(ms).toBeLessThan(5000);
    },
    // Starting the service (on Postgres too) can take seconds on a busy machine; only the request is timed.
    30_000,
  );

  it('asked DNS for the name, and refused what it answered', () => {
    expect(dns.questions).toContain('loopback.portal-test.example');
  });

  it('connects when the allow-list names loopback (the control: the listener sees the attempt)', async () => {
    const before = connections;
    const { body } = await validateWith(['127.0.0.1'], 'loopback.portal-test.example');
    expect(body).toEqual({ ok: false, error: 'INVALID_IMAP' });
    expect(connections).toBe(before + 1);
  }, 30_000);
});
