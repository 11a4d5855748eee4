/**
 * The wrong-password brake holds against a burst (docs/security.md, "Limits held by the server"): 40
 * credential checks of one destination address at once, from two signed-in accounts, against a real
 * Dovecot. Counted at the server, from its own log, at most the free failures (3) reach it before the
 * wait; the rest are refused without a connection, and the right password is refused too until the
 * wait is over. Runs on SQLite and on Postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImapCredentialChecker } from '../../server/checks/imap-credential-checker.ts';
import { createOutboundGuard } from '../../server/checks/outbound-guard.ts';
import { startDovecot, type Dovecot } from '../support/dovecot.ts';
import { signIn, startHarness, type Harness } from './helpers/harness.ts';

let dovecot: Dovecot;
let harness: Harness;

beforeAll(async () => {
  dovecot = await startDovecot();
  const guard = createOutboundGuard({ allowList: ['127.0.0.1'], ports: [dovecot.port], dnsServers: null });
  harness = await startHarness({
    env: { RATE_LIMIT_VALIDATE_FREE_FAILURES: '3', RATE_LIMIT_VALIDATE_DELAY_MS: '30000' },
    credentialChecker: createImapCredentialChecker({ guard, tls: { ca: dovecot.certificate }, timeoutMs: 10_000 }),
  });
}, 60_000);

afterAll(async () => {
  await harness?.stop();
  await harness?.remove();
  await dovecot?.stop();
});

/** Logins the server saw: each refused one (`auth failed, N attempts`) and each accepted one. */
function loginsAtServer(): number {
  const log = dovecot.log();
  const refused = [...log.matchAll(/auth failed, (\d+) attempts/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  return refused + (log.match(/imap-login: Info: Login:/g)?.length ?? 0);
}

/** The login process writes its line when the connection closes, just after the check has its answer. */
async function settledLogins(): Promise<number> {
  let seen = loginsAtServer();
  for (let i = 0; i < 10; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = loginsAtServer();
    if (now === seen && i >= 4) return now;
    seen = now;
  }
  return seen;
}

describe('the wrong-password brake under a burst', () => {
  it('lets at most 3 of 40 concurrent wrong-password checks reach the IMAP server before the wait', async () => {
    const accounts = [await signIn(harness, 'active@example.com'), await signIn(harness, 'login-inactive@example.com')];
    const imap = `127.0.0.1:${dovecot.port}`;
    const before = await settledLogins();
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const session = accounts[i % 2];
        if (!session) throw new Error('no session');
        const response = await session.post('/api/validate/', {
          email: dovecot.user.email,
          password: `guess-${i}`,
          imap,
          provider: 'other',
        });
        return { status: response.status, body: (await response.json()) as unknown };
      }),
    );
    const reached = (await settledLogins()) - before;
    expect(reached).toBeLessThanOrEqual(3);
    // The control: the checks that were let through did reach the server and were refused there.
    const tried = answers.filter((answer) => answer.status === 200);
    expect(tried.length).toBe(reached);
    expect(tried.length).toBeGreaterThan(0);
    for (const answer of tried) expect(answer.body).toEqual({ ok: false, error: 'INVALID_CREDENTIALS' });
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(40 - tried.length);

    // The right password waits too: the brake is on the address, not on the guesses.
    const right = await accounts[0]?.post('/api/validate/', {
      email: dovecot.user.email,
      password: dovecot.user.password,
      imap,
      provider: 'other',
    });
    expect(right?.status).toBe(429);
    expect(await right?.json()).toEqual({
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many wrong passwords for this address\. Please wait and try again in \d+ seconds\.$/),
    });
    expect(await settledLogins()).toBe(before + reached);
  }, 60_000);
});
