/**
 * The rules every call shares (one helper, src/api/call.ts), exercised through real client
 * functions against a loopback server: the 2xx rule, error codes, bad bodies, no server at all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isApiFailure } from '../../src/api/failure';
import { createExportServiceClient } from '../../src/api/export-service-client';
import { createSessionClient } from '../../src/api/session-client';
import { failureOf } from './failure-of';
import { refusedUrl, startLoopbackServer, type LoopbackServer } from './loopback-server';

const capabilities = { allowed_operations: ['emailmigration'], auth: 'oauth', provider: 'gmail' };

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const session = () => createSessionClient({ baseUrl: server.url });
const exportService = () => createExportServiceClient({ exportServiceUrl: server.url });

describe('the 2xx rule', () => {
  it.each([200, 201, 202, 299])('status %i is a success when the body matches', async (status) => {
    server.reply('POST', '/api/capabilities/', { status, body: capabilities });
    await expect(session().capabilities({ email: 'a@b.example' })).resolves.toEqual(capabilities);
  });

  it.each([
    [302, 'MOVED'],
    [400, 'INVALID_REQUEST'],
    [404, 'NOT_FOUND'],
    [500, 'INTERNAL_ERROR'],
    [503, 'VENDOR_UNAVAILABLE'],
  ])('status %i is a status failure carrying the body error code %s and its sentence', async (status, code) => {
    // No Location header: fetch hands a redirect without one back as the 3xx itself.
    server.reply('GET', '/api/v2/status/', { status, body: { error: code, message: 'words for people' } });
    const failure = await failureOf(exportService().statusV2({ job_id: 'x'.repeat(32) }));
    expect(failure).toEqual({ kind: 'status', status, code, message: 'words for people' });
    expect(isApiFailure(failure)).toBe(true);
  });

  it('a non-2xx answer with an expected-looking body is still a failure', async () => {
    server.reply('POST', '/api/capabilities/', { status: 500, body: capabilities });
    expect(await failureOf(session().capabilities({ email: 'a@b.example' }))).toEqual({ kind: 'status', status: 500 });
  });

  it('a 500 whose body is not JSON gives a status failure without a code', async () => {
    server.reply('POST', '/api/validate-imap/', { status: 500, body: '<html>Internal Server Error</html>' });
    expect(await failureOf(exportService().validateImap({ imap: 'imap.example.com' }))).toEqual({
      kind: 'status',
      status: 500,
    });
  });
});

describe('bodies that do not match', () => {
  it('malformed JSON in a 200 gives a schema failure', async () => {
    server.reply('POST', '/api/capabilities/', { status: 200, body: '{"allowed_operations": [' });
    expect(await failureOf(session().capabilities({ email: 'a@b.example' }))).toEqual({ kind: 'schema', status: 200 });
  });

  it('an empty 200 gives a schema failure, not undefined', async () => {
    server.reply('POST', '/api/validate-imap/', { status: 200, body: '' });
    expect(await failureOf(exportService().validateImap({ imap: 'imap.example.com' }))).toEqual({
      kind: 'schema',
      status: 200,
    });
  });

  it.each([
    ['a missing field', { allowed_operations: ['emailmigration'], auth: 'oauth' }],
    ['a wrong type', { allowed_operations: 'emailmigration', auth: 'oauth', provider: 'gmail' }],
    ['an unknown operation', { allowed_operations: ['teleport'], auth: 'oauth', provider: 'gmail' }],
    ['null', null],
  ])('%s gives a schema failure', async (_label, body) => {
    server.reply('POST', '/api/capabilities/', { status: 200, body });
    expect(await failureOf(session().capabilities({ email: 'a@b.example' }))).toEqual({ kind: 'schema', status: 200 });
  });

  it('a load answer whose jobid is not a 32-character export ID is refused', async () => {
    server.reply('POST', '/api/load/', { status: 200, body: { jobid: 'short' } });
    const failure = await failureOf(
      session().load({
        source_account: { email: 'a@b.example', provider: 'northwave', tokenId: 't' },
        destination_account: { provider: 'file' },
        operations: ['emailmigration'],
        parameters: { notificationEmail: 'a@b.example' },
      }),
    );
    expect(failure).toEqual({ kind: 'schema', status: 200 });
  });
});

describe('no answer', () => {
  it('a refused connection gives a network failure (session client)', async () => {
    const client = createSessionClient({ baseUrl: await refusedUrl() });
    const failure = await failureOf(client.capabilities({ email: 'a@b.example' }));
    expect(failure).toEqual({ kind: 'network' });
    expect(isApiFailure(failure)).toBe(true);
  });

  it('a refused connection gives a network failure (export-service client)', async () => {
    const client = createExportServiceClient({ exportServiceUrl: await refusedUrl() });
    expect(await failureOf(client.comcastInfo({ token_id: 'tok' }))).toEqual({ kind: 'network' });
  });

  it('an aborted call gives a network failure', async () => {
    server.reply('POST', '/api/capabilities/', { status: 200, body: capabilities });
    const controller = new AbortController();
    controller.abort();
    const failure = await failureOf(session().capabilities({ email: 'a@b.example' }, { signal: controller.signal }));
    expect(failure).toEqual({ kind: 'network' });
  });

  it('a relative URL outside a browser fails as network instead of throwing synchronously', async () => {
    const call = createSessionClient().capabilities({ email: 'a@b.example' });
    expect(await failureOf(call)).toEqual({ kind: 'network' });
  });

  it('rejections are plain objects, not Error instances', async () => {
    server.reply('POST', '/api/capabilities/', { status: 404, body: { error: 'NOT_FOUND' } });
    const failure = await failureOf(session().capabilities({ email: 'a@b.example' }));
    expect(Object.getPrototypeOf(failure)).toBe(Object.prototype);
  });
});

describe('no retries', () => {
  it('a failing GET is sent once', async () => {
    server.reply('GET', '/api/v2/comcastinfo/', { status: 503, body: { error: 'BUSY' } });
    await failureOf(exportService().comcastInfo({ token_id: 'tok' }));
    expect(server.requests.filter((r) => r.path === '/api/v2/comcastinfo/')).toHaveLength(1);
  });

  it('a failing POST is sent once', async () => {
    server.reply('POST', '/api/validate/', { status: 500, body: { error: 'INTERNAL_ERROR' } });
    await failureOf(session().validate({ email: 'a@b.example', password: 'pw', provider: 'other' }));
    expect(server.requests.filter((r) => r.path === '/api/validate/')).toHaveLength(1);
  });
});
