/**
 * The session client against a loopback server: bearer and XSRF headers, cookies included,
 * and each call's method, path, body or query and validated answer.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, findCookie, readStoredAuthToken, readXsrfCookie, storeAuthToken } from '../../src/api/browser-sources';
import type { LoadRequest } from '../../contract/index.ts';
import { createSessionClient, type SessionClientOptions } from '../../src/api/session-client';
import { startLoopbackServer, type LoopbackServer } from './loopback-server';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
  server.reply('POST', '/api/capabilities/', {
    body: { allowed_operations: ['emailmigration', 'contactsmigration'], auth: 'oauth', provider: 'gmail' },
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const client = (options: SessionClientOptions = {}) =>
  createSessionClient({ baseUrl: server.url, readAuthToken: () => undefined, readXsrfCookie: () => undefined, ...options });

describe('bearer token', () => {
  it('is sent as Authorization: Bearer when a token is stored', async () => {
    await client({ readAuthToken: () => 'tok-123' }).capabilities({ email: 'a@b.example' });
    expect(server.lastRequest().headers.authorization).toBe('Bearer tok-123');
  });

  it('is absent when nothing is stored', async () => {
    await client().capabilities({ email: 'a@b.example' });
    expect(server.lastRequest().headers).not.toHaveProperty('authorization');
  });

  it('is read at each request, so a token stored after start-up is sent', async () => {
    const storage: { token?: string } = {};
    const c = client({ readAuthToken: () => storage.token });
    await c.capabilities({ email: 'a@b.example' });
    storage.token = 'later';
    await c.capabilities({ email: 'a@b.example' });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, 'Bearer later']);
  });
});

describe('XSRF convention', () => {
  it('sends X-XSRF-TOKEN equal to the XSRF-TOKEN cookie', async () => {
    await client({ readXsrfCookie: () => 'xsrf-value-9f' }).capabilities({ email: 'a@b.example' });
    expect(server.lastRequest().headers['x-xsrf-token']).toBe('xsrf-value-9f');
  });

  it('sends no X-XSRF-TOKEN when there is no cookie', async () => {
    await client().capabilities({ email: 'a@b.example' });
    expect(server.lastRequest().headers).not.toHaveProperty('x-xsrf-token');
  });

  it('reads the cookie out of document.cookie, URL-decoded', () => {
    vi.stubGlobal('document', { cookie: 'theme=light; XSRF-TOKEN=ab%2Fcd%3D%3D; other=1' });
    try {
      expect(readXsrfCookie()).toBe('ab/cd==');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('finds cookies by exact name only', () => {
    expect(findCookie('NOT-XSRF-TOKEN=x; XSRF-TOKEN=y', 'XSRF-TOKEN')).toBe('y');
    expect(findCookie('XSRF-TOKEN-OLD=x', 'XSRF-TOKEN')).toBeUndefined();
    expect(findCookie('', 'XSRF-TOKEN')).toBeUndefined();
    expect(findCookie('XSRF-TOKEN=%E0%A4%A', 'XSRF-TOKEN')).toBe('%E0%A4%A');
  });
});

describe('browser sources outside a browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('give undefined where sessionStorage and document do not exist', () => {
    expect(typeof sessionStorage).toBe('undefined');
    expect(readStoredAuthToken()).toBeUndefined();
    expect(readXsrfCookie()).toBeUndefined();
  });

  it(`read the token from sessionStorage key "${AUTH_TOKEN_STORAGE_KEY}"`, () => {
    const store = new Map([[AUTH_TOKEN_STORAGE_KEY, 'from-storage']]);
    vi.stubGlobal('sessionStorage', { getItem: (key: string) => store.get(key) ?? null });
    expect(readStoredAuthToken()).toBe('from-storage');
  });

  it('storeAuthToken writes the token the client then reads, and removes it on undefined', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
    expect(storeAuthToken('signed-in')).toBe(true);
    expect(readStoredAuthToken()).toBe('signed-in');
    expect(storeAuthToken(undefined)).toBe(true);
    expect(store.has(AUTH_TOKEN_STORAGE_KEY)).toBe(false);
  });

  it('storeAuthToken reports false without storage instead of throwing', () => {
    expect(storeAuthToken('x')).toBe(false);
  });

  it('give undefined when storage access throws', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(readStoredAuthToken()).toBeUndefined();
  });
});

describe('requests', () => {
  it('include cookies (credentials: include) and ask for JSON', async () => {
    const seen: Request[] = [];
    const recordingFetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request) seen.push(input);
      return fetch(input, init);
    };
    await client({ fetch: recordingFetch }).capabilities({ email: 'a@b.example' });
    expect(seen.map((r) => r.credentials)).toEqual(['include']);
    expect(server.lastRequest().headers.accept).toBe('application/json');
  });

  it('capabilities: POST /api/capabilities/ with {email}', async () => {
    const answer = await client().capabilities({ email: 'a@b.example' });
    expect(server.lastRequest()).toMatchObject({ method: 'POST', path: '/api/capabilities/' });
    expect(JSON.parse(server.lastRequest().body)).toEqual({ email: 'a@b.example' });
    expect(server.lastRequest().headers['content-type']).toMatch(/^application\/json/);
    expect(answer.allowed_operations).toEqual(['emailmigration', 'contactsmigration']);
  });

  it('validate: POST /api/validate/ with {email, password, imap, provider}', async () => {
    server.reply('POST', '/api/validate/', { body: { ok: false, error: 'INVALID_IMAP' } });
    const body = { email: 'me@other.example', password: 'pw', imap: 'imap.other.example', provider: 'other' };
    const answer = await client().validate(body);
    expect(server.lastRequest()).toMatchObject({ method: 'POST', path: '/api/validate/' });
    expect(JSON.parse(server.lastRequest().body)).toEqual(body);
    expect(answer).toEqual({ ok: false, error: 'INVALID_IMAP' });
  });

  it('load: POST /api/load/ with the five fields of §3, answering the jobid', async () => {
    const jobid = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6';
    server.reply('POST', '/api/load/', { body: { jobid } });
    const body: LoadRequest = {
      source_account: { email: 'a@northwave.example', provider: 'northwave', tokenId: 'src-token' },
      destination_account: { provider: 'file' },
      operations: ['emailmigration', 'contactsmigration'],
      parameters: { notificationEmail: 'me@elsewhere.example' },
      file_export_parameters: { emailFormat: 'MBOX', contactsFormat: 'VCF' },
    };
    expect(await client().load(body)).toEqual({ jobid });
    expect(server.lastRequest()).toMatchObject({ method: 'POST', path: '/api/load/' });
    expect(JSON.parse(server.lastRequest().body)).toEqual(body);
  });

  it('status (v1): GET /api/status/?job_id=…', async () => {
    server.reply('GET', '/api/status/', { body: { emailmigration: { status: 'started' }, contactsmigration: null } });
    const answer = await client().status({ job_id: 'J'.repeat(32) });
    expect(server.lastRequest()).toMatchObject({ method: 'GET', path: '/api/status/', body: '' });
    expect(server.lastRequest().query.get('job_id')).toBe('J'.repeat(32));
    expect(answer.emailmigration?.status).toBe('started');
  });
});
