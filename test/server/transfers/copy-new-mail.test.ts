/**
 * Copy new mail (decision 0032) over real HTTP into a real Dovecot: an export to Other completes, mail
 * arrives at the source, and the owner's Copy new mail copies exactly what arrived — by Message-ID at
 * the destination — with the pass's own count in the status answer (5, not the mailbox's 12). The
 * call is checked like cancel: XSRF header, bearer, the export's own account; a double click starts
 * one pass; a file export, an export still running and a source account that is closing are refused.
 */
import { describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { fixtureMailbox } from '../../engine/support/mail-fixture.ts';
import { fileLoad, signIn, type Harness } from '../helpers/harness.ts';
import { addedSince, deliverToSource as deliver, messageIdsAt } from './new-mail.ts';
import { ended, otherLoad, pollStatus, useMailServers } from './support.ts';

const customer = { email: 'alice@example.com', password: 'alice-source-pw' };
const first = { email: 'bob@example.net', password: 'bob-Destination-pw-7' };
const second = { email: 'carol@example.net', password: 'carol-destination-pw' };
const messages = fixtureMailbox(11, 12);
const mail = useMailServers('copy-new-mail', customer, messages, [first, second]);
const deliverToSource = (servers: ReturnType<typeof mail.servers>, ids: string[]) => deliver(servers, customer, ids, 'copy-new-mail.test');

async function completedExport(harness: Harness, to: { email: string; password: string }) {
  const session = await signIn(harness, customer.email);
  const response = await session.post('/api/load/', otherLoad(mail.servers(), customer.email, to));
  expect(response.status).toBe(200);
  const { jobid } = (await response.json()) as { jobid: string };
  const last = (await pollStatus(harness.base, jobid, ended, { token: session.token })).at(-1) as StatusResponse;
  expect(last.emailmigration?.status).toBe('completed');
  return { session, exportId: jobid, last };
}

const passEnded = (answer: StatusResponse) => {
  const pass = answer.copy_new_mail?.passes.at(-1);
  return pass !== undefined && pass.status !== 'started';
};

describe('Copy new mail into a real IMAP server', () => {
  it('copies exactly the 5 messages that arrived since, and the answer counts 5', { timeout: 120_000 }, async () => {
    const harness = await mail.start();
    const { session, exportId, last } = await completedExport(harness, first);
    // Offered once the export completed, with no pass yet.
    expect(last.copy_new_mail).toEqual({ offered: true, passes: [] });
    const before = await messageIdsAt(mail.servers(), first);

    const arrived = ['n1', 'n2', 'n3', 'n4', 'n5'];
    await deliverToSource(mail.servers(), arrived);
    const response = await session.post('/api/copy-new-mail/', { job_id: exportId });
    expect(response.status, await response.clone().text()).toBe(200);
    const answers = await pollStatus(harness.base, exportId, passEnded, { token: session.token });
    const done = answers.at(-1) as StatusResponse;

    expect(done.copy_new_mail?.passes).toEqual([
      { number: 1, trigger: 'customer', started_at: expect.any(String), status: 'completed', messages: 5, contacts: 0, failed: 0 },
    ]);
    expect(done.copy_new_mail?.offered).toBe(true);
    // The export's own counts are unchanged: the pass has its own.
    expect(done.emailmigration).toEqual(last.emailmigration);
    const after = await messageIdsAt(mail.servers(), first);
    expect(after).toHaveLength(before.length + 5);
    expect(addedSince(before, after)).toEqual(arrived.map((id) => `<${id}@copy-new-mail.test>`).sort());

    // A second pass with nothing new copies nothing, and nothing twice.
    expect((await session.post('/api/copy-new-mail/', { job_id: exportId })).status).toBe(200);
    const again = (
      await pollStatus(harness.base, exportId, (a) => passEnded(a) && a.copy_new_mail?.passes.length === 2, {
        token: session.token,
      })
    ).at(-1) as StatusResponse;
    expect(again.copy_new_mail?.passes[1]).toMatchObject({ number: 2, status: 'completed', messages: 0 });
    expect(await messageIdsAt(mail.servers(), first)).toHaveLength(after.length);
    // The anonymous answer says nothing of it.
    const anonymous = (await (await fetch(`${harness.base}/api/v2/status/?job_id=${exportId}`)).json()) as StatusResponse;
    expect(anonymous.copy_new_mail).toBeUndefined();
  });

  it(
    'checks the call like cancel, starts one pass for a double click, and refuses what cannot be followed',
    { timeout: 120_000 },
    async () => {
      const harness = await mail.start();
      const { session, exportId } = await completedExport(harness, second);
      const body = JSON.stringify({ job_id: exportId });
      const post = (headers: Record<string, string>) => fetch(`${harness.base}/api/copy-new-mail/`, { method: 'POST', headers, body });

      // No XSRF header; no bearer; another account's bearer.
      const { 'X-XSRF-TOKEN': _xsrf, ...withoutXsrf } = session.headers;
      expect((await post(withoutXsrf)).status).toBe(403);
      const { Authorization: _bearer, ...withoutBearer } = session.headers;
      expect((await post(withoutBearer)).status).toBe(401);
      const stranger = await signIn(harness, 'active@example.com');
      const notOwner = await stranger.post('/api/copy-new-mail/', { job_id: exportId });
      expect(notOwner.status).toBe(403);
      expect(await notOwner.json()).toMatchObject({ error: 'NOT_OWNER' });
      expect((await session.post('/api/copy-new-mail/', { job_id: 'x'.repeat(32) })).status).toBe(404);

      // A double click: both answered, one pass.
      const clicks = await Promise.all([0, 1].map(() => session.post('/api/copy-new-mail/', { job_id: exportId })));
      expect(clicks.map((r) => r.status)).toEqual([200, 200]);
      await pollStatus(harness.base, exportId, passEnded, { token: session.token });
      expect(await harness.db.selectFrom('copy_passes').select('number').where('export_id', '=', exportId).execute()).toEqual([
        { number: 1 },
      ]);

      // A file export is not a mailbox.
      const fileExport = await session.post('/api/load/', fileLoad(customer.email, { operations: ['emailmigration'] }));
      const { jobid: fileId } = (await fileExport.json()) as { jobid: string };
      await pollStatus(harness.base, fileId, ended, { token: session.token });
      const notMailbox = await session.post('/api/copy-new-mail/', { job_id: fileId });
      expect(notMailbox.status).toBe(409);
      expect(await notMailbox.json()).toMatchObject({ error: 'NOT_A_MAILBOX_EXPORT' });

      // The source account is closing (its closure past the point of no export): refused, and no longer offered.
      await harness.db.insertInto('opt_out_states').values({ email: customer.email, state: 'OPTED_OUT_DELETE', updated_at: 0 }).execute();
      const closed = await session.post('/api/copy-new-mail/', { job_id: exportId });
      expect(closed.status).toBe(409);
      expect(await closed.json()).toMatchObject({ error: 'ACCOUNT_NOT_ACTIVE' });
      const answer = (await pollStatus(harness.base, exportId, () => true, { token: session.token })).at(-1) as StatusResponse;
      expect(answer.copy_new_mail?.offered).toBe(false);
    },
  );
});
