/**
 * The real machine provided with the real actors and real clients, against a loopback export
 * service: a deep link to /status fetches the job through HTTP, and a 500 or a malformed answer
 * ends in the status page's failed state instead of leaving `undefined` on screen.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { errorWords } from '../../contract/words/en/errors.ts';
import { providedPortalMachine, selectJobStatus } from '../../machines/index.ts';
import { createExportServiceClient } from '../../src/api/export-service-client';
import { createSessionClient } from '../../src/api/session-client';
import { portalImplementations } from '../../src/app/actors';
import { startLoopbackServer, type LoopbackServer } from '../api/loopback-server';

const exportId = 'Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function startPortal() {
  const clients = {
    session: createSessionClient({ baseUrl: server.url, readAuthToken: () => undefined, readXsrfCookie: () => undefined }),
    exportService: createExportServiceClient({ exportServiceUrl: server.url, inQa: true }),
  };
  const browser = { assign: () => undefined, writeClipboard: () => Promise.resolve() };
  const actor = createActor(providedPortalMachine(portalImplementations(clients, { browser })), { input: {} }).start();
  actor.send({ type: 'ROUTE.VISITED', path: '/status', query: { migration_id: exportId }, hash: '' });
  return actor;
}

describe('the provided machine', () => {
  it('shows the job the export service reports', async () => {
    server.reply('GET', '/api/v2/status/', { body: { emailmigration: { status: 'completed' } } });
    const actor = startPortal();
    const snapshot = await waitFor(actor, (s) => s.matches({ status: 'shown' }), { timeout: 2000 });
    expect(server.lastRequest().query.get('job_id')).toBe(exportId);
    expect(selectJobStatus(snapshot).operations).toEqual([expect.objectContaining({ kind: 'emailmigration', status: 'completed' })]);
    expect(selectJobStatus(snapshot).message).toBeNull();
    actor.stop();
  });

  it.each([
    ['a 500', { status: 500, body: { error: 'INTERNAL_ERROR' } }],
    ['a malformed body', { status: 200, body: '{"emailmigration":' }],
  ])('ends in status.failed on %s', async (_label, reply) => {
    server.reply('GET', '/api/v2/status/', reply);
    const actor = startPortal();
    const snapshot = await waitFor(actor, (s) => s.matches({ status: 'failed' }), { timeout: 2000 });
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v2/status/']);
    // The machine stores the error's key; its English words are the spec's (decision 0033).
    expect(selectJobStatus(snapshot).message).toBe('statusLookupFailed');
    expect(errorWords.en.statusLookupFailed).toBe('Unknown error, please try again later!');
    actor.stop();
  });
});
