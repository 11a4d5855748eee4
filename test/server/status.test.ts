/** Job lifecycle over real HTTP: status v1/v2, the sweep's end notification, downloads, jobs-by-email, restart. */
import { afterEach, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { emailHash } from '../../server/identity/email-hash.ts';
import { JOB_DURATION_MS, SECRET, fileLoad, postJson, signIn, startHarness, type Harness } from './helpers/harness.ts';

const harnesses: Harness[] = [];
async function start(options?: Parameters<typeof startHarness>[0]) {
  const harness = await startHarness(options);
  harnesses.push(harness);
  return harness;
}

afterEach(async () => {
  const started = harnesses.splice(0);
  // All stopped before any is removed: a restarted harness shares its folder and database.
  for (const harness of started) await harness.stop().catch(() => undefined);
  for (const harness of started) await harness.remove();
});

async function load(harness: Harness, email = 'active@example.com', body?: unknown): Promise<string> {
  const session = await signIn(harness, email);
  const response = await session.post('/api/load/', body ?? fileLoad(email));
  expect(response.status).toBe(200);
  return ((await response.json()) as { jobid: string }).jobid;
}

const status = async (harness: Harness, jobId: string, version: 'v1' | 'v2' = 'v2') => {
  const path = version === 'v2' ? '/api/v2/status/' : '/api/status/';
  const response = await fetch(`${harness.base}${path}?job_id=${encodeURIComponent(jobId)}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('export status', () => {
  it('is started, then completed with a download link, the same on v1 and v2', async () => {
    const harness = await start();
    const jobId = await load(harness);
    expect(await status(harness, jobId)).toEqual({
      status: 200,
      body: { emailmigration: { status: 'started' }, contactsmigration: { status: 'started' } },
    });
    harness.clock.now += JOB_DURATION_MS;
    const done = await status(harness, jobId);
    const url = (done.body.emailmigration as { download_url: string }).download_url;
    expect(url).toMatch(/^\/api\/downloads\/[\w-]{43}$/);
    expect(done.body).toEqual({
      emailmigration: { status: 'completed', download_url: url },
      contactsmigration: { status: 'completed', download_url: url },
    });
    expect(await status(harness, jobId, 'v1')).toEqual(done);
  });

  it('answers only the operations of the job, with no link for a transfer to a mailbox', async () => {
    const harness = await start();
    const grant = await harness.tokens.issue({ email: 'me@gmail.com', purpose: 'destination', provider: 'gmail' });
    const jobId = await load(harness, 'active@example.com', {
      ...fileLoad('active@example.com'),
      destination_account: { provider: 'gmail', tokenId: grant },
      operations: ['emailmigration'],
    });
    harness.clock.now += JOB_DURATION_MS;
    expect((await status(harness, jobId)).body).toEqual({ emailmigration: { status: 'completed' } });
  });

  it('reports error for the failing scenario, without a link', async () => {
    const harness = await start();
    const jobId = await load(harness, 'export-fails@example.com');
    harness.clock.now += JOB_DURATION_MS;
    expect((await status(harness, jobId)).body).toEqual({
      emailmigration: { status: 'error' },
      contactsmigration: { status: 'error' },
    });
  });

  it('answers an unknown and a malformed export ID with the same 404 body', async () => {
    const harness = await start();
    const unknown = await status(harness, 'A'.repeat(32));
    const malformed = await status(harness, '../etc/passwd');
    const missing = await fetch(`${harness.base}/api/v2/status/`);
    expect(unknown.status).toBe(404);
    expect(malformed).toEqual(unknown);
    expect({ status: missing.status, body: await missing.json() }).toEqual(unknown);
  });
});

describe('the sweep', () => {
  it('sends the ended notification exactly once, whoever sees the end first', async () => {
    const harness = await start();
    const jobId = await load(harness);
    await harness.service.jobService.sweepOnce();
    expect(harness.sent.map((n) => n.outcome)).toEqual(['started']);
    harness.clock.now += JOB_DURATION_MS;
    await Promise.all([harness.service.jobService.sweepOnce(), status(harness, jobId), harness.service.jobService.sweepOnce()]);
    await harness.service.jobService.sweepOnce();
    await status(harness, jobId);
    expect(harness.sent.map((n) => [n.exportId, n.outcome])).toEqual([
      [jobId, 'started'],
      [jobId, 'completed'],
    ]);
    const records = await harness.db.selectFrom('notifications').select(['outcome', 'delivered']).where('export_id', '=', jobId).orderBy('id').execute();
    expect(records).toEqual([
      { outcome: 'started', delivered: 1 },
      { outcome: 'completed', delivered: 1 },
    ]);
  });

  it('records an undelivered notification and still answers the load', async () => {
    const harness = await start({ notifier: { send: () => Promise.reject(new Error('smtp down')) } });
    const jobId = await load(harness);
    expect(await harness.db.selectFrom('notifications').select('delivered').where('export_id', '=', jobId).execute()).toEqual([{ delivered: 0 }]);
  });
});

describe('a job survives a restart', () => {
  it('is found and completes over the same database file after the service is reopened', async () => {
    const first = await start();
    const jobId = await load(first);
    await first.stop();
    const second = await start({ restartOf: first });
    expect((await status(second, jobId)).body).toEqual({
      emailmigration: { status: 'started' },
      contactsmigration: { status: 'started' },
    });
    second.clock.now += JOB_DURATION_MS;
    await second.service.jobService.sweepOnce();
    expect(second.sent).toEqual([{ to: 'notify@example.com', exportId: jobId, portalUrl: '', outcome: 'completed' }]);
    expect((await status(second, jobId)).body.emailmigration).toMatchObject({ status: 'completed' });
  });
});

describe('GET /api/downloads/<token>', () => {
  it('downloads the archive as an attachment, for two weeks', async () => {
    const harness = await start();
    const jobId = await load(harness);
    harness.clock.now += JOB_DURATION_MS;
    const url = ((await status(harness, jobId)).body.emailmigration as { download_url: string }).download_url;
    const response = await fetch(`${harness.base}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+\.zip"$/);
    const names = Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())));
    expect(names.some((name) => name.endsWith('.mbox'))).toBe(true);
    expect(names.some((name) => name.endsWith('.vcf'))).toBe(true);

    harness.clock.now += 14 * 24 * 60 * 60 * 1000;
    const expired = await fetch(`${harness.base}${url}`);
    expect(expired.status).toBe(410);
    expect((await status(harness, jobId)).body.emailmigration).toEqual({ status: 'completed' });
  });

  it('refuses a guessed or malformed token', async () => {
    const harness = await start();
    for (const token of ['A'.repeat(43), 'short', '..%2F..%2Fportal.sqlite']) {
      const response = await fetch(`${harness.base}/api/downloads/${token}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });
});

describe('POST /api/jobs-by-email/', () => {
  it('lists the exports of the hashed address, newest first, with ISO start times', async () => {
    const harness = await start();
    const older = await load(harness);
    harness.clock.now += 60_000;
    const newer = await load(harness, 'active@example.com', fileLoad('active@example.com', { operations: ['emailmigration'] }));
    await load(harness, 'login-inactive@example.com');
    const response = await postJson(harness.base, '/api/jobs-by-email/', { hash: emailHash('active@example.com', SECRET) });
    const body = (await response.json()) as Record<string, string>;
    expect(Object.keys(body)).toEqual([newer, older]);
    expect(body[newer]).toBe(new Date(harness.clock.now).toISOString());
  });

  it('finds nothing for a plain SHA-1 of the address, and refuses a malformed hash', async () => {
    const harness = await start();
    await load(harness);
    const { createHash } = await import('node:crypto');
    const plain = createHash('sha1').update('active@example.com').digest('hex');
    expect(await (await postJson(harness.base, '/api/jobs-by-email/', { hash: plain })).json()).toEqual({});
    const bad = await postJson(harness.base, '/api/jobs-by-email/', { hash: 'xyz' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'INVALID_REQUEST', field: 'hash' });
  });
});

describe('rate limits', () => {
  it('answers 429 past the limit on the status calls and jobs-by-email, per window', async () => {
    const harness = await start({ env: { RATE_LIMIT_STATUS_MAX: '3', RATE_LIMIT_JOBS_BY_EMAIL_MAX: '2', RATE_LIMIT_WINDOW_MS: '1000' } });
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await fetch(`${harness.base}/api/v2/status/?job_id=${'A'.repeat(32)}`)).status);
    expect(codes).toEqual([404, 404, 404, 429]);
    // v1 shares the status budget.
    const v1 = await fetch(`${harness.base}/api/status/?job_id=${'A'.repeat(32)}`);
    expect(v1.status).toBe(429);
    expect(Number(v1.headers.get('retry-after'))).toBeGreaterThan(0);
    const hash = { hash: 'a'.repeat(40) };
    const jobs = [];
    for (let i = 0; i < 3; i += 1) jobs.push((await postJson(harness.base, '/api/jobs-by-email/', hash)).status);
    expect(jobs).toEqual([200, 200, 429]);
    harness.clock.now += 1000;
    expect((await fetch(`${harness.base}/api/v2/status/?job_id=${'A'.repeat(32)}`)).status).toBe(404);
  });
});
