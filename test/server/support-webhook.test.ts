/**
 * Support requests never vanish (issue 19): each is stored and answered at once with "received", then
 * forwarded to SUPPORT_WEBHOOK_URL by the outbox, tried again with backoff until the webhook takes
 * it, and reported (log line, /dev/support-requests) when it never does. Limited per client address,
 * deleted by the purge after the retention period; production shows no development list.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/http/logger.ts';
import { postJson, startHarness, type Harness } from './helpers/harness.ts';
import { purgeOf } from './helpers/purge.ts';
import { PRODUCTION } from './helpers/production-env.ts';

type Webhook = { url: string; posts: unknown[]; answer: (status: number | 'hang') => void; close: () => Promise<void> };

/** A webhook receiver that answers what the test says (a status, or nothing at all). */
async function startWebhook(): Promise<Webhook> {
  let next: number | 'hang' = 200;
  const posts: unknown[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      posts.push({ type: request.headers['content-type'], body: JSON.parse(body), answered: next });
      if (next !== 'hang') response.writeHead(next).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    posts,
    answer: (status) => {
      next = status;
    },
    close: () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}

const REQUEST = { email_address: 'me@example.com', destination_email: '', migration_id: '', issue: 'nothing arrived' };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(env: Record<string, string>, logLines?: string[]): Promise<Harness> {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines?.push(String(chunk));
      done();
    },
  });
  const harness = await startHarness({ env, logger: logLines ? createLogger('info', sink) : undefined });
  cleanups.push(async () => {
    await harness.stop();
    await harness.remove();
  });
  return harness;
}

async function webhook(): Promise<Webhook> {
  const hook = await startWebhook();
  cleanups.push(hook.close);
  return hook;
}

describe('a configured support webhook', () => {
  it('gets the request exactly once, after answering 500 twice, with backoff in between', async () => {
    const hook = await webhook();
    const harness = await start({ SUPPORT_WEBHOOK_URL: hook.url, OUTBOX_RETRY_FIRST_MS: '1000' });
    expect(await (await postJson(harness.base, '/api/support-requests/', REQUEST)).json()).toEqual({ ok: true, status: 'received' });
    hook.answer(500);
    await harness.service.outbox.runOnce();
    harness.clock.now += 1000;
    await harness.service.outbox.runOnce();
    // The second retry waits twice as long: a pass before then tries nothing.
    harness.clock.now += 1000;
    expect(await harness.service.outbox.runOnce()).toBe(0);
    hook.answer(200);
    harness.clock.now += 1000;
    await harness.service.outbox.runOnce();
    harness.clock.now += 60 * 60 * 1000;
    await harness.service.outbox.runOnce();
    expect(hook.posts).toEqual([
      { type: 'application/json', body: REQUEST, answered: 500 },
      { type: 'application/json', body: REQUEST, answered: 500 },
      { type: 'application/json', body: REQUEST, answered: 200 },
    ]);
    expect(await (await fetch(`${harness.base}/dev/support-requests`)).text()).toContain('<td>forwarded</td>');
  });

  it('answers the customer at once while the webhook hangs', async () => {
    const hook = await webhook();
    hook.answer('hang');
    const harness = await start({ SUPPORT_WEBHOOK_URL: hook.url, OUTBOX_DELIVERY_TIMEOUT_MS: '2000' });
    await postJson(harness.base, '/api/support-requests/', REQUEST);
    const delivering = harness.service.outbox.runOnce();
    await expect.poll(() => hook.posts.length).toBe(1);
    // The webhook holds the first request; a second customer is answered all the same.
    const started = performance.now();
    const response = await postJson(harness.base, '/api/support-requests/', { ...REQUEST, issue: 'second customer' });
    const elapsed = performance.now() - started;
    expect(await response.json()).toEqual({ ok: true, status: 'received' });
    expect(elapsed).toBeLessThan(200);
    // The pass gives up on the hung webhook and keeps the request for a retry.
    await delivering;
    const records = await harness.db
      .selectFrom('outbox')
      .select(['ref', 'status', 'attempts', 'last_error'])
      .where('kind', '=', 'support-request')
      .orderBy('id')
      .execute();
    expect(records).toEqual([
      { ref: '1', status: 'pending', attempts: 1, last_error: 'no answer within 2000 ms' },
      { ref: '2', status: 'pending', attempts: 0, last_error: null },
    ]);
  });

  it('reports a request it could not forward: an error log line and the development list', async () => {
    const hook = await webhook();
    hook.answer(503);
    const log: string[] = [];
    const harness = await start({ SUPPORT_WEBHOOK_URL: hook.url, OUTBOX_MAX_ATTEMPTS: '2', OUTBOX_RETRY_FIRST_MS: '1000' }, log);
    await postJson(harness.base, '/api/support-requests/', REQUEST);
    await harness.service.outbox.runOnce();
    harness.clock.now += 1000;
    await harness.service.outbox.runOnce();
    const failures = log
      .map((line) => JSON.parse(line) as { level: number; msg: string; kind?: string })
      .filter((line) => line.level >= 50);
    expect(failures).toEqual([
      expect.objectContaining({ msg: 'outbox: gave up on a message after its last attempt', kind: 'support-request' }),
    ]);
    const page = await (await fetch(`${harness.base}/dev/support-requests`)).text();
    expect(page).toContain('not forwarded: gave up after 2 attempts (the webhook answered 503)');
    expect(JSON.stringify(log)).not.toContain('nothing arrived');
  });
});

describe('support requests held by the server', () => {
  it('answers 429 with Retry-After past the limit per client address', async () => {
    const harness = await start({ RATE_LIMIT_SUPPORT_PER_ADDRESS: '2' });
    const codes = [];
    for (let i = 0; i < 3; i += 1) codes.push((await postJson(harness.base, '/api/support-requests/', REQUEST)).status);
    expect(codes).toEqual([200, 200, 429]);
    const refused = await postJson(harness.base, '/api/support-requests/', REQUEST);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many support requests from your network\. Please try again in \d+ minutes?\.$/),
    });
  });

  it('deletes requests older than the retention period when the purge runs, with no new request arriving', async () => {
    const hook = await webhook();
    const harness = await start({ SUPPORT_RETENTION_DAYS: '30', SUPPORT_WEBHOOK_URL: hook.url });
    const day = 24 * 60 * 60 * 1000;
    await postJson(harness.base, '/api/support-requests/', { ...REQUEST, issue: 'an old request' });
    harness.clock.now += 2 * day;
    await postJson(harness.base, '/api/support-requests/', { ...REQUEST, issue: 'a recent request' });
    const requests = () => harness.db.selectFrom('support_requests').select('issue').orderBy('id').execute();
    const forwarding = () => harness.db.selectFrom('outbox').select('ref').where('kind', '=', 'support-request').execute();
    expect(await forwarding()).toHaveLength(2);
    harness.clock.now += 29 * day;
    const { purged, failed } = await purgeOf(harness).run();
    expect({ purged: purged.supportRequests, failed }).toEqual({ purged: 1, failed: [] });
    expect(await requests()).toEqual([{ issue: 'a recent request' }]);
    expect(await forwarding()).toHaveLength(1);
  });

  it('lists nothing at /dev/support-requests in production', async () => {
    const harness = await start({ ...PRODUCTION });
    await postJson(harness.base, '/api/support-requests/', REQUEST);
    const page = await fetch(`${harness.base}/dev/support-requests`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('nothing arrived');
  });
});
