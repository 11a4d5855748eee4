/**
 * What the transfer suites share: a real Dovecot holding the customer's source mailbox (reached through
 * its master user, as the provider's server would be) and the destination accounts, the service's
 * configuration that points at it, and polling of the status answers over HTTP.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { startDovecot, type Dovecot, type DovecotOptions, type DovecotUserSpec } from '../../support/dovecot.ts';
import { seedMailbox } from '../../engine/support/imap-mailbox.ts';
import type { FixtureMessage } from '../../engine/support/mail-fixture.ts';

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

/** The status answer (signed-in when `token` is given). */
export async function statusOf(base: string, exportId: string, token?: string): Promise<StatusResponse> {
  const response = await fetch(`${base}/api/${token ? '' : 'v2/'}status/?job_id=${exportId}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
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
