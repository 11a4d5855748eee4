/**
 * Downloads only for the owner, over real HTTP (docs/decisions/0021-owner-bound-downloads.md): a
 * grant opens its file only with the live sign-in it was issued to — carried by the cookie the
 * signed-in status answer sets, as a browser does, or as a bearer — and is refused, never answered
 * with the file, for no sign-in, another account's, another sign-in of the owner, a sign-in that has
 * ended, a grant past its minutes, or a grant of the other purpose.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createDownloadGrants, DOWNLOAD_GRANT_TTL_MS } from '../../server/jobs/download-grant.ts';
import { JOB_DURATION_MS, SECRET, fileLoad, signIn, startHarness, type Harness } from './helpers/harness.ts';

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.stop();
  await harness?.remove();
  harness = null;
});

/** A completed file export of active@example.com, with the clock past its end. */
async function completedExport(): Promise<{ h: Harness; jobId: string }> {
  const h = (harness = await startHarness());
  const session = await signIn(h, 'active@example.com');
  const response = await session.post('/api/load/', fileLoad('active@example.com'));
  const { jobid } = (await response.json()) as { jobid: string };
  h.clock.now += JOB_DURATION_MS;
  return { h, jobId: jobid };
}

/** Signs `email` in and asks for the status as the browser's session client does: the link, and the cookies set. */
async function signedInStatus(h: Harness, jobId: string, email: string, purpose: 'source' | 'status' = 'status') {
  const token = await h.tokens.issue({ email, purpose, provider: 'northwave' });
  const response = await fetch(`${h.base}/api/status/?job_id=${jobId}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { emailmigration?: { download_url?: string } };
  return { token, url: body.emailmigration?.download_url, cookies: response.headers.getSetCookie() };
}

/** The cookie pair a browser would send back (name=value), from a Set-Cookie header. */
const pairOf = (setCookie: string) => setCookie.split(';')[0] ?? '';

async function refusal(response: Response) {
  const body = (await response.json()) as { error: string; message: string };
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(body.message.length).toBeGreaterThan(10);
  return { status: response.status, error: body.error };
}

/** The refusal `url` gets with these request headers. */
const refusedWith = async (url: string, headers: Record<string, string> = {}) => refusal(await fetch(url, { headers }));

const SIGN_IN_REQUIRED = { status: 401, error: 'SIGN_IN_REQUIRED' };
const NOT_YOURS = { status: 403, error: 'NOT_YOUR_DOWNLOAD' };

describe('downloads only for the owner', () => {
  it("sets the owner's sign-in as an HttpOnly, SameSite=Strict cookie on the download path only, and the file opens with it", async () => {
    const { h, jobId } = await completedExport();
    const owner = await signedInStatus(h, jobId, 'active@example.com');
    expect(owner.url).toMatch(/^\/api\/downloads\//);
    expect(owner.cookies).toHaveLength(1);
    const [cookie = ''] = owner.cookies;
    expect(cookie).toMatch(/^download-session=[\w-]{43}; /);
    expect(cookie).toContain('Path=/api/downloads/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain(`Max-Age=${DOWNLOAD_GRANT_TTL_MS / 1000}`);

    const file = await fetch(`${h.base}${owner.url}`, { headers: { Cookie: pairOf(cookie) } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('sets no cookie for anyone but the owner, nor anonymously', async () => {
    const { h, jobId } = await completedExport();
    expect((await signedInStatus(h, jobId, 'someone-else@example.com')).cookies).toEqual([]);
    const anonymous = await fetch(`${h.base}/api/status/?job_id=${jobId}`);
    expect(anonymous.headers.getSetCookie()).toEqual([]);
    expect(await anonymous.json()).toMatchObject({ file_ready: true });
  });

  it("refuses the owner's link with no sign-in (401), and with another account's or another sign-in of the owner (403)", async () => {
    const { h, jobId } = await completedExport();
    const owner = await signedInStatus(h, jobId, 'active@example.com');
    const url = `${h.base}${owner.url}`;
    expect(await refusedWith(url)).toEqual(SIGN_IN_REQUIRED);

    const other = await signedInStatus(h, jobId, 'someone-else@example.com');
    expect(await refusedWith(url, { Cookie: `download-session=${other.token}` })).toEqual(NOT_YOURS);
    expect(await refusedWith(url, { Authorization: `Bearer ${other.token}` })).toEqual(NOT_YOURS);
    const ownersOtherSignIn = await signedInStatus(h, jobId, 'active@example.com', 'source');
    expect(await refusedWith(url, { Cookie: pairOf(ownersOtherSignIn.cookies[0] ?? '') })).toEqual(NOT_YOURS);
  });

  it('refuses a sign-in that is not a live sign-in: unknown, a destination consent, or ended (401)', async () => {
    const { h, jobId } = await completedExport();
    const owner = await signedInStatus(h, jobId, 'active@example.com');
    const url = `${h.base}${owner.url}`;
    const destination = await h.tokens.issue({ email: 'active@example.com', purpose: 'destination', provider: 'gmail' });
    for (const token of ['x'.repeat(43), destination]) {
      expect(await refusedWith(url, { Cookie: `download-session=${token}` })).toEqual(SIGN_IN_REQUIRED);
    }
    h.clock.now += h.config.tokenTtlMs;
    expect(await refusedWith(url, { Cookie: `download-session=${owner.token}` })).toEqual(SIGN_IN_REQUIRED);
  });

  it('refuses the right sign-in past the minutes of its grant (410)', async () => {
    const { h, jobId } = await completedExport();
    const owner = await signedInStatus(h, jobId, 'active@example.com');
    h.clock.now += DOWNLOAD_GRANT_TTL_MS;
    expect(await refusedWith(`${h.base}${owner.url}`, { Authorization: `Bearer ${owner.token}` })).toEqual({
      status: 410,
      error: 'DOWNLOAD_LINK_EXPIRED',
    });
  });

  it('opens nothing with a grant of the other purpose, even on the right sign-in (403)', async () => {
    const { h, jobId } = await completedExport();
    const owner = await signedInStatus(h, jobId, 'active@example.com');
    const grant = owner.url?.replace('/api/downloads/', '') ?? '';
    const headers = { Authorization: `Bearer ${owner.token}` };
    expect(await refusedWith(`${h.base}/api/reports/${grant}`, headers)).toEqual(NOT_YOURS);
    // A report grant for the same export and sign-in, made the way the service makes them.
    const reportGrant = createDownloadGrants(SECRET, 'item-report-grant').issue(jobId, owner.token, h.clock.now);
    expect(await refusedWith(`${h.base}/api/downloads/${reportGrant}`, headers)).toEqual(NOT_YOURS);
  });

  it('goes on where a download broke off: one byte range for the owner (206), none past the end (416), none for others', async () => {
    const { h, jobId } = await completedExport();
    const owner = await signedInStatus(h, jobId, 'active@example.com');
    const url = `${h.base}${owner.url}`;
    const cookie = { Cookie: pairOf(owner.cookies[0] ?? '') };
    const whole = await fetch(url, { headers: cookie });
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const etag = whole.headers.get('etag') ?? '';
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(100);

    const head = await fetch(url, { headers: { ...cookie, Range: 'bytes=0-99' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`);
    const rest = await fetch(url, { headers: { ...cookie, Range: 'bytes=100-', 'If-Range': etag } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-length')).toBe(String(bytes.length - 100));
    const joined = new Uint8Array([...new Uint8Array(await head.arrayBuffer()), ...new Uint8Array(await rest.arrayBuffer())]);
    expect(joined).toEqual(bytes);

    // Another file's validator: the whole file again, not a part of this one spliced onto that one.
    const changed = await fetch(url, { headers: { ...cookie, Range: 'bytes=100-', 'If-Range': '"another"' } });
    expect(changed.status).toBe(200);
    expect((await changed.arrayBuffer()).byteLength).toBe(bytes.length);
    const past = await fetch(url, { headers: { ...cookie, Range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    expect(await refusedWith(url, { Range: 'bytes=0-99' })).toEqual(SIGN_IN_REQUIRED);
  });
});
