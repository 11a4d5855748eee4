/**
 * An HTTP proxy in front of an authorization server that passes everything through unchanged except
 * the ID token of token endpoint answers, which it rewrites and signs again as a test asks: with a
 * key the issuer does not publish, or with its real key over a wrong issuer, audience or expiry.
 * What an attacker on the path, or a broken provider, could hand the service.
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'oidc-provider';

export type Tamper = { key: JWK; change: (payload: Record<string, unknown>) => Record<string, unknown> } | null;

export type TamperProxy = {
  origin: string;
  /** Where to forward (set once the server behind it listens). */
  target(port: number): void;
  /** How the next ID tokens are rewritten; null passes them through untouched. */
  tamper(rule: Tamper): void;
  close(): Promise<void>;
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parse = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** The ID token with its payload changed, signed RS256 by `key` under the original key id. */
export function resign(idToken: string, key: KeyObject, change: (payload: Record<string, unknown>) => Record<string, unknown>): string {
  const [header = '', payload = ''] = idToken.split('.');
  const input = `${b64(parse(header))}.${b64(change(parse(payload)))}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

export async function startTamperProxy(): Promise<TamperProxy> {
  let port = 0;
  let rule: Tamper = null;
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const forward = request(
        { host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            let body = Buffer.concat(parts);
            const headers = { ...answer.headers };
            if (rule && incoming.method === 'POST' && (incoming.url ?? '').endsWith('/token') && answer.statusCode === 200) {
              const json = JSON.parse(body.toString('utf8')) as { id_token?: string };
              if (json.id_token)
                json.id_token = resign(json.id_token, createPrivateKey({ key: { ...rule.key }, format: 'jwk' }), rule.change);
              body = Buffer.from(JSON.stringify(json));
              headers['content-length'] = String(body.length);
            }
            outgoing.writeHead(answer.statusCode ?? 502, headers);
            outgoing.end(body);
          });
        },
      );
      forward.on('error', () => outgoing.writeHead(502).end());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    target: (value) => {
      port = value;
    },
    tamper: (value) => {
      rule = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
