/**
 * A self-signed certificate for 127.0.0.1, made by openssl in a harness's temp folder: what the
 * throwaway IMAP servers present on their implicit-TLS ports, and what a test trusts as its CA.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export function selfSignedCertificate(dir: string): { certPath: string; keyPath: string } {
  const certPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { certPath, keyPath };
}
