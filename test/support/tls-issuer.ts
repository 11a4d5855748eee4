/**
 * An OpenID Connect provider over https on loopback, as production wants its issuer: oidc-provider
 * behind a certificate for 127.0.0.1 made for the run with openssl (a failure to make one fails the
 * test). A service started with NODE_EXTRA_CA_CERTS=<caFile> trusts it, like a real issuer's CA.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Provider, { type ClientMetadata } from 'oidc-provider';

export type TlsIssuer = { issuer: string; caFile: string; close(): Promise<void> };

export async function startTlsIssuer(client: ClientMetadata): Promise<TlsIssuer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-tls-issuer-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the test certificate: ${made.error?.message ?? made.stderr}`);
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, { clients: [client] });
  server.on('request', provider.callback());
  return {
    issuer,
    caFile: cert,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
