/** The session client's calls over real HTTP: XSRF and bearer checks, capabilities, validate, load. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
const EXPORT_ID_PATTERN = /^[A-Za-z0-9]{32}$/;
import { consentGrant, fileLoad, signIn, startHarness, type Harness } from './helpers/harness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.stop();
  await harness.remove();
});

const countJobs = async () => (await harness.db.selectFrom('jobs').selectAll().execute()).length;

describe('XSRF and bearer checks', () => {
  it('refuses a state-changing call without the XSRF header (403), and with a header that differs from the cookie', async () => {
    const session = await signIn(harness);
    const withoutHeader = await session.post('/api/capabilities/', { email: 'me@gmail.com' }, { 'X-XSRF-TOKEN': '' });
    expect(withoutHeader.status).toBe(403);
    expect(await withoutHeader.json()).toMatchObject({ error: 'XSRF_TOKEN_INVALID' });
    const forged = await session.post('/api/load/', fileLoad(session.email), { 'X-XSRF-TOKEN': 'A'.repeat(43) });
    expect(forged.status).toBe(403);
    expect(await countJobs()).toBe(0);
  });

  it('refuses a call a browser says comes from another site, even with the right token (403)', async () => {
    const session = await signIn(harness);
    const host = new URL(harness.base).host;
    const crossSite: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Origin: `http://${host}.evil.example` },
    ];
    for (const headers of crossSite) {
      const response = await session.post('/api/load/', fileLoad(session.email), headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'CROSS_SITE_REQUEST' });
    }
    expect(await countJobs()).toBe(0);
    const fromThePortal = await session.post(
      '/api/capabilities/',
      { email: 'me@gmail.com' },
      { Origin: harness.base, 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(fromThePortal.status).toBe(200);
  });

  it('refuses a call without a bearer token, or with an unknown or expired one (401)', async () => {
    const session = await signIn(harness);
    for (const authorization of ['', 'Bearer ', `Bearer ${'x'.repeat(43)}`]) {
      const response = await session.post('/api/capabilities/', { email: 'me@gmail.com' }, { Authorization: authorization });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    }
    const destinationToken = await harness.tokens.issue({ email: 'me@gmail.com', purpose: 'destination', provider: 'gmail' });
    const wrongPurpose = await session.post(
      '/api/validate/',
      { email: 'a@b.com', password: 'p', provider: 'other' },
      {
        Authorization: `Bearer ${destinationToken}`,
      },
    );
    expect(wrongPurpose.status).toBe(401);

    const start = harness.clock.now;
    harness.clock.now += harness.config.tokenTtlMs + 1;
    const expired = await session.post('/api/capabilities/', { email: 'me@gmail.com' });
    harness.clock.now = start;
    expect(expired.status).toBe(401);
  });
});

describe('POST /api/capabilities/', () => {
  it('offers email and contacts, OAuth for a web mailbox provider', async () => {
    const session = await signIn(harness);
    const response = await session.post('/api/capabilities/', { email: 'someone@gmail.com' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      allowed_operations: ['emailmigration', 'contactsmigration'],
      auth: 'oauth',
      provider: 'gmail',
    });
  });

  it('offers no contacts when the source account has no contacts service, password auth for another provider', async () => {
    const session = await signIn(harness, 'no-contacts@example.com');
    const response = await session.post('/api/capabilities/', { email: 'me@my-isp.net' });
    expect(await response.json()).toEqual({ allowed_operations: ['emailmigration'], auth: 'password', provider: 'other' });
  });

  it('answers for the signed-in account itself with its single sign-on provider', async () => {
    const session = await signIn(harness, 'no-contacts@example.com');
    const response = await session.post('/api/capabilities/', { email: 'No-Contacts@example.com' });
    expect(await response.json()).toEqual({ allowed_operations: ['emailmigration'], auth: 'oauth', provider: 'northwave' });
  });

  it('answers 400 naming the field for a body without email', async () => {
    const session = await signIn(harness);
    const response = await session.post('/api/capabilities/', { mail: 'x' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'INVALID_REQUEST', field: 'email' });
  });
});

describe('POST /api/validate/', () => {
  it('accepts the development mailbox password and refuses a wrong one', async () => {
    const session = await signIn(harness);
    const ok = await session.post('/api/validate/', { email: 'friend@example.com', password: 'correct-password', provider: 'other' });
    expect(await ok.json()).toEqual({ ok: true, error: null });
    const wrong = await session.post('/api/validate/', { email: 'friend@example.com', password: 'nope', provider: 'other' });
    expect(await wrong.json()).toEqual({ ok: false, error: 'INVALID_CREDENTIALS' });
  });

  it('says INVALID_IMAP for a host that cannot be reached', async () => {
    const session = await signIn(harness);
    const response = await session.post('/api/validate/', {
      email: 'friend@example.com',
      password: 'correct-password',
      imap: 'invalid.example.com',
      provider: 'other',
    });
    expect(await response.json()).toEqual({ ok: false, error: 'INVALID_IMAP' });
  });

  it('answers 400 for a missing password and a malformed address', async () => {
    const session = await signIn(harness);
    const noPassword = await session.post('/api/validate/', { email: 'friend@example.com', provider: 'other' });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({ field: 'password' });
    const badEmail = await session.post('/api/validate/', { email: 'not an address', password: 'x', provider: 'other' });
    expect(await badEmail.json()).toMatchObject({ error: 'INVALID_REQUEST', field: 'email' });
  });
});

describe('POST /api/load/', () => {
  it('creates a file export job with a 32-character export ID and its started notification', async () => {
    const session = await signIn(harness);
    const before = harness.sent.length;
    const response = await session.post('/api/load/', fileLoad(session.email));
    expect(response.status).toBe(200);
    const { jobid } = (await response.json()) as { jobid: string };
    expect(jobid).toMatch(EXPORT_ID_PATTERN);
    const row = await harness.db.selectFrom('jobs').selectAll().where('export_id', '=', jobid).executeTakeFirst();
    expect(row).toMatchObject({
      source_email: 'active@example.com',
      destination_provider: 'file',
      email_format: 'MBOX',
      contacts_format: 'VCF',
    });
    await harness.service.outbox.runOnce();
    expect(harness.sent.slice(before)).toEqual([
      {
        to: 'notify@example.com',
        exportId: jobid,
        portalUrl: 'http://localhost:8080',
        outcome: 'started',
        destination: { provider: 'file', email: null },
        operations: ['emailmigration', 'contactsmigration'],
        language: 'en',
        date: harness.clock.now,
      },
    ]);
  });

  it('never makes two jobs from a double submit: every answer carries the same export ID', async () => {
    const session = await signIn(harness);
    const body = fileLoad(session.email, { file_export_parameters: { emailFormat: 'EML', contactsFormat: 'CSV' } });
    const before = await countJobs();
    const answers = await Promise.all(Array.from({ length: 4 }, () => session.post('/api/load/', body)));
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { jobid: string }).jobid));
    expect(ids[0]).toMatch(EXPORT_ID_PATTERN);
    expect(new Set(ids)).toEqual(new Set([ids[0]]));
    const again = await session.post('/api/load/', body);
    expect(((await again.json()) as { jobid: string }).jobid).toBe(ids[0]);
    expect(await countJobs()).toBe(before + 1);
  });

  it('keys a repeat on what the load means, not on how it is written or which session sends it', async () => {
    const session = await signIn(harness);
    const body = fileLoad(session.email, { file_export_parameters: { emailFormat: 'MBOX', contactsFormat: 'CSV' } });
    const first = ((await (await session.post('/api/load/', body)).json()) as { jobid: string }).jobid;
    const otherTab = await signIn(harness);
    const rewritten = {
      operations: ['contactsmigration', 'emailmigration', 'contactsmigration'],
      file_export_parameters: { contactsFormat: 'CSV', emailFormat: 'MBOX' },
      parameters: { notificationEmail: 'another-notify@example.com' },
      destination_account: { provider: 'file' },
      source_account: { ...body.source_account, email: 'ACTIVE@example.com' },
    };
    const before = await countJobs();
    const again = await otherTab.post('/api/load/', rewritten, { 'X-Ignored': 'noise' });
    expect(((await again.json()) as { jobid: string }).jobid).toBe(first);
    expect(await countJobs()).toBe(before);
  });

  it('makes a new job for a different body, and for the same body once the window has passed', async () => {
    const session = await signIn(harness);
    const body = fileLoad(session.email, { file_export_parameters: { emailFormat: 'EML', contactsFormat: 'VCF' } });
    const first = ((await (await session.post('/api/load/', body)).json()) as { jobid: string }).jobid;
    const other = await session.post('/api/load/', { ...body, operations: ['emailmigration'] });
    expect(((await other.json()) as { jobid: string }).jobid).not.toBe(first);
    harness.clock.now += harness.config.idempotencyWindowMs + 1;
    const later = await session.post('/api/load/', body);
    expect(((await later.json()) as { jobid: string }).jobid).not.toBe(first);
  });

  it('exports to an OAuth destination with a destination grant, naming the granted address', async () => {
    const session = await signIn(harness);
    const grant = await consentGrant(harness, 'gmail', 'me@gmail.com');
    const response = await session.post('/api/load/', {
      ...fileLoad(session.email),
      destination_account: { provider: 'gmail', email: 'me@gmail.com', tokenId: grant },
      file_export_parameters: undefined,
    });
    expect(response.status).toBe(200);
    const { jobid } = (await response.json()) as { jobid: string };
    const row = await harness.db
      .selectFrom('jobs')
      .select(['destination_email', 'email_format'])
      .where('export_id', '=', jobid)
      .executeTakeFirst();
    expect(row).toEqual({ destination_email: 'me@gmail.com', email_format: null });
  });

  it('refuses an OAuth destination without a valid grant for that provider (401)', async () => {
    const session = await signIn(harness);
    const outlookGrant = await harness.tokens.issue({ email: 'me@outlook.com', purpose: 'destination', provider: 'outlook' });
    for (const tokenId of [undefined, 'not-a-token', outlookGrant]) {
      const response = await session.post('/api/load/', {
        ...fileLoad(session.email),
        destination_account: { provider: 'gmail', email: 'me@gmail.com', tokenId },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ field: 'destination_account.tokenId' });
    }
  });

  it('refuses contacts for an account without a contacts service', async () => {
    const session = await signIn(harness, 'no-contacts@example.com');
    const response = await session.post('/api/load/', fileLoad(session.email));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'OPERATION_NOT_ALLOWED',
      message: "Operation 'contactsmigration' not allowed.",
      field: 'operations',
    });
  });

  it('neither offers nor takes forwarding while its feature flag is off, even to a mailbox', async () => {
    const session = await signIn(harness);
    const offered = await session.post('/api/capabilities/', { email: session.email });
    expect(((await offered.json()) as { allowed_operations: string[] }).allowed_operations).not.toContain('emailforwarding');
    const response = await session.post('/api/load/', {
      ...fileLoad(session.email, { operations: ['emailforwarding'] }),
      destination_account: { provider: 'other', email: 'me@my-isp.net', password: 'correct-password' },
      file_export_parameters: undefined,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'OPERATION_NOT_ALLOWED', message: "Operation 'emailforwarding' not allowed." });
  });

  it('refuses a destination equal to the source', async () => {
    const session = await signIn(harness);
    const response = await session.post('/api/load/', {
      ...fileLoad(session.email),
      operations: ['emailmigration'],
      destination_account: { provider: 'other', email: 'Active@Example.com', password: 'correct-password' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'Please, use different addresses for source and destination.',
      field: 'destination_account.email',
    });
  });

  it('refuses a file export without a format for a chosen type, and an empty operations list', async () => {
    const session = await signIn(harness);
    const noFormat = await session.post('/api/load/', fileLoad(session.email, { file_export_parameters: { emailFormat: 'EML' } }));
    expect(noFormat.status).toBe(400);
    expect(await noFormat.json()).toMatchObject({ field: 'file_export_parameters.contactsFormat' });
    const none = await session.post('/api/load/', fileLoad(session.email, { operations: [] }));
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: 'One operations option has to be selected.', field: 'operations' });
  });

  it('takes PST for email and for contacts, alone or beside the other formats', async () => {
    const session = await signIn(harness);
    for (const formats of [
      { emailFormat: 'PST', contactsFormat: 'VCF' },
      { emailFormat: 'MBOX', contactsFormat: 'PST' },
      { emailFormat: 'PST', contactsFormat: 'PST' },
    ] as const) {
      const response = await session.post('/api/load/', fileLoad(session.email, { file_export_parameters: formats }));
      expect(response.status, JSON.stringify(formats)).toBe(200);
    }
  });

  it('offers and takes no contacts for another IMAP provider, which has nowhere to put them', async () => {
    const session = await signIn(harness);
    const offered = await session.post('/api/capabilities/', { email: 'me@my-isp.net' });
    expect(await offered.json()).toEqual({ allowed_operations: ['emailmigration'], auth: 'password', provider: 'other' });
    const response = await session.post('/api/load/', {
      ...fileLoad(session.email),
      destination_account: { provider: 'other', email: 'me@my-isp.net', password: 'correct-password' },
      file_export_parameters: undefined,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'OPERATION_NOT_ALLOWED', message: "Operation 'contactsmigration' not allowed." });
  });

  it('refuses an invalid notification address and a source that is not the signed-in account', async () => {
    const session = await signIn(harness);
    const badMail = await session.post('/api/load/', fileLoad(session.email, { parameters: { notificationEmail: 'nope' } }));
    expect(badMail.status).toBe(400);
    expect(await badMail.json()).toMatchObject({ field: 'parameters.notificationEmail' });
    const mismatch = await session.post('/api/load/', fileLoad('someone-else@example.com'));
    expect(mismatch.status).toBe(403);
  });

  it('refuses an account whose opt-out state does not allow migration (delete)', async () => {
    const session = await signIn(harness, 'opted-out-delete@example.com');
    const response = await session.post('/api/load/', fileLoad(session.email));
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: 'OPT_OUT_STATE' });
  });
});
