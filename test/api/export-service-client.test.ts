/**
 * The export-service client against a loopback server: no credentials, and each call's method,
 * path, body or query string (job_id, token_id, in_qa, domain) and validated answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createExportServiceClient, type ExportServiceClientOptions } from '../../src/api/export-service-client';
import { startLoopbackServer, type LoopbackServer } from './loopback-server';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const client = (options: ExportServiceClientOptions = {}) =>
  createExportServiceClient({ exportServiceUrl: server.url, inQa: true, ...options });
const sentJson = () => JSON.parse(server.lastRequest().body) as unknown;
const sentQuery = () => Object.fromEntries(server.lastRequest().query);

describe('credentials', () => {
  it('sends no cookies, no bearer and no XSRF header (credentials: omit)', async () => {
    const seen: Request[] = [];
    const recordingFetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request) seen.push(input);
      return fetch(input, init);
    };
    server.reply('POST', '/api/validate-imap/', { body: { ok: true } });
    await client({ fetch: recordingFetch }).validateImap({ imap: 'imap.example.com' });
    expect(seen.map((r) => r.credentials)).toEqual(['omit']);
    expect(server.lastRequest().headers).not.toHaveProperty('authorization');
    expect(server.lastRequest().headers).not.toHaveProperty('x-xsrf-token');
  });

  it('accepts a base URL with a trailing slash', async () => {
    server.reply('POST', '/api/validate-imap/', { body: { ok: false } });
    await client({ exportServiceUrl: `${server.url}/` }).validateImap({ imap: 'x' });
    expect(server.lastRequest().path).toBe('/api/validate-imap/');
  });
});

describe('calls', () => {
  it('validateImap: POST /api/validate-imap/ with {imap}', async () => {
    server.reply('POST', '/api/validate-imap/', { body: { ok: true } });
    expect(await client().validateImap({ imap: 'imap.example.com' })).toEqual({ ok: true });
    expect(server.lastRequest()).toMatchObject({ method: 'POST', path: '/api/validate-imap/' });
    expect(sentJson()).toEqual({ imap: 'imap.example.com' });
  });

  it('jobsByEmail: POST /api/jobs-by-email/ with {hash}, answering a map of id to start time', async () => {
    const jobs = { ['a'.repeat(32)]: '2026-11-20T10:00:00Z', ['b'.repeat(32)]: '2026-11-21T09:30:00Z' };
    server.reply('POST', '/api/jobs-by-email/', { body: jobs });
    const hash = '0123456789abcdef0123456789abcdef01234567';
    expect(await client().jobsByEmail({ hash })).toEqual(jobs);
    expect(sentJson()).toEqual({ hash });
  });

  it('jobsByEmail refuses a map whose values are not strings', async () => {
    server.reply('POST', '/api/jobs-by-email/', { body: { abc: 12 } });
    await expect(client().jobsByEmail({ hash: 'f'.repeat(40) })).rejects.toEqual({ kind: 'schema', status: 200 });
  });

  it('statusV2: GET /api/v2/status/?job_id=…', async () => {
    const status = { emailmigration: { status: 'completed', download_url: '/downloads/x.zip' }, error: null };
    server.reply('GET', '/api/v2/status/', { body: status });
    const answer = await client().statusV2({ job_id: 'Z'.repeat(32) });
    expect(server.lastRequest()).toMatchObject({ method: 'GET', path: '/api/v2/status/' });
    expect(sentQuery()).toEqual({ job_id: 'Z'.repeat(32) });
    expect(answer.emailmigration?.download_url).toBe('/downloads/x.zip');
  });

  it('domainValidation: GET /api/v2/domain-validation/?domain=…', async () => {
    server.reply('GET', '/api/v2/domain-validation/', { body: { ok: false } });
    expect(await client().domainValidation({ domain: 'exa mple.com' })).toEqual({ ok: false });
    expect(sentQuery()).toEqual({ domain: 'exa mple.com' });
  });

  it('comcastGetMigrationStatus: GET with token_id and in_qa from the configuration', async () => {
    const status = { mailbox: true, account: true, login: true, carddav: false, optOutState: 'NONE' };
    server.reply('GET', '/api/v2/comcast-get-migration-status/', { body: status });
    expect(await client({ inQa: true }).comcastGetMigrationStatus({ token_id: 'tok&en=1' })).toMatchObject(status);
    expect(sentQuery()).toEqual({ token_id: 'tok&en=1', in_qa: 'true' });
    await client({ inQa: false }).comcastGetMigrationStatus({ token_id: 'tok' });
    expect(sentQuery()).toEqual({ token_id: 'tok', in_qa: 'false' });
  });

  it('comcastGetMigrationStatus: an explicit in_qa wins over the configuration', async () => {
    server.reply('GET', '/api/v2/comcast-get-migration-status/', { body: {} });
    await client({ inQa: true }).comcastGetMigrationStatus({ token_id: 'tok', in_qa: 'false' });
    expect(sentQuery()).toEqual({ token_id: 'tok', in_qa: 'false' });
  });

  it('comcastUpdateOptOutState: POST with token_id, in_qa and body {optOutState}', async () => {
    server.reply('POST', '/api/v2/comcast-update-opt-out-state/', {
      body: { status: 'success', optOutState: 'OPTED_OUT_INITIAL' },
    });
    const answer = await client().comcastUpdateOptOutState({ token_id: 'tok' }, { optOutState: 'OPT_OUT' });
    expect(server.lastRequest()).toMatchObject({ method: 'POST', path: '/api/v2/comcast-update-opt-out-state/' });
    expect(sentQuery()).toEqual({ token_id: 'tok', in_qa: 'true' });
    expect(sentJson()).toEqual({ optOutState: 'OPT_OUT' });
    expect(answer.status).toBe('success');
  });

  it('comcastInfo: GET /api/v2/comcastinfo/?token_id=… and nothing else', async () => {
    server.reply('GET', '/api/v2/comcastinfo/', { body: { inactive: 'carddav' } });
    expect(await client().comcastInfo({ token_id: 'tok' })).toEqual({ inactive: 'carddav' });
    expect(sentQuery()).toEqual({ token_id: 'tok' });
  });

  it('validateToken: POST /api/validate-token/ with {token}', async () => {
    server.reply('POST', '/api/validate-token/', { body: { valid: true, email: 'a@northwave.example' } });
    expect(await client().validateToken({ token: 'tok' })).toEqual({ valid: true, email: 'a@northwave.example' });
    expect(sentJson()).toEqual({ token: 'tok' });
  });

  it('supportRequest: POST the four fields to the configured webhook URL', async () => {
    server.reply('POST', '/hooks/support', { body: { ok: true } });
    const form = {
      email_address: 'me@northwave.example',
      destination_email: 'me@gmail.example',
      migration_id: 'Q'.repeat(32),
      issue: 'My contacts did not arrive.',
    };
    const answer = await client({ supportWebhookUrl: `${server.url}/hooks/support` }).supportRequest(form);
    expect(answer).toEqual({ ok: true });
    expect(server.lastRequest()).toMatchObject({ method: 'POST', path: '/hooks/support' });
    expect(sentJson()).toEqual(form);
  });
});
