/**
 * The browser's clients against the real export service (test/server/helpers/harness.ts) on a
 * loopback port: the two sides agree on paths, bodies, query strings, the XSRF and bearer checks,
 * and every answer passes the client's schema. A browser's cookie jar is stood in for by a fetch
 * that adds the Cookie header the page load set.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadRequestSchema, type LoadRequest } from '../../contract/index.ts';
import { createExportServiceClient } from '../../src/api/export-service-client';
import { createSessionClient } from '../../src/api/session-client';
import { emailHash } from '../../server/identity/email-hash';
import { fileLoad, SECRET, startHarness, type Harness } from '../server/helpers/harness';

let harness: Harness;
let xsrfCookie: string;
let sourceToken: string;
const email = 'active@example.com';

beforeAll(async () => {
  harness = await startHarness();
  const page = await fetch(`${harness.base}/`);
  const cookie = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('the service set no XSRF cookie on a page load');
  xsrfCookie = cookie;
  sourceToken = await harness.tokens.issue({ email, purpose: 'source', provider: 'northwave' });
});
afterAll(async () => {
  await harness.stop();
  await harness.remove();
});

/** The session client as a signed-in browser uses it; each part can be left out. */
function sessionClient({ bearer = true, xsrf = true } = {}) {
  const withCookieJar = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    request.headers.set('cookie', `XSRF-TOKEN=${xsrfCookie}`);
    return fetch(request);
  };
  return createSessionClient({
    baseUrl: harness.base,
    readAuthToken: () => (bearer ? sourceToken : undefined),
    readXsrfCookie: () => (xsrf ? xsrfCookie : undefined),
    fetch: withCookieJar,
  });
}
/** The harness's file-export body, checked against the contract instead of cast. */
const loadBody = (): LoadRequest => v.parse(LoadRequestSchema, fileLoad(email));
const exportService = () => createExportServiceClient({ exportServiceUrl: harness.base, inQa: true });

describe('session client ⇄ export service', () => {
  it('capabilities answers in the contract’s shape', async () => {
    const answer = await sessionClient().capabilities({ email: 'me@gmail.com' });
    expect(answer.allowed_operations).toContain('emailmigration');
  });

  it('validate reports wrong credentials as data, not as a failure', async () => {
    const answer = await sessionClient().validate({ email: 'me@gmail.com', password: 'wrong', provider: 'other' });
    expect(answer).toMatchObject({ ok: false, error: 'INVALID_CREDENTIALS' });
  });

  it('load starts an export whose status both status calls report', async () => {
    const { jobid } = await sessionClient().load(loadBody());
    expect(jobid).toMatch(/^[A-Za-z0-9]{32}$/);
    const v2 = await exportService().statusV2({ job_id: jobid });
    const v1 = await sessionClient().status({ job_id: jobid });
    expect(v2.emailmigration?.status).toBe('started');
    // The signed-in answer is the anonymous one plus the owner's fields.
    expect(v1).toEqual({ ...v2, can_cancel: false, can_pause: false, can_resume: false });
  });

  it('a POST without the XSRF header is refused with XSRF_TOKEN_INVALID', async () => {
    await expect(sessionClient({ xsrf: false }).capabilities({ email: 'me@gmail.com' })).rejects.toMatchObject({
      kind: 'status',
      status: 403,
      code: 'XSRF_TOKEN_INVALID',
    });
  });

  it('sourceFolders says in words that the folders cannot be listed where no source can be read', async () => {
    // This harness runs no transfer service (test/server/transfers/what-to-move.test.ts lists a real Dovecot's).
    await expect(sessionClient().sourceFolders({})).rejects.toMatchObject({
      kind: 'status',
      status: 503,
      code: 'SOURCE_UNAVAILABLE',
      message: 'Your folders could not be listed just now, so every folder will be moved.',
    });
  });

  it('a call without the bearer token is refused with UNAUTHORIZED', async () => {
    await expect(sessionClient({ bearer: false }).capabilities({ email: 'me@gmail.com' })).rejects.toMatchObject({
      kind: 'status',
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });
});

describe('export-service client ⇄ export service', () => {
  it('comcastGetMigrationStatus and comcastInfo answer for the signed-in token', async () => {
    const status = await exportService().comcastGetMigrationStatus({ token_id: sourceToken });
    expect(status).toMatchObject({ mailbox: true, account: true, login: true });
    expect((await exportService().comcastInfo({ token_id: sourceToken })).inactive ?? null).toBeNull();
  });

  it('an unknown token is refused with UNAUTHORIZED', async () => {
    await expect(exportService().comcastInfo({ token_id: 'not-a-token' })).rejects.toMatchObject({
      kind: 'status',
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });

  it('validateImap and domainValidation answer ok for a known provider and not for .invalid', async () => {
    expect(await exportService().validateImap({ imap: 'imap.gmail.com' })).toEqual({ ok: true });
    expect(await exportService().validateImap({ imap: 'mail.nowhere.invalid' })).toEqual({ ok: false });
    expect(await exportService().domainValidation({ domain: 'gmail.com' })).toEqual({ ok: true });
    expect(await exportService().domainValidation({ domain: 'nowhere.invalid' })).toEqual({ ok: false });
  });

  it('jobsByEmail answers a map of export IDs to start times', async () => {
    const { jobid } = await sessionClient().load(loadBody());
    const answer = await exportService().jobsByEmail({ hash: await harness.tokens.issueListing(emailHash(email, SECRET)) });
    expect(Object.keys(answer)).toContain(jobid);
    expect(Number.isNaN(Date.parse(answer[jobid] ?? ''))).toBe(false);
    expect(await exportService().jobsByEmail({ hash: 'a'.repeat(40) })).toEqual({});
  });

  it('an unknown export ID is JOB_NOT_FOUND', async () => {
    await expect(exportService().statusV2({ job_id: 'N'.repeat(32) })).rejects.toMatchObject({
      kind: 'status',
      status: 404,
      code: 'JOB_NOT_FOUND',
    });
  });

  it('validateToken says whether a token is valid', async () => {
    expect(await exportService().validateToken({ token: sourceToken })).toMatchObject({ valid: true });
    expect(await exportService().validateToken({ token: 'nope' })).toMatchObject({ valid: false });
  });

  it('supportRequest is accepted by the service’s own webhook', async () => {
    const client = createExportServiceClient({
      exportServiceUrl: harness.base,
      supportWebhookUrl: `${harness.base}/api/support-requests/`,
    });
    const form = { email_address: email, destination_email: '', migration_id: '', issue: 'Where are my contacts?' };
    expect(await client.supportRequest(form)).toEqual({ ok: true, status: 'received' });
  });

  it('comcastUpdateOptOutState schedules and cancels a closure', async () => {
    const token = await harness.tokens.issue({ email: 'login-inactive@example.com', purpose: 'source', provider: 'northwave' });
    const scheduled = await exportService().comcastUpdateOptOutState({ token_id: token }, { optOutState: 'OPT_OUT' });
    expect(scheduled.status).toBe('success');
    const cancelled = await exportService().comcastUpdateOptOutState({ token_id: token }, { optOutState: 'OPT_OUT_CANCEL' });
    expect(cancelled.status).toBe('success');
  });
});
