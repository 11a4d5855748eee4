/**
 * Outlook.com mail through the service, over IMAP with XOAUTH2, as production runs it: MICROSOFT_* at
 * the stand-in for Microsoft's authorization server, OUTLOOK_IMAP at a real Dovecot, which takes the
 * stand-in's access tokens (it asks the stand-in's userinfo endpoint about each, as Outlook.com's IMAP
 * server trusts Microsoft's tokens). The customer signs in, consents, loads; every message arrives
 * byte for byte with its flags, date and folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { DESTINATION_SERVERS } from '../../../server/identity/oauth/destination-servers.ts';
import { expectedMailbox, readMailbox } from '../../engine/support/imap-mailbox.ts';
import { fixtureMailbox } from '../../engine/support/mail-fixture.ts';
import { freePort } from '../../support/free-port.ts';
import { standInEnv, startStandIn, type StandIn } from '../../support/standin-authorization-server.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { ended, loadMailExportWithConsent, pollStatus, startMailServers, type MailServers } from './support.ts';

const { google: GOOGLE, microsoft: MICROSOFT } = DESTINATION_SERVERS;

const customer = { email: 'alice@example.com', password: 'alice-source-pw' };
const recipient = { email: 'casey@outlook.com', password: 'only-to-read-it-back' };
const messages = fixtureMailbox(13, 60);

const dir = mkdtempSync(path.join(tmpdir(), 'portal-outlook-transfer-'));
let google: StandIn;
let microsoft: StandIn;
let servers: MailServers;
let harness: Harness;

beforeAll(async () => {
  const port = await freePort();
  const portal = `http://127.0.0.1:${port}`;
  google = await startStandIn('google', { redirectUri: `${portal}/api/oauth/callback/google`, scopes: GOOGLE.scopes.mail });
  microsoft = await startStandIn('microsoft', { redirectUri: `${portal}/api/oauth/callback/microsoft`, scopes: MICROSOFT.scopes.mail });
  servers = await startMailServers(dir, customer, messages, [recipient], { oauth2UserinfoUrl: microsoft.userinfoUrl });
  harness = await startHarness({
    transfers: true,
    port,
    env: { ...servers.env, ...standInEnv(google, microsoft), PUBLIC_URL: portal, OUTLOOK_IMAP: `127.0.0.1:${servers.dovecot.port}` },
  });
}, 120_000);

afterAll(async () => {
  await harness?.stop();
  await harness?.remove();
  await Promise.all([google?.close(), microsoft?.close(), servers?.dovecot.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('export to Outlook.com', () => {
  it('moves every message over IMAP with the consent’s XOAUTH2 token', { timeout: 120_000 }, async () => {
    const { jobid, token } = await loadMailExportWithConsent(harness, microsoft, {
      provider: 'outlook',
      owner: customer.email,
      address: recipient.email,
    });
    const last = (await pollStatus(harness.base, jobid, ended, { token, timeoutMs: 100_000 })).at(-1) as StatusResponse;
    expect(last.emailmigration).toMatchObject({
      status: 'completed',
      progress: { total: messages.length, done: messages.length, failed: 0 },
    });
    const actual = await readMailbox(servers.dovecot, recipient.email, recipient.password);
    const expected = expectedMailbox(messages, servers.dovecot.separator);
    expect([...expected.values()].flat().length).toBe(messages.length);
    for (const [folder, list] of expected) expect(actual.get(folder), folder).toEqual(list);
  });
});
