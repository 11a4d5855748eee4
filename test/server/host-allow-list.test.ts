/**
 * In development the service answers only a Host that names this machine (docs/security.md, "A
 * development service only answers its own names"): a page whose name was made to resolve to
 * 127.0.0.1 (DNS rebinding) sends its own name as Host and reads nothing, the /dev pages included.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ env: { DEV_ALLOWED_HOSTS: 'devbox.lan' } });
});

afterAll(async () => {
  await harness.stop();
  await harness.remove();
});

/** GET `path` from the service on loopback with the Host header a browser on `host` would send. */
function get(path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(harness.base);
  return new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path, headers: { Host: host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the development host allow-list', () => {
  it.each(['rebind.attacker.example', 'localhost.attacker.example', 'evil.example:80'])(
    'refuses %s, on the /dev pages and the API alike',
    async (host) => {
      for (const path of ['/dev/support-requests', '/api/v2/status/?job_id=x', '/']) {
        const answer = await get(path, host);
        expect(answer.status, path).toBe(403);
        expect(JSON.parse(answer.body)).toMatchObject({ error: 'HOST_NOT_ALLOWED' });
      }
    },
  );

  it.each(['localhost', 'localhost:8080', 'portal.localhost', '127.0.0.1', '[::1]:3000', '192.168.1.20', 'devbox.lan', 'devbox.lan:5173'])(
    'answers %s (the control: the same pages are there)',
    async (host) => {
      const answer = await get('/dev/support-requests', host);
      expect(answer.status, answer.body).toBe(200);
    },
  );
});
