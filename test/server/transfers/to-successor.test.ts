/**
 * Exports to the provider's own successor product over real HTTP, into a real Dovecot that stands
 * for the provider's new mail server: the service writes with the server's master login at the
 * account the provider keeps for the signed-in customer (the same name at the product's domain),
 * whatever address the request names, and the customer types no password.
 */
import { describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { expectedMailbox, readMailbox } from '../../engine/support/imap-mailbox.ts';
import { fixtureMailbox } from '../../engine/support/mail-fixture.ts';
import { signIn, type Harness } from '../helpers/harness.ts';
import { ended, pollStatus, useMailServers } from './support.ts';

const customer = { email: 'alice@example.com', password: 'alice-source-pw' };
// The account the provider keeps for Alice on its new service, and a stranger's there.
const successor = { email: 'alice@next.example', password: 'unknown-to-the-service-1' };
const stranger = { email: 'bob@next.example', password: 'unknown-to-the-service-2' };
const messages = fixtureMailbox(5, 300);

const suite = useMailServers('successor', customer, messages, [successor, stranger]);

/** A service that writes the successor product on the suite's Dovecot with its master user. */
function start(): Promise<Harness> {
  const { dovecot } = suite.servers();
  return suite.start({
    SUCCESSOR_NEXT_IMAP: `127.0.0.1:${dovecot.port}`,
    SUCCESSOR_NEXT_IMAP_MASTER_USER: dovecot.master.user,
    SUCCESSOR_NEXT_IMAP_MASTER_PASSWORD: dovecot.master.password,
    SUCCESSOR_NEXT_IMAP_MASTER_SEPARATOR: dovecot.master.separator,
    SUCCESSOR_NEXT_ADDRESS_DOMAIN: 'next.example',
  });
}

describe("export to the provider's own successor product", () => {
  it('lands every message in the account kept for the customer, never in an address the request names', { timeout: 120_000 }, async () => {
    const harness = await start();
    const session = await signIn(harness, customer.email);
    const response = await session.post('/api/load/', {
      source_account: { email: customer.email, provider: 'northwave' },
      // A forged address: the master login could write any account there, so the service derives its own.
      destination_account: { provider: 'successor_next', email: stranger.email },
      operations: ['emailmigration'],
      parameters: { notificationEmail: 'notify@example.com' },
    });
    expect(response.status).toBe(200);
    const { jobid } = (await response.json()) as { jobid: string };

    const last = (await pollStatus(harness.base, jobid, ended, { token: session.token })).at(-1) as StatusResponse;
    expect(last.emailmigration?.status).toBe('completed');
    expect(last.emailmigration?.progress).toMatchObject({ total: messages.length, done: messages.length, failed: 0 });

    const actual = await readMailbox(suite.servers().dovecot, successor.email, successor.password);
    const expected = expectedMailbox(messages, suite.servers().dovecot.separator);
    for (const [folder, want] of expected) expect(actual.get(folder), folder).toEqual(want);
    const strangers = await readMailbox(suite.servers().dovecot, stranger.email, stranger.password);
    expect([...strangers.values()].flat()).toEqual([]);
    // The export records the account it went to (its mails name it), not the address the request gave.
    const job = await harness.db.selectFrom('jobs').selectAll().where('export_id', '=', jobid).executeTakeFirstOrThrow();
    expect([job.destination_provider, job.destination_email]).toEqual(['successor_next', successor.email]);
  });
});
