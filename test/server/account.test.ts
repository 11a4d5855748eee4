/** The token_id calls (migration status, opt-out, comcastinfo), validate-token and the host/domain checks. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postJson, startHarness, type Harness } from './helpers/harness.ts';

let harness: Harness;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.stop();
  await harness.remove();
});

const tokenFor = (email: string, purpose: 'source' | 'status' | 'destination' = 'source') =>
  harness.tokens.issue({ email, purpose, provider: purpose === 'destination' ? 'gmail' : 'northwave' });

const getJson = async (path: string) => {
  const response = await fetch(`${harness.base}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const migrationStatus = (token: string) => getJson(`/api/v2/comcast-get-migration-status/?token_id=${token}&in_qa=true`);

const updateOptOut = async (token: string, optOutState: string) => {
  const response = await postJson(harness.base, `/api/v2/comcast-update-opt-out-state/?token_id=${token}&in_qa=true`, { optOutState });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('GET /api/v2/comcast-get-migration-status/', () => {
  it('answers the scenario with dates computed from its days', async () => {
    const { status, body } = await migrationStatus(await tokenFor('opted-out@example.com'));
    expect(status).toBe(200);
    expect(body).toEqual({
      mailbox: true,
      account: true,
      login: true,
      carddav: true,
      optOutState: 'OPTED_OUT_INITIAL',
      migrationStatus: null,
      purgeReason: null,
      deactivationDate: new Date(harness.clock.now + 30 * DAY_MS).toISOString(),
      optedOutToBePurgedDate: new Date(harness.clock.now + 21 * DAY_MS).toISOString(),
    });
  });

  it('answers the moved and purged scenarios', async () => {
    expect((await migrationStatus(await tokenFor('moved-to-yahoo@example.com'))).body).toMatchObject({ migrationStatus: 'YAHOO' });
    expect((await migrationStatus(await tokenFor('purged-tos-timeout@example.com'))).body).toMatchObject({
      migrationStatus: 'PURGED',
      purgeReason: 'TOS_TIMEOUT_DELETE',
      account: false,
    });
  });

  it('answers ACCOUNT_DOES_NOT_EXIST as a failed call for an account that never existed', async () => {
    const { status, body } = await migrationStatus(await tokenFor('no-account@example.com'));
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: 'ACCOUNT_DOES_NOT_EXIST' });
  });

  it('accepts the status sign-in token but not a destination grant; 401 for unknown, expired or missing', async () => {
    expect((await migrationStatus(await tokenFor('active@example.com', 'status'))).status).toBe(200);
    expect((await migrationStatus(await tokenFor('active@example.com', 'destination'))).status).toBe(401);
    expect((await migrationStatus('x'.repeat(43))).status).toBe(401);
    const token = await tokenFor('active@example.com');
    harness.clock.now += harness.config.tokenTtlMs;
    const expired = await migrationStatus(token);
    harness.clock.now -= harness.config.tokenTtlMs;
    expect(expired).toEqual({ status: 401, body: expect.objectContaining({ error: 'UNAUTHORIZED' }) });
    const missing = await getJson('/api/v2/comcast-get-migration-status/');
    expect(missing).toEqual({ status: 400, body: expect.objectContaining({ error: 'INVALID_REQUEST', field: 'token_id' }) });
  });
});

describe('POST /api/v2/comcast-update-opt-out-state/ (§4 transitions)', () => {
  // Each case starts from the scenarios' own states.
  beforeEach(async () => {
    await harness.db.deleteFrom('opt_out_states').execute();
  });

  it('opts out from none, cancels, opts out again; the persisted state wins over the scenario', async () => {
    const email = 'transitions@example.com';
    const token = await tokenFor(email);
    expect(await updateOptOut(token, 'OPT_OUT')).toEqual({ status: 200, body: { status: 'success', optOutState: 'OPTED_OUT_INITIAL' } });
    const initial = (await migrationStatus(token)).body;
    expect(initial.optOutState).toBe('OPTED_OUT_INITIAL');
    expect(initial.optedOutToBePurgedDate).toBe(new Date(harness.clock.now + 30 * DAY_MS).toISOString());
    expect(await updateOptOut(token, 'OPT_OUT_CANCEL')).toEqual({
      status: 200,
      body: { status: 'success', optOutState: 'OPTED_OUT_CANCEL' },
    });
    expect((await migrationStatus(token)).body).toMatchObject({ optOutState: 'OPTED_OUT_CANCEL', optedOutToBePurgedDate: null });
    expect((await updateOptOut(token, 'OPT_OUT')).body).toMatchObject({ optOutState: 'OPTED_OUT_INITIAL' });
  });

  it('cancels from delete', async () => {
    const token = await tokenFor('opted-out-delete@example.com');
    expect((await updateOptOut(token, 'OPT_OUT_CANCEL')).body).toEqual({ status: 'success', optOutState: 'OPTED_OUT_CANCEL' });
  });

  it.each([
    ['active@example.com', 'OPT_OUT_CANCEL', 'NONE'],
    ['opted-out@example.com', 'OPT_OUT', 'OPTED_OUT_INITIAL'],
    ['opted-out-delete@example.com', 'OPT_OUT', 'OPTED_OUT_DELETE'],
    ['opted-out-cancel@example.com', 'OPT_OUT_CANCEL', 'OPTED_OUT_CANCEL'],
    ['purged-opted-out@example.com', 'OPT_OUT_CANCEL', 'OPTED_OUT_MBOX_PURGED'],
    ['purged-opted-out@example.com', 'OPT_OUT', 'OPTED_OUT_MBOX_PURGED'],
    // The raw state (NONE) would allow a closure; the derived state (moved, purged) does not.
    ['moved-to-yahoo@example.com', 'OPT_OUT', 'NONE'],
    ['purged-tos-timeout@example.com', 'OPT_OUT', 'NONE'],
    ['purged-inactive@example.com', 'OPT_OUT', 'NONE'],
  ])('refuses %s → %s from %s with 409 and a clear error, changing nothing', async (email, request, from) => {
    const token = await tokenFor(email);
    const before = (await migrationStatus(token)).body.optOutState;
    expect(before).toBe(from);
    const { status, body } = await updateOptOut(token, request);
    expect(status).toBe(409);
    expect(body).toEqual({
      error: 'OPT_OUT_TRANSITION_NOT_ALLOWED',
      message: expect.stringMatching(new RegExp(`^${request} is not allowed for an account that is \\w+ \\(opt-out state ${from}\\)\\.$`)),
      field: 'optOutState',
    });
    expect((await migrationStatus(token)).body.optOutState).toBe(before);
  });

  it('refuses a cancel for a purged account even when its stored state is a scheduled deletion', async () => {
    const email = 'purged-tos-timeout@example.com';
    await harness.db.insertInto('opt_out_states').values({ email, state: 'OPTED_OUT_DELETE', updated_at: 0 }).execute();
    const { status, body } = await updateOptOut(await tokenFor(email), 'OPT_OUT_CANCEL');
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: 'OPT_OUT_TRANSITION_NOT_ALLOWED', message: expect.stringContaining('purgedTosTimeoutDelete') });
  });

  it('refuses an account without a mailbox (stopped at sign-in by the portal) with 409', async () => {
    const { status, body } = await updateOptOut(await tokenFor('mailbox-inactive@example.com'), 'OPT_OUT');
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: 'ACCOUNT_NOT_ACTIVE' });
  });

  it('answers 400 for an unknown request and 401 without a valid token', async () => {
    const bad = await updateOptOut(await tokenFor('active@example.com'), 'DELETE_EVERYTHING');
    expect(bad).toEqual({ status: 400, body: expect.objectContaining({ error: 'INVALID_REQUEST', field: 'optOutState' }) });
    expect((await updateOptOut('nope', 'OPT_OUT')).status).toBe(401);
  });
});

describe('GET /api/v2/comcastinfo/', () => {
  it.each([
    ['active@example.com', null],
    ['no-contacts@example.com', 'carddav'],
    ['mailbox-inactive@example.com', 'mailbox'],
    ['no-account@example.com', 'user'],
  ])('answers inactive for %s', async (email, inactive) => {
    expect(await getJson(`/api/v2/comcastinfo/?token_id=${await tokenFor(email)}`)).toEqual({ status: 200, body: { inactive } });
  });

  it('answers 401 for an unknown token', async () => {
    expect((await getJson('/api/v2/comcastinfo/?token_id=unknown')).status).toBe(401);
  });
});

describe('POST /api/validate-token/', () => {
  it('says whether a token is live, with its address', async () => {
    const valid = await postJson(harness.base, '/api/validate-token/', { token: await tokenFor('active@example.com') });
    expect(await valid.json()).toEqual({ valid: true, email: 'active@example.com' });
    const invalid = await postJson(harness.base, '/api/validate-token/', { token: 'x' });
    expect(await invalid.json()).toEqual({ valid: false, email: null });
    const missing = await postJson(harness.base, '/api/validate-token/', {});
    expect(missing.status).toBe(400);
  });
});

describe('host and domain checks', () => {
  it.each([
    ['imap.gmail.com', true],
    ['imaps://imap.example.com:993', true],
    ['imap.example.com:993', true],
    ['no-such-host.invalid', false],
    ['not a host', false],
  ])('validate-imap %s → ok %s', async (imap, ok) => {
    const response = await postJson(harness.base, '/api/validate-imap/', { imap });
    expect(await response.json()).toEqual({ ok });
  });

  it('validate-imap answers 400 for an empty host', async () => {
    const response = await postJson(harness.base, '/api/validate-imap/', { imap: '' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'imap' });
  });

  it.each([
    ['gmail.com', true],
    ['example.com', true],
    ['surely-not-a-mail-domain.invalid', false],
    ['bad..domain', false],
  ])('domain-validation %s → ok %s', async (domain, ok) => {
    expect(await getJson(`/api/v2/domain-validation/?domain=${domain}`)).toEqual({ status: 200, body: { ok } });
  });

  it('domain-validation answers 400 without a domain', async () => {
    expect(await getJson('/api/v2/domain-validation/')).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'INVALID_REQUEST', field: 'domain' }),
    });
  });
});
