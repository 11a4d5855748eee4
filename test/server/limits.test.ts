/**
 * The limits held by the server, over real HTTP, on the run's database (SQLite, then Postgres): each
 * answers 429 at N+1 with Retry-After and a sentence to show, and counts only what it should.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { JOB_DURATION_MS, fileLoad, postJson, signIn, startHarness, type Harness } from './helpers/harness.ts';

const harnesses: Harness[] = [];
async function start(env: Record<string, string>) {
  const harness = await startHarness({ env });
  harnesses.push(harness);
  return harness;
}
afterEach(async () => {
  for (const harness of harnesses.splice(0)) {
    await harness.stop();
    await harness.remove();
  }
});

/** Loads that mean different things (other formats), so none is a repeat of another. */
const FORMATS = [
  { emailFormat: 'EML', contactsFormat: 'CSV' },
  { emailFormat: 'EML', contactsFormat: 'VCF' },
  { emailFormat: 'MBOX', contactsFormat: 'CSV' },
  { emailFormat: 'MBOX', contactsFormat: 'VCF' },
] as const;
const distinctLoad = (email: string, index: number) => fileLoad(email, { file_export_parameters: FORMATS[index] });

async function expectTooMany(response: Response, message: RegExp) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.json()).toEqual({ error: 'RATE_LIMITED', message: expect.stringMatching(message) });
}

describe('exports per signed-in account', () => {
  it('allows N running at once; the next waits until one has ended', async () => {
    const harness = await start({ RATE_LIMIT_EXPORTS_RUNNING: '2' });
    const session = await signIn(harness);
    expect((await session.post('/api/load/', distinctLoad(session.email, 0))).status).toBe(200);
    expect((await session.post('/api/load/', distinctLoad(session.email, 1))).status).toBe(200);
    await expectTooMany(await session.post('/api/load/', distinctLoad(session.email, 2)), /^You already have 2 exports running/);
    // Another account is not held back.
    const other = await signIn(harness, 'login-inactive@example.com');
    expect((await other.post('/api/load/', distinctLoad(other.email, 2))).status).toBe(200);
    harness.clock.now += JOB_DURATION_MS;
    await harness.service.jobService.sweepOnce();
    expect((await session.post('/api/load/', distinctLoad(session.email, 2))).status).toBe(200);
  });

  it('admits exactly N of 10 loads sent at once (the check and the insert are one step, on any node)', async () => {
    const harness = await start({ RATE_LIMIT_EXPORTS_RUNNING: '3' });
    const session = await signIn(harness);
    // Ten meanings: an Other destination each (the simulated vendor keeps no password).
    const loads = Array.from({ length: 10 }, (_, i) =>
      fileLoad(session.email, {
        destination_account: { provider: 'other', email: `friend${i}@example.com`, password: 'secret' },
        operations: ['emailmigration'],
      }),
    );
    const codes = await Promise.all(loads.map(async (load) => (await session.post('/api/load/', load)).status));
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(7);
    expect(await harness.db.selectFrom('jobs').select('export_id').execute()).toHaveLength(3);
  });

  it('allows N a day; a repeat of one already made is answered with its job, not refused', async () => {
    const harness = await start({ RATE_LIMIT_EXPORTS_PER_DAY: '2' });
    const session = await signIn(harness);
    const first = await session.post('/api/load/', distinctLoad(session.email, 0));
    const { jobid } = (await first.json()) as { jobid: string };
    expect((await session.post('/api/load/', distinctLoad(session.email, 1))).status).toBe(200);
    await expectTooMany(
      await session.post('/api/load/', distinctLoad(session.email, 2)),
      /^You have started 2 exports today, the most allowed\. Please try again in \d+ hours?\.$/,
    );
    const repeat = await session.post('/api/load/', distinctLoad(session.email, 0));
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual({ jobid });
    expect(await harness.db.selectFrom('jobs').select('export_id').execute()).toHaveLength(2);
  });

  it('does not count a load the vendor refused', async () => {
    let refuse = true;
    const harness = await startHarness({
      env: { RATE_LIMIT_EXPORTS_PER_DAY: '1' },
      engine: (simulated) => ({
        ...simulated,
        start: (job, secret, within) => (refuse ? Promise.reject(new Error('vendor down')) : simulated.start(job, secret, within)),
      }),
    });
    harnesses.push(harness);
    const session = await signIn(harness);
    expect((await session.post('/api/load/', distinctLoad(session.email, 0))).status).toBe(502);
    refuse = false;
    expect((await session.post('/api/load/', distinctLoad(session.email, 0))).status).toBe(200);
  });
});

