/**
 * The security headers reach every answer, however the app is served: on a server given their
 * response class, on a plain Node server, and in-process. A route's own header of the same name wins.
 */
import http, { type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../server/http/security-headers.ts';

const security = securityHeaders({ hsts: true });
const app = new Hono();
app.use('*', security.middleware);
app.get('/json', (c) => c.json({ ok: true }));
app.get('/own-policy', (c) => {
  c.header('content-security-policy', "default-src 'none'");
  return c.text('mine');
});
app.get('/empty', (c) => c.body(null, 204));

const servers: (ServerType | http.Server)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function served(serverOptions: ServerOptions): Promise<string> {
  return new Promise((resolve) => {
    servers.push(
      serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', serverOptions }, (info) => resolve(`http://127.0.0.1:${info.port}`)),
    );
  });
}

const ways: [string, () => Promise<(path: string) => Promise<Response>>][] = [
  [
    'on a server given their response class',
    async () => {
      const base = await served({ ServerResponse: security.ServerResponse });
      return (path) => fetch(`${base}${path}`);
    },
  ],
  [
    'on a plain Node server',
    async () => {
      const base = await served({});
      return (path) => fetch(`${base}${path}`);
    },
  ],
  ['in-process (app.request)', async () => (path) => Promise.resolve(app.request(path))],
];

describe.each(ways)('security headers %s', (_way, start) => {
  it('are on a JSON answer and on an empty one', async () => {
    const get = await start();
    for (const path of ['/json', '/empty']) {
      const response = await get(path);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    expect(await (await get('/json')).json()).toEqual({ ok: true });
  });

  it("give way to the route's own header of the same name, sending it once", async () => {
    const response = await (await start())('/own-policy');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe('mine');
  });
});

describe('their response class under Node’s other ways of writing a head', () => {
  async function raw(handler: http.RequestListener): Promise<Response> {
    const server = http.createServer({ ServerResponse: security.ServerResponse }, handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  }

  it('adds them to a head written with a status message', async () => {
    const response = await raw((_req, res) => res.writeHead(200, 'Fine', { 'X-Frame-Options': 'SAMEORIGIN' }).end('x'));
    expect(response.statusText).toBe('Fine');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('adds them to a head Node writes by itself, keeping what the handler set', async () => {
    const response = await raw((_req, res) => {
      res.setHeader('Referrer-Policy', 'same-origin');
      res.end('x');
    });
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
