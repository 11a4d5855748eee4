/** SUPPORT_WEBHOOK_URL: the receiver stores each request and forwards it; production hides the dev list. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postJson, startHarness, type Harness } from './helpers/harness.ts';
import { PRODUCTION } from './helpers/production-env.ts';

let webhook: Server;
const received: unknown[] = [];
let harness: Harness;

beforeAll(async () => {
  webhook = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method, type: request.headers['content-type'], body: JSON.parse(body) });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  const { port } = webhook.address() as AddressInfo;
  harness = await startHarness({ env: { ...PRODUCTION, SUPPORT_WEBHOOK_URL: `http://127.0.0.1:${port}/hook` } });
});

afterAll(async () => {
  await harness.stop();
  await harness.remove();
  const closed = new Promise((resolve) => webhook.close(resolve));
  webhook.closeAllConnections();
  await closed;
});

describe('a configured support webhook', () => {
  it('receives every stored request', async () => {
    const request = { email_address: 'me@example.com', destination_email: '', migration_id: '', issue: 'nothing arrived' };
    const response = await postJson(harness.base, '/api/support-requests/', request);
    expect(await response.json()).toEqual({ ok: true });
    expect(received).toEqual([{ method: 'POST', type: 'application/json', body: request }]);
    expect(await harness.db.selectFrom('support_requests').select('issue').execute()).toEqual([{ issue: 'nothing arrived' }]);
  });

  it('still answers the portal when the webhook is down', async () => {
    const closed = new Promise((resolve) => webhook.close(resolve));
    webhook.closeAllConnections();
    await closed;
    const response = await postJson(harness.base, '/api/support-requests/', {
      email_address: 'me@example.com',
      destination_email: '',
      migration_id: '',
      issue: 'second request',
    });
    expect(await response.json()).toEqual({ ok: true });
    webhook.listen(0, '127.0.0.1');
  });

  it('lists nothing at /dev/support-requests in production', async () => {
    const page = await fetch(`${harness.base}/dev/support-requests`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('nothing arrived');
  });
});