describe('credential checks (validate)', () => {
  const check = (session: Awaited<ReturnType<typeof signIn>>, email: string, password: string) =>
    session.post('/api/validate/', { email, password, provider: 'other' });

  it('allows N per signed-in account in a window', async () => {
    const harness = await start({ RATE_LIMIT_VALIDATE_PER_ACCOUNT: '3' });
    const session = await signIn(harness);
    for (let i = 0; i < 3; i += 1) expect((await check(session, `friend${i}@example.com`, 'correct-password')).status).toBe(200);
    await expectTooMany(
      await check(session, 'friend9@example.com', 'correct-password'),
      /^Too many sign-in checks\. Please try again in \d+ minutes?\.$/,
    );
    const other = await signIn(harness, 'login-inactive@example.com');
    expect((await check(other, 'friend9@example.com', 'correct-password')).status).toBe(200);
  });

  it('allows N per client address in a window, whichever accounts ask', async () => {
    const harness = await start({ RATE_LIMIT_VALIDATE_PER_ADDRESS: '3' });
    const accounts = ['active@example.com', 'login-inactive@example.com', 'opted-out@example.com', 'opted-out-cancel@example.com'];
    const codes = [];
    for (const account of accounts)
      codes.push((await check(await signIn(harness, account), 'friend@example.com', 'correct-password')).status);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('slows down a destination address after N wrong passwords, twice as long each time', async () => {
    const harness = await start({ RATE_LIMIT_VALIDATE_FREE_FAILURES: '2', RATE_LIMIT_VALIDATE_DELAY_MS: '1000' });
    const session = await signIn(harness);
    const target = 'victim@example.com';
    expect(await (await check(session, target, 'guess-1')).json()).toEqual({ ok: false, error: 'INVALID_CREDENTIALS' });
    expect(await (await check(session, target, 'guess-2')).json()).toEqual({ ok: false, error: 'INVALID_CREDENTIALS' });
    const held = await check(session, target, 'guess-3');
    await expectTooMany(held, /^Too many wrong passwords for this address\. Please wait and try again in 1 second\.$/);
    // Other addresses are not held back.
    expect(await (await check(session, 'someone@example.com', 'correct-password')).json()).toEqual({ ok: true, error: null });
    harness.clock.now += 1100;
    expect((await check(session, target, 'guess-3')).status).toBe(200);
    const longer = await check(session, target, 'guess-4');
    expect(longer.status).toBe(429);
    expect(longer.headers.get('retry-after')).toBe('2');
  });

  it('forgives the wrong passwords of an address once the right one is given', async () => {
    const harness = await start({ RATE_LIMIT_VALIDATE_FREE_FAILURES: '2', RATE_LIMIT_VALIDATE_DELAY_MS: '60000' });
    const session = await signIn(harness);
    const target = 'forgetful@example.com';
    await check(session, target, 'wrong');
    expect(await (await check(session, target, 'correct-password')).json()).toEqual({ ok: true, error: null });
    // Counting starts again: one wrong password, and no wait yet.
    await check(session, target, 'wrong');
    expect((await check(session, target, 'wrong')).status).toBe(200);
    expect((await check(session, target, 'wrong')).status).toBe(429);
  });
});

describe('anonymous calls that cost a look-up or a token request, per client address', () => {
  it('allows N DNS checks a window, validate-imap and domain-validation together', async () => {
    const harness = await start({ RATE_LIMIT_LOOKUPS_MAX: '3' });
    const codes = [
      (await postJson(harness.base, '/api/validate-imap/', { imap: 'imap.example.com' })).status,
      (await fetch(`${harness.base}/api/v2/domain-validation/?domain=example.com`)).status,
      (await postJson(harness.base, '/api/validate-imap/', { imap: 'imap.example.org' })).status,
    ];
    expect(codes).toEqual([200, 200, 200]);
    await expectTooMany(await fetch(`${harness.base}/api/v2/domain-validation/?domain=example.org`), /^Too many requests/);
    await expectTooMany(await postJson(harness.base, '/api/validate-imap/', { imap: 'imap.example.net' }), /^Too many requests/);
  });

  it('allows N sign-in and consent flows started a window, and never counts their callbacks', async () => {
    const harness = await start({ RATE_LIMIT_FLOW_STARTS_MAX: '2' });
    const begin = (path: string) => fetch(`${harness.base}${path}`, { redirect: 'manual' });
    expect((await begin('/api/oauth/?provider=northwave')).status).toBe(302);
    expect((await begin('/api/oauth-for-status/')).status).toBe(302);
    await expectTooMany(await begin('/api/oauth?provider=northwave'), /^Too many requests/);
    // A callback is checked against its flow, not this limit (its answer is the SPA's error page here).
    expect((await begin('/api/oauth/callback?state=x&code=y')).status).toBe(302);
  });
});
