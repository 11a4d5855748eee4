/**
 * `tsx server/main.ts` as `npm start` runs it: listens on loopback by default, says which parts are
 * development stand-ins (the embedded development provider among them), answers, keeps what it writes
 * to its own user, and shuts down cleanly on SIGTERM; under NODE_ENV=production it refuses to start
 * without its real parts and, with them, signs in through the configured issuer (https, trusted like
 * a real one's CA) and serves no development page. On SQLite by default, and with DATABASE_URL on Postgres in the `postgres` project.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect } from '../support/test-database.ts';
import { PRODUCTION } from './helpers/production-env.ts';
import { freePort } from '../support/free-port.ts';
import { createOAuthBrowser } from '../support/oauth-browser.ts';
import { startTlsIssuer } from '../support/tls-issuer.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'portal-main-'));
mkdirSync(path.join(dir, 'dist'));
writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>main test</title>');
const database = await createTestDatabase();
afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file or folder under `root` that anyone but its owner may read, write or enter. */
function openToOthers(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(root, name))
    .concat(root)
    .filter((file) => (statSync(file).mode & 0o077) !== 0);
}

type Main = { child: ChildProcess; base: string; output: () => string; exited: Promise<number | null>; healthy: boolean };

/** Starts the service with only the given environment (plus PATH), and waits for health or exit. */
async function startMain(env: Record<string, string>, dataDir: string): Promise<Main> {
  const port = await freePort();
  // node itself, not the tsx command: tsx runs the service in a child of its own, which a signal to
  // the parent does not reach in time (and a SIGKILL leaves behind).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: path.join(dir, dataDir),
      DIST_DIR: path.join(dir, 'dist'),
      LOG_LEVEL: 'silent',
      ...database.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  let healthy = false;
  for (let i = 0; i < 150 && !healthy && child.exitCode === null; i += 1) {
    healthy = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, base, output: () => log, exited, healthy };
}

