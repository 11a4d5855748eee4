/**
 * What the transfer suites share: a real Dovecot holding the customer's source mailbox (reached through
 * its master user, as the provider's server would be) and the destination accounts, the service's
 * configuration that points at it, and polling of the status answers over HTTP.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { startDovecot, type Dovecot, type DovecotOptions, type DovecotUserSpec } from '../../support/dovecot.ts';
import { seedMailbox } from '../../engine/support/imap-mailbox.ts';
import type { FixtureMessage } from '../../engine/support/mail-fixture.ts';
import { createOAuthBrowser } from '../../support/oauth-browser.ts';
import type { StandIn } from '../../support/standin-authorization-server.ts';
import { signIn, startHarness, type Harness, type HarnessOptions } from '../helpers/harness.ts';

export type MailServers = { dovecot: Dovecot; certFile: string; env: Record<string, string> };

/**
 * Dovecot with `source` seeded with `messages` and the other users empty; `env` configures the service
 * to read the source through the master user and to reach the destination on loopback (the outbound
 * guard's allow-list and the test certificate as the destinations' private CA).
 */
export async function startMailServers(
  dir: string,
  source: DovecotUserSpec,
  messages: FixtureMessage[],
  destinations: DovecotUserSpec[],
  options: Pick<DovecotOptions, 'oauth2UserinfoUrl'> = {},
): Promise<MailServers> {
  const dovecot = await startDovecot({ users: [source, ...destinations], ...options });
  await seedMailbox(dovecot, source.email, source.password, messages);
  const certFile = path.join(dir, 'dovecot-cert.pem');
  writeFileSync(certFile, dovecot.certificate);
  return {
    dovecot,
    certFile,
    env: {
      SOURCE_IMAP_HOST: dovecot.host,
      SOURCE_IMAP_PORT: String(dovecot.port),
      SOURCE_IMAP_TLS: 'implicit',
      SOURCE_IMAP_CA_FILE: certFile,
      SOURCE_IMAP_MASTER_USER: dovecot.master.user,
      SOURCE_IMAP_MASTER_PASSWORD: dovecot.master.password,
      SOURCE_IMAP_MASTER_SEPARATOR: dovecot.master.separator,
      ADAPTERS: 'real',
      OUTBOUND_ALLOW_LIST: '127.0.0.1',
      DESTINATION_IMAP_CA_FILE: certFile,
      TRANSFER_POLL_MS: '50',
    },
  };
}

/** The load of `owner`'s mail to Other at the test Dovecot, as the browser sends it; `extra` adds fields (a mail choice). */
export const otherLoad = (
  servers: MailServers,
  owner: string,
  to: { email: string; password: string },
  extra: Record<string, unknown> = {},
) => ({
  source_account: { email: owner, provider: 'northwave' },
  destination_account: { provider: 'other', email: to.email, password: to.password, imap: `127.0.0.1:${servers.dovecot.port}` },
  operations: ['emailmigration'],
  parameters: { notificationEmail: 'notify@example.com' },
  ...extra,
});

/**
 * A suite's mail servers and services: the Dovecot started before the suite and stopped after it, and
 * `start(env)` a service with transfers configured for it (at `now` on the harness clock, when given),
 * stopped and removed after each test.
 */
export function useMailServers(
  name: string,
  source: DovecotUserSpec,
  messages: FixtureMessage[],
  destinations: DovecotUserSpec[],
  options: { now?: number } = {},
) {
  const dir = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
  let servers: MailServers | undefined;
  const harnesses: Harness[] = [];
  beforeAll(async () => {
    servers = await startMailServers(dir, source, messages, destinations);
  }, 60_000);
  afterAll(async () => {
    await servers?.dovecot.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) {
      await harness.stop();
      await harness.remove();
    }
  });
  const current = (): MailServers => {
    if (!servers) throw new Error('the mail servers start before the suite');
    return servers;
  };
  return {
    servers: current,
    async start(env: Record<string, string> = {}, more: Omit<HarnessOptions, 'transfers' | 'env'> = {}): Promise<Harness> {
      const harness = await startHarness({ ...more, transfers: true, env: { ...current().env, ...env } });
      if (options.now !== undefined) harness.clock.now = options.now;
      harnesses.push(harness);
      return harness;
    },
  };
}

/** The status answer (signed-in when `token` is given). */
export async function statusOf(base: string, exportId: string, token?: string): Promise<StatusResponse> {
  const response = await fetch(
    `${base}/api/${token ? '' : 'v2/'}status/?job_id=${exportId}`,
    token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  );
  expect(response.status).toBe(200);
  return (await response.json()) as StatusResponse;
}

/** Polls the status every few milliseconds until `done` says so; returns every answer seen. */
export async function pollStatus(
  base: string,
  exportId: string,
  done: (answer: StatusResponse) => boolean,
  options: { token?: string; timeoutMs?: number } = {},
): Promise<StatusResponse[]> {
  const seen: StatusResponse[] = [];
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const answer = await statusOf(base, exportId, options.token);
    seen.push(answer);
    if (done(answer)) return seen;
    if (Date.now() > deadline) throw new Error(`status did not get there in time; last: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const ended = (answer: StatusResponse) =>
  [answer.emailmigration, answer.contactsmigration].every((op) => !op || op.status !== 'started');

/**
 * Signs `owner` in, consents at the destination's authorization server (`standIn`, answering as
 * `address`) to moving mail, and loads that export, as the browser does: the export ID, the owner's
 * token, and where the consent came back to.
 */
export async function loadMailExportWithConsent(
  harness: Harness,
  standIn: StandIn,
  export_: { provider: 'gmail' | 'outlook' | 'yahoo' | 'aol'; owner: string; address: string },
): Promise<{ jobid: string; token: string; consent: URL }> {
  const session = await signIn(harness, export_.owner);
  standIn.answerNext({ email: export_.address });
  const consent = await createOAuthBrowser(harness.base).visit(
    `${harness.base}/api/oauth/?provider=${export_.provider}&scopes=emailmigration&logout=true`,
  );
  expect(consent.url.pathname).toBe('/oauth-callback');
  expect(consent.url.searchParams.get('email')).toBe(export_.address);
  const response = await session.post('/api/load/', {
    source_account: { email: export_.owner, provider: 'northwave' },
    destination_account: { provider: export_.provider, email: export_.address, tokenId: consent.url.searchParams.get('token_id') ?? '' },
    operations: ['emailmigration'],
    parameters: { notificationEmail: 'notify@example.com' },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { jobid } = (await response.json()) as { jobid: string };
  return { jobid, token: session.token, consent: consent.url };
}
