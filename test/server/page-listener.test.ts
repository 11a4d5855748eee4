/**
 * The pages' own listener in front of the framework (server/http/page-listener.ts, decision 0036): a
 * kept page's exact route is answered without the framework, with the security headers, the cookie
 * and the observers' call the framework's answer has; everything else reaches the framework.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hostAllowList, hostAllows } from '../../server/http/host-allow-list.ts';
import type { AnsweredRequest } from '../../server/http/observe-requests.ts';
import { pagesFirst } from '../../server/http/page-listener.ts';
import { pages } from '../../server/http/pages.ts';
import { securityHeaders } from '../../server/http/security-headers.ts';
import { serveDist } from '../../server/http/static.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'page-listener-'));
const page = (name: string) => `<!doctype html><title>${name}</title><div id="root"><h1>${name}</h1></div>`;
let server: http.Server;
let base = '';
const framework: string[] = [];
const observed: AnsweredRequest[] = [];

beforeAll(async () => {
  mkdirSync(path.join(dir, 'pages'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), page('bare index'));
  for (const name of ['index', 'status', 'healthz']) writeFileSync(path.join(dir, 'pages', `${name}.html`), page(`${name} page`));
  mkdirSync(path.join(dir, 'pages', 'es'));
  writeFileSync(path.join(dir, 'pages', 'es', 'status.html'), page('página de estado'));
  const security = securityHeaders({ hsts: true });
  const portalPages = pages(dir, { secureCookies: true, security });
  const allowsHost = hostAllows([]);
  const app = new Hono();
  app.use('*', security.middleware);
  app.use('*', hostAllowList(allowsHost));
  app.get('/healthz', (c) => c.text('the app’s own route'));
  app.get('*', serveDist(dir, portalPages));
  const toFramework = getRequestListener(app.fetch);
  const listener = pagesFirst(
    { pages: portalPages, app, observers: [(request) => observed.push(request)], allowsHost },
    (request: IncomingMessage, response) => {
      framework.push(`${request.method} ${request.url}`);
      return toFramework(request, response);
    },
  );
  server = http.createServer({ ServerResponse: security.ServerResponse }, listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Each page is kept on its first answer, which the framework gives (`/Healthz` is not the app's
  // case-sensitive route: its page, served by the catch-all, is kept too).
  for (const route of ['/', '/status', '/Healthz']) await (await fetch(`${base}${route}`)).text();
});

beforeEach(() => {
  framework.length = 0;
  observed.length = 0;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the pages’ own listener', () => {
  it('answers a kept page’s exact route itself, with every header the framework’s answer has', async () => {
    const own = await fetch(`${base}/status?migration_id=abc`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(framework).toEqual([]);
    const viaFramework = await fetch(`${base}/Status/`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(framework).toEqual(['GET /Status/']);
    const comparable = (response: Response) =>
      Object.fromEntries([...response.headers].filter(([name]) => name !== 'date' && name !== 'set-cookie'));
    expect(comparable(own)).toEqual(comparable(viaFramework));
    expect(comparable(own)).toMatchObject({
      'content-encoding': 'br',
      'cache-control': 'no-cache',
      'strict-transport-security': 'max-age=31536000',
      'cross-origin-opener-policy': 'same-origin',
      'x-frame-options': 'DENY',
    });
    expect(own.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; Secure; SameSite=Strict$/);
    expect(await own.text()).toBe(page('status page'));
    expect(observed).toEqual([{ method: 'GET', path: '/status', status: 200, route: '/*' }]);
  });

  it("answers a kept page in the browser's language itself, once the framework has kept it", async () => {
    const spanish = { 'Accept-Language': 'es-US,es;q=0.9' };
    expect(await (await fetch(`${base}/status`, { headers: spanish })).text()).toBe(page('página de estado'));
    expect(framework).toEqual(['GET /status']);
    expect(await (await fetch(`${base}/status?migration_id=abc`, { headers: spanish })).text()).toBe(page('página de estado'));
    expect(framework).toEqual(['GET /status']);
    // The English page for an English browser, from the same listener.
    expect(await (await fetch(`${base}/status`, { headers: { 'Accept-Language': 'en' } })).text()).toBe(page('status page'));
    expect(framework).toEqual(['GET /status']);
    // The language the visit chose, by its cookie, before the browser's.
    const chosen = { 'Accept-Language': 'en', Cookie: 'portal_language=es' };
    expect(await (await fetch(`${base}/status`, { headers: chosen })).text()).toBe(page('página de estado'));
    expect(framework).toEqual(['GET /status']);
  });

  it('sets no cookie for a browser that has a well-formed one', async () => {
    const response = await fetch(`${base}/`, { headers: { Cookie: `other=1; XSRF-TOKEN=${'a'.repeat(43)}` } });
    expect(framework).toEqual([]);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('leaves to the framework what is not a kept page’s exact route, or not a GET', async () => {
    for (const route of ['/index.html', '/no-such-page', '/pages/status.html', '/%73tatus']) await (await fetch(`${base}${route}`)).text();
    await fetch(`${base}/`, { method: 'HEAD' });
    await fetch(`${base}/`, { method: 'POST' });
    expect(framework).toEqual(['GET /index.html', 'GET /no-such-page', 'GET /pages/status.html', 'GET /%73tatus', 'HEAD /', 'POST /']);
    expect(observed).toEqual([]);
  });

  it('leaves a page route the app has a route of its own for to the app', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(await response.text()).toBe('the app’s own route');
    expect(framework).toEqual(['GET /healthz']);
  });

  it('leaves a Host the allow-list refuses to the framework, which refuses it', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(`${base}/`, { headers: { Host: 'rebound.example' } }, (response) => {
          response.resume();
          resolve(response.statusCode);
        })
        .on('error', reject);
    });
    expect(status).toBe(403);
    expect(framework).toEqual(['GET /']);
  });

  it('leaves a page it failed to answer to the framework, instead of ending the process', async () => {
    const failing = http.createServer(
      pagesFirst(
        {
          pages: {
            answerOnNode: () => {
              throw new Error('the build could not be read');
            },
          },
          app: new Hono(),
          observers: [],
          allowsHost: null,
        },
        (_request, response) => response.writeHead(500).end('the framework'),
      ),
    );
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(failing.address() as AddressInfo).port}/`);
      expect(await response.text()).toBe('the framework');
    } finally {
      failing.closeAllConnections();
      await new Promise((resolve) => failing.close(resolve));
    }
  });
});
