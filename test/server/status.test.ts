/**
 * Job lifecycle over real HTTP: status v1/v2, the mails the outbox delivers, downloads for the owner
 * only, jobs-by-email, restart.
 */
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { DOWNLOAD_GRANT_TTL_MS } from '../../server/jobs/download-grant.ts';
import { emailHash } from '../../server/identity/email-hash.ts';
import { JOB_DURATION_MS, SECRET, consentGrant, fileLoad, postJson, signIn, startHarness, type Harness } from './helpers/harness.ts';

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

const status = async (harness: Harness, jobId: string, version: 'v1' | 'v2' = 'v2', bearer?: string) => {
  const path = version === 'v2' ? '/api/v2/status/' : '/api/status/';
  const headers: Record<string, string> = bearer ? { Authorization: `Bearer ${bearer}` } : {};
  const response = await fetch(`${harness.base}${path}?job_id=${encodeURIComponent(jobId)}`, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** The owner's link, from the signed-in status call. */
async function ownersLink(harness: Harness, jobId: string, email = 'active@example.com', purpose: 'source' | 'status' = 'source') {
  return (await signedInLink(harness, jobId, email, purpose)).url;
}

/** A sign-in's link to the archive, and the sign-in's token it opens with. */
async function signedInLink(harness: Harness, jobId: string, email = 'active@example.com', purpose: 'source' | 'status' = 'source') {
  const token = await harness.tokens.issue({ email, purpose, provider: 'northwave' });
  const answer = await status(harness, jobId, 'v1', token);
  return { url: (answer.body.emailmigration as { download_url?: string }).download_url, token };
}

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

const GRANT_URL = /^\/api\/downloads\/[A-Za-z0-9]{32}\.[0-9a-z]+\.[\w-]{43}$/;

/** Where the mails of a job stand in the outbox: [outcome, status], oldest first. */
async function mails(harness: Harness, jobId: string) {
  const rows = await harness.db
    .selectFrom('outbox')
    .select(['payload', 'status'])
    .where('kind', '=', 'export-mail')
    .where('ref', '=', jobId)
    .orderBy('id')
    .execute();
  return rows.map((row) => [(JSON.parse(row.payload) as { outcome: string }).outcome, row.status]);
}

describe('export status', () => {
  it('is started, then completed, the same on v1 and v2, and never carries a download link anonymously', async () => {
    const harness = await start();
    const jobId = await load(harness);
    expect(await status(harness, jobId)).toEqual({
      status: 200,
      body: { emailmigration: { status: 'started' }, contactsmigration: { status: 'started' } },
    });
    harness.clock.now += JOB_DURATION_MS;
    const done = await status(harness, jobId);
    // The file is ready: signing in as its owner downloads it.
    expect(done.body).toEqual({ emailmigration: { status: 'completed' }, contactsmigration: { status: 'completed' }, file_ready: true });
    expect(await status(harness, jobId, 'v1')).toEqual(done);
  });

  it('answers only the operations of the job, with no link for a transfer to a mailbox', async () => {
    const harness = await start();
    const grant = await consentGrant(harness, 'gmail', 'me@gmail.com');
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

  it("keeps an ended export's anonymous answer, and never the owner's", async () => {
    const harness = await start();
    const jobId = await load(harness);
    harness.clock.now += JOB_DURATION_MS;
    const ended = await status(harness, jobId);
    expect(ended.body).toEqual({ emailmigration: { status: 'completed' }, contactsmigration: { status: 'completed' }, file_ready: true });
    // Changed behind the service's back: the kept answer no longer reads the row, the owner's does.
    await harness.db.updateTable('jobs').set({ email_status: 'error' }).where('export_id', '=', jobId).execute();
    expect(await status(harness, jobId)).toEqual(ended);
    expect(await status(harness, jobId, 'v1')).toEqual(ended);
    const token = await harness.tokens.issue({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
    expect((await status(harness, jobId, 'v1', token)).body.emailmigration).toEqual({ status: 'error' });
  });
});

describe('mail through the outbox', () => {
  it('queues the started mail with the job and the ended mail exactly once, whoever sees the end first', async () => {
    const harness = await start();
    const jobId = await load(harness);
    expect(harness.sent).toEqual([]);
    expect(await mails(harness, jobId)).toEqual([['started', 'pending']]);
    await harness.service.outbox.runOnce();
    expect(harness.sent.map((n) => n.outcome)).toEqual(['started']);
    harness.clock.now += JOB_DURATION_MS;
    await Promise.all([harness.service.jobService.sweepOnce(), status(harness, jobId), harness.service.jobService.sweepOnce()]);
    await harness.service.jobService.sweepOnce();
    await status(harness, jobId);
    await Promise.all([harness.service.outbox.runOnce(), harness.service.outbox.runOnce()]);
    expect(harness.sent.map((n) => [n.exportId, n.outcome])).toEqual([
      [jobId, 'started'],
      [jobId, 'completed'],
    ]);
    expect(await mails(harness, jobId)).toEqual([
      ['started', 'sent'],
      ['completed', 'sent'],
    ]);
  });

  it('answers the load whatever the mail server does, retries with backoff, and records a mail it gave up on', async () => {
    const failing = { send: () => Promise.reject(new Error('smtp down')) };
    const harness = await start({ notifier: failing, env: { OUTBOX_MAX_ATTEMPTS: '2', OUTBOX_RETRY_FIRST_MS: '1000' } });
    const jobId = await load(harness);
    await harness.service.outbox.runOnce();
    const retrying = await harness.db
      .selectFrom('outbox')
      .select(['status', 'attempts', 'last_error', 'next_attempt_at'])
      .where('ref', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(retrying).toEqual({ status: 'pending', attempts: 1, last_error: 'smtp down', next_attempt_at: harness.clock.now + 1000 });
    // Not due yet: nothing is tried.
    expect(await harness.service.outbox.runOnce()).toBe(0);
    harness.clock.now += 1000;
    await harness.service.outbox.runOnce();
    expect(await mails(harness, jobId)).toEqual([['started', 'failed']]);
  });

  it('sends nothing for a job the vendor refused', async () => {
    const harness = await start({ engine: (simulated) => ({ ...simulated, start: () => Promise.reject(new Error('vendor down')) }) });
    const session = await signIn(harness);
    expect((await session.post('/api/load/', fileLoad(session.email))).status).toBe(502);
    expect(await harness.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    await harness.service.outbox.runOnce();
    expect(harness.sent).toEqual([]);
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
    // The first process never ran its outbox: the started mail waited in the database.
    await second.service.outbox.runOnce();
    // In turn, in one pass; the clock stood still, so the ended mail is dated a second after the started one.
    const mail = {
      to: 'notify@example.com',
      exportId: jobId,
      portalUrl: 'http://localhost:8080',
      destination: { provider: 'file', email: null },
      operations: ['emailmigration', 'contactsmigration'],
      language: 'en',
    };
    expect(second.sent).toEqual([
      { ...mail, outcome: 'started', date: second.clock.now },
      { ...mail, outcome: 'completed', date: second.clock.now + 1000 },
    ]);
    expect((await status(second, jobId)).body.emailmigration).toMatchObject({ status: 'completed' });
  });
});

describe('the archive belongs to its owner', () => {
  it('gives the signed-in owner a link that downloads the archive, for two weeks', async () => {
    const harness = await start();
    const jobId = await load(harness);
    harness.clock.now += JOB_DURATION_MS;
    const { url, token } = await signedInLink(harness, jobId);
    expect(url).toMatch(GRANT_URL);
    const sameOwner = await harness.tokens.issue({ email: 'Active@Example.com', purpose: 'source', provider: 'northwave' });
    expect((await status(harness, jobId, 'v1', sameOwner)).body).toEqual({
      emailmigration: { status: 'completed', download_url: expect.stringMatching(GRANT_URL) },
      contactsmigration: { status: 'completed', download_url: expect.stringMatching(GRANT_URL) },
      file_ready: true,
      can_cancel: false,
      can_pause: false,
      can_resume: false,
    });
    const response = await fetch(`${harness.base}${url}`, bearer(token));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+\.zip"$/);
    const names = Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())));
    expect(names.some((name) => name.endsWith('.mbox'))).toBe(true);
    expect(names.some((name) => name.endsWith('.vcf'))).toBe(true);
    // A status sign-in (the status-lookup flow) is the owner too.
    expect(await ownersLink(harness, jobId, 'active@example.com', 'status')).toMatch(GRANT_URL);

    harness.clock.now += 14 * 24 * 60 * 60 * 1000;
    expect(await ownersLink(harness, jobId)).toBeUndefined();
    // The kept anonymous answer said the file was ready; past its two weeks it says so no more.
    expect((await status(harness, jobId)).body).toEqual({
      emailmigration: { status: 'completed' },
      contactsmigration: { status: 'completed' },
    });
  });

  it('gives no link to anyone else: anonymous, another signed-in customer, a destination grant', async () => {
    const harness = await start();
    const jobId = await load(harness);
    harness.clock.now += JOB_DURATION_MS;
    expect(JSON.stringify((await status(harness, jobId)).body)).not.toContain('download');
    expect(JSON.stringify((await status(harness, jobId, 'v1')).body)).not.toContain('download');
    expect(await ownersLink(harness, jobId, 'someone-else@example.com')).toBeUndefined();
    expect(await ownersLink(harness, jobId, 'someone-else@example.com', 'status')).toBeUndefined();
    const destination = await harness.tokens.issue({ email: 'active@example.com', purpose: 'destination', provider: 'gmail' });
    expect(JSON.stringify((await status(harness, jobId, 'v1', destination)).body)).not.toContain('download');
  });

  it('answers 404 for the old link (an HMAC of the export ID), the export ID itself and guesses', async () => {
    const harness = await start();
    const jobId = await load(harness);
    harness.clock.now += JOB_DURATION_MS;
    await status(harness, jobId);
    const oldLink = createHmac('sha256', SECRET).update(`download:${jobId}`).digest('base64url');
    const { token: owner } = await signedInLink(harness, jobId);
    for (const token of [oldLink, jobId, 'A'.repeat(43), 'short', '..%2F..%2Fportal.sqlite']) {
      const response = await fetch(`${harness.base}/api/downloads/${token}`, bearer(owner));
      expect(response.status, token).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('keeps a link for minutes only, and refuses one moved to another export', async () => {
    const harness = await start();
    const mine = await load(harness);
    const theirs = await load(harness, 'login-inactive@example.com');
    harness.clock.now += JOB_DURATION_MS;
    await status(harness, theirs);
    const { url = '', token } = await signedInLink(harness, mine);
    const moved = await fetch(`${harness.base}${url.replace(mine, theirs)}`, bearer(token));
    expect(moved.status).toBe(403);
    expect(await moved.json()).toMatchObject({ error: 'NOT_YOUR_DOWNLOAD' });
    harness.clock.now += DOWNLOAD_GRANT_TTL_MS;
    const late = await fetch(`${harness.base}${url}`, bearer(token));
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ error: 'DOWNLOAD_LINK_EXPIRED' });
  });
});

describe('POST /api/jobs-by-email/', () => {
  it('lists the exports of the address a status sign-in stood for, newest first, with ISO start times', async () => {
    const harness = await start();
    const older = await load(harness);
    harness.clock.now += 60_000;
    const newer = await load(harness, 'active@example.com', fileLoad('active@example.com', { operations: ['emailmigration'] }));
    await load(harness, 'login-inactive@example.com');
    const listing = await harness.tokens.issueListing(emailHash('active@example.com', SECRET));
    const response = await postJson(harness.base, '/api/jobs-by-email/', { hash: listing });
    const body = (await response.json()) as Record<string, string>;
    expect(Object.keys(body)).toEqual([newer, older]);
    expect(body[newer]).toBe(new Date(harness.clock.now).toISOString());
    // A listing lives as long as a token: an hour later it lists nothing.
    harness.clock.now += 60 * 60_000 + 1;
    expect(await (await postJson(harness.base, '/api/jobs-by-email/', { hash: listing })).json()).toEqual({});
  });

  it('finds nothing for the keyed hash itself or a plain SHA-1 of the address, and refuses a malformed hash', async () => {
    const harness = await start();
    await load(harness);
    const { createHash } = await import('node:crypto');
    const plain = createHash('sha1').update('active@example.com').digest('hex');
    expect(await (await postJson(harness.base, '/api/jobs-by-email/', { hash: plain })).json()).toEqual({});
    // The account's keyed hash is no longer a credential of its own: only a status sign-in's listing is.
    const keyed = emailHash('active@example.com', SECRET);
    expect(await (await postJson(harness.base, '/api/jobs-by-email/', { hash: keyed })).json()).toEqual({});
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
    // The counters keep the wall clock (they are shared by every node): the next window, really.
    await new Promise((resolve) => setTimeout(resolve, Number(v1.headers.get('retry-after')) * 1000 + 50));
    expect((await fetch(`${harness.base}/api/v2/status/?job_id=${'A'.repeat(32)}`)).status).toBe(404);
  });
});
