/**
 * Yahoo Mail through the service, over real HTTP, as production configures it: YAHOO_ISSUER and its
 * client point at a local stand-in for Yahoo's authorization server, YAHOO_IMAP at a real Dovecot that
 * takes that server's access tokens over XOAUTH2 (it asks the server's userinfo endpoint about each, as
 * Yahoo's IMAP server trusts Yahoo's tokens). The customer signs in, consents, loads; the worker moves
 * the source mailbox into the Yahoo account with the consent's token — every message byte for byte,
 * with the final CRLF Yahoo wants — and the grant is kept for Copy new mail until its time is up, then
 * purged (decision 0032).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFollowUpsStore } from '../../../server/db/follow-ups-store.ts';
import type { StatusResponse } from '../../../contract/index.ts';
import { DESTINATION_SERVERS } from '../../../server/identity/oauth/destination-servers.ts';
import { expectedMailbox, readMailbox } from '../../engine/support/imap-mailbox.ts';
import { fixtureMailbox, type FixtureMessage } from '../../engine/support/mail-fixture.ts';
import { freePort } from '../../support/free-port.ts';
import { startStandIn, type StandIn } from '../../support/standin-authorization-server.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { ended, loadMailExportWithConsent, pollStatus, startMailServers, type MailServers } from './support.ts';

const { yahoo: YAHOO } = DESTINATION_SERVERS;

const customer = { email: 'alice@example.com', password: 'alice-source-pw' };
const recipient = { email: 'casey@yahoo.com', password: 'never-used-here' };
const unterminated: FixtureMessage = {
  folder: ['INBOX'],
  raw: Buffer.from('Subject: no final CRLF\r\nMessage-ID: <open-end@example.net>\r\n\r\nlast line'),
  flags: ['\\Seen'],
  internalDate: new Date('2015-06-01T10:00:00Z'),
};
const messages = [...fixtureMailbox(11, 40), unterminated];

const dir = mkdtempSync(path.join(tmpdir(), 'portal-yahoo-transfer-'));
let yahoo: StandIn;
let servers: MailServers;
let harness: Harness;

beforeAll(async () => {
  const port = await freePort();
  const portal = `http://127.0.0.1:${port}`;
  yahoo = await startStandIn('yahoo', { redirectUri: `${portal}/api/oauth/callback/yahoo`, scopes: YAHOO.scopes.mail });
  servers = await startMailServers(dir, customer, messages, [recipient], { oauth2UserinfoUrl: yahoo.userinfoUrl });
  harness = await startHarness({
    transfers: true,
    port,
    env: {
      ...servers.env,
      PUBLIC_URL: portal,
      YAHOO_ISSUER: yahoo.issuer,
      YAHOO_CLIENT_ID: yahoo.clientId,
      YAHOO_CLIENT_SECRET: yahoo.clientSecret,
      YAHOO_IMAP: `127.0.0.1:${servers.dovecot.port}`,
    },
  });
}, 120_000);

afterAll(async () => {
  await harness?.stop();
  await harness?.remove();
  await Promise.all([yahoo?.close(), servers?.dovecot.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** What Yahoo keeps of a message: its bytes, with a final CRLF where they had none. */
const asYahooKeepsIt = (message: FixtureMessage): FixtureMessage =>
  message.raw.subarray(-2).equals(Buffer.from('\r\n')) ? message : { ...message, raw: Buffer.concat([message.raw, Buffer.from('\r\n')]) };

describe('export to Yahoo Mail', () => {
  it(
    'moves every message over IMAP with the consent’s XOAUTH2 token, and its tokens are deleted once Copy new mail’s time is up',
    { timeout: 120_000 },
    async () => {
      const { jobid, token } = await loadMailExportWithConsent(harness, yahoo, {
        provider: 'yahoo',
        owner: customer.email,
        address: recipient.email,
      });
      // Yahoo's real server is asked for exactly its mail scope, with no Google- or Microsoft-only parameters.
      expect(yahoo.requests.at(-1)?.searchParams.get('scope')).toBe('openid email mail-w');
      expect(yahoo.requests.at(-1)?.searchParams.get('access_type')).toBeNull();

      const last = (await pollStatus(harness.base, jobid, ended, { token, timeoutMs: 100_000 })).at(-1) as StatusResponse;
      expect(last.emailmigration).toMatchObject({
        status: 'completed',
        progress: { total: messages.length, done: messages.length, failed: 0 },
      });
      const actual = await readMailbox(servers.dovecot, recipient.email, recipient.password);
      const expected = expectedMailbox(messages.map(asYahooKeepsIt), servers.dovecot.separator);
      for (const [folder, list] of expected) expect(actual.get(folder), folder).toEqual(list);
      const inbox = actual.get('INBOX')?.map((m) => m.sha256) ?? [];
      expect(inbox).not.toContain(createHash('sha256').update(unterminated.raw).digest('hex'));

      // The consent's tokens outlive the transfer while new mail may be copied with them (the purge keeps
      // them), and go with the purge once that time is up.
      await expect.poll(async () => (await harness.db.selectFrom('mail_followups').select('export_id').execute()).length).toBe(1);
      await harness.identity.grants.purge();
      expect((await harness.identity.grants.forExport(jobid, 'mail')).kind).toBe('access');
      harness.clock.now += harness.config.transfers.copyNewMailDays * 24 * 60 * 60 * 1000;
      expect(await createFollowUpsStore(harness.db).closeExpired(harness.clock.now)).toBe(1);
      await harness.identity.grants.purge();
      expect(await harness.identity.grants.forExport(jobid, 'mail')).toEqual({ kind: 'none' });
    },
  );
});