describe('server/main.ts', () => {
  it('serves on loopback with the development stand-ins, says so, and exits 0 on SIGTERM', { timeout: 60_000 }, async () => {
    const metricsPort = await freePort();
    const main = await startMain({ METRICS_PORT: String(metricsPort) }, 'dev');
    expect(main.healthy).toBe(true);
    // Ready: the database, its migrations and the transfer queue (pg-boss on Postgres, the table on SQLite) answer.
    expect(await (await fetch(`${main.base}/readyz`)).json()).toEqual({
      ok: true,
      checks: { database: 'ok', migrations: 'ok', queue: 'ok' },
    });
    // Metrics on their own loopback port, not on the portal's.
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/portal_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(metrics).toContain('process_resident_memory_bytes');
    // The public port's /metrics is just a path of the SPA.
    expect(await (await fetch(`${main.base}/metrics`)).text()).not.toContain('portal_http_request');
    expect(main.output()).toMatch(
      /listening on http:\/\/127\.0\.0\.1:\d+ \(role all; development stand-ins: embedded development sign-in .*embedded development Gmail, Outlook\.com, Yahoo Mail, AOL Mail and Northwave Mail Plus consent.*simulated migration vendor.*secret generated/,
    );
    expect(main.output()).not.toContain('Unsupported runtime');
    expect(await (await fetch(`${main.base}/support-form`)).text()).toContain('main test');
    // The sign-in goes through the embedded development provider, on its own loopback port.
    const browser = createOAuthBrowser(main.base);
    const signIn = await browser.visit(`${main.base}/api/oauth/?provider=northwave&logout=true`);
    expect(signIn.url.hostname).toBe('127.0.0.1');
    expect(signIn.url.port).not.toBe(new URL(main.base).port);
    expect(signIn.html).toContain('active@example.com');
    const done = await browser.submit(signIn, { email: 'active@example.com' });
    expect(done.url.pathname).toBe('/oauth-callback');
    expect(done.url.searchParams.get('token_id')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The data went where the configuration points: no SQLite file once DATABASE_URL is set.
    expect(existsSync(path.join(dir, 'dev', 'portal.sqlite'))).toBe(testDialect === 'sqlite');
    expect(existsSync(path.join(dir, 'dev', 'hash-secret'))).toBe(true);
    expect((await fetch(`${main.base}/dev/mailboxes`)).status).toBe(200);

    main.child.kill('SIGTERM');
    expect(await main.exited, main.output()).toBe(0);
    // The first start wrote the scenario accounts' sample mailboxes (shutdown waits for the one being written; active is the first).
    expect(existsSync(path.join(dir, 'dev', 'dev-mail', 'accounts', 'active@example.com', 'Maildir', 'mailbox.json'))).toBe(true);
    expect(existsSync(path.join(dir, 'dev', 'dev-mail', 'accounts', 'active@example.com', 'contacts', 'contacts'))).toBe(true);
    // All it wrote (the database, the secret, the sample mailboxes) is its own user's alone: 0600, 0700.
    expect(openToOthers(path.join(dir, 'dev'))).toEqual([]);
  });

  it('refuses NODE_ENV=production without identity, public URL and secrets, naming each variable', { timeout: 60_000 }, async () => {
    const main = await startMain({ NODE_ENV: 'production' }, 'refused');
    expect(await main.exited).toBe(1);
    expect(main.healthy).toBe(false);
    for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL', 'HASH_SECRET', 'SMTP_URL']) {
      expect(main.output()).toContain(name);
    }
    expect(existsSync(path.join(dir, 'refused', 'hash-secret'))).toBe(false);
  });

  it('in production with its configuration signs in through the issuer and serves no development page', { timeout: 60_000 }, async () => {
    const issuer = await startTlsIssuer({
      client_id: PRODUCTION.OIDC_CLIENT_ID,
      client_secret: PRODUCTION.OIDC_CLIENT_SECRET,
      redirect_uris: [`${PRODUCTION.PUBLIC_URL}/api/oauth/callback`],
    });
    const main = await startMain({ ...PRODUCTION, OIDC_ISSUER: issuer.issuer, NODE_EXTRA_CA_CERTS: issuer.caFile }, 'production');
    try {
      expect(main.healthy, main.output()).toBe(true);
      expect(main.output()).toContain('development stand-ins: none');
      for (const start of ['/api/oauth/?provider=northwave&logout=true', '/api/oauth-for-status/?provider=northwave&logout=true']) {
        const response = await fetch(`${main.base}${start}`, { redirect: 'manual' });
        expect(response.status, `${start}: ${main.output()}`).toBe(302);
        const authorize = new URL(response.headers.get('location') ?? '');
        expect(authorize.origin).toBe(issuer.issuer);
        expect(authorize.searchParams.get('client_id')).toBe(PRODUCTION.OIDC_CLIENT_ID);
        expect(authorize.searchParams.get('redirect_uri')).toBe(`${PRODUCTION.PUBLIC_URL}/api/oauth/callback`);
        expect(authorize.searchParams.get('prompt')).toBe('login');
        expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
        expect(response.headers.get('set-cookie') ?? '').toMatch(/identity_flow=[^;]+;.*HttpOnly; SameSite=Lax; Secure/);
      }
      for (const page of ['/dev/support-requests', '/dev/mailboxes']) {
        expect((await fetch(`${main.base}${page}`, { redirect: 'manual' })).status, page).toBe(404);
      }
      // The old development sign-in form posted straight to the callback gives no token.
      const forged = await fetch(`${main.base}/api/oauth/callback`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ state: 'x'.repeat(32), flow: 'sign-in', email: 'victim@example.com' }).toString(),
      });
      expect(forged.headers.get('location') ?? '').not.toContain('token_id');
      const consent = await fetch(`${main.base}/api/oauth/?provider=gmail&scopes=emailmigration&logout=true`, { redirect: 'manual' });
      expect(consent.headers.get('location')).toBe('/oauth-callback?error=PROVIDER_NOT_SUPPORTED');
      expect((await fetch(`${main.base}/`)).headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(existsSync(path.join(dir, 'production', 'hash-secret'))).toBe(false);
      expect(existsSync(path.join(dir, 'production', 'dev-mail'))).toBe(false);
    } finally {
      main.child.kill('SIGTERM');
      await main.exited;
      await issuer.close();
    }
  });
});
