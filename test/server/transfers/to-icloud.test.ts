/**
 * iCloud Mail, a password destination with a server of its own: the credentials are checked at that
 * server (ICLOUD_IMAP, here a real Dovecot standing in for imap.mail.me.com) whatever IMAP server the
 * request names, and the export writes there with the password — two descriptor files and this test
 * (docs/architecture.md, "Adding a destination").
 */
import { describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { createImapCredentialChecker } from '../../../server/checks/imap-credential-checker.ts';
import { createOutboundGuard } from '../../../server/checks/outbound-guard.ts';
import { expectedMailbox, readMailbox } from '../../engine/support/imap-mailbox.ts';
import { fixtureMailbox } from '../../engine/support/mail-fixture.ts';
import { signIn } from '../helpers/harness.ts';
import { ended, pollStatus, useMailServers } from './support.ts';

const customer = { email: 'alice@example.com', password: 'alice-source-pw' };
const apple = { email: 'casey@icloud.com', password: 'abcd-efgh-ijkl-mnop' };
const messages = fixtureMailbox(4, 200);

const suite = useMailServers('icloud', customer, messages, [apple]);

describe('export to iCloud Mail', () => {
  it('checks the password at its own server and moves every message there', { timeout: 120_000 }, async () => {
    // The real check, trusting the stand-in's certificate, where the harness would check offline.
    const guard = createOutboundGuard({ allowList: ['127.0.0.1'], ports: [993], dnsServers: null });
    const { dovecot } = suite.servers();
    const harness = await suite.start(
      { ICLOUD_IMAP: `127.0.0.1:${dovecot.port}` },
      { credentialChecker: createImapCredentialChecker({ guard, tls: { ca: dovecot.certificate }, timeoutMs: 5000 }) },
    );
    const session = await signIn(harness, customer.email);

    const capabilities = await (await session.post('/api/capabilities/', { email: apple.email })).json();
    expect(capabilities).toEqual({ allowed_operations: ['emailmigration'], auth: 'password', provider: 'icloud' });
    // A server named in the request is not where an iCloud password goes.
    const elsewhere = { email: apple.email, password: apple.password, imap: 'imap.invalid.example', provider: 'icloud' };
    expect(await (await session.post('/api/validate/', elsewhere)).json()).toEqual({ ok: true, error: null });
    const wrong = { email: apple.email, password: 'not-the-password', provider: 'icloud' };
    expect(await (await session.post('/api/validate/', wrong)).json()).toMatchObject({ ok: false });

    const response = await session.post('/api/load/', {
      source_account: { email: customer.email, provider: 'northwave' },
      destination_account: { provider: 'icloud', email: apple.email, password: apple.password, imap: 'imap.invalid.example' },
      operations: ['emailmigration'],
      parameters: { notificationEmail: 'notify@example.com' },
    });
    expect(response.status).toBe(200);
    const { jobid } = (await response.json()) as { jobid: string };
    const last = (await pollStatus(harness.base, jobid, ended, { token: session.token })).at(-1) as StatusResponse;
    expect(last.emailmigration?.status).toBe('completed');
    expect(last.emailmigration?.progress).toMatchObject({ total: messages.length, done: messages.length, failed: 0 });

    const actual = await readMailbox(suite.servers().dovecot, apple.email, apple.password);
    for (const [folder, want] of expectedMailbox(messages, suite.servers().dovecot.separator))
      expect(actual.get(folder), folder).toEqual(want);
  });
});
