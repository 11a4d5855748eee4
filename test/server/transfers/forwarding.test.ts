/**
 * Forwarding (§9's hidden option, its flag on; decision 0032) over real HTTP into a real Dovecot, on
 * the harness's stepped clock: an export to Other that carried `emailforwarding` completes, and each
 * day's pass — started by the forwarding round, as the background loop runs it — copies exactly the
 * mail that arrived since the last (by Message-ID). The owner stops it (twice is once): no pass starts
 * after, and the one mail that says so is queued once.
 */
import { describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { fixtureMailbox } from '../../engine/support/mail-fixture.ts';
import { signIn, type Harness } from '../helpers/harness.ts';
import { addedSince, deliverToSource, messageIdsAt } from './new-mail.ts';
import { ended, otherLoad, pollStatus, useMailServers } from './support.ts';

const customer = { email: 'alice@example.com', password: 'alice-source-pw' };
const destination = { email: 'dana@example.net', password: 'dana-Destination-pw-9' };
const DAY = 24 * 60 * 60 * 1000;
const DOMAIN = 'forwarding.test';
const mail = useMailServers('forwarding', customer, fixtureMailbox(13, 6), [destination]);

const idsOf = (names: string[]) => names.map((name) => `<${name}@${DOMAIN}>`).sort();

/** An export to Other that chose forwarding, completed; the owner's last answer and the time it ended. */
async function forwardingExport(harness: Harness) {
  const session = await signIn(harness, customer.email);
  const response = await session.post('/api/load/', {
    ...otherLoad(mail.servers(), customer.email, destination),
    operations: ['emailforwarding'],
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { jobid: exportId } = (await response.json()) as { jobid: string };
  const last = (await pollStatus(harness.base, exportId, ended, { token: session.token })).at(-1) as StatusResponse;
  expect(last.emailmigration?.status).toBe('completed');
  return { exportId, last, completedAt: harness.clock.now };
}

/** How many 'forwarding-ended' mails are queued for the export. */
async function endMails(harness: Harness, exportId: string): Promise<number> {
  const mails = await harness.db.selectFrom('outbox').select('payload').where('ref', '=', exportId).execute();
  return mails.filter((row) => (JSON.parse(row.payload) as { outcome?: string }).outcome === 'forwarding-ended').length;
}

const passesOf = (harness: Harness, exportId: string) =>
  harness.db.selectFrom('copy_passes').select('number').where('export_id', '=', exportId).execute();

/** The owner's answer once pass `number` has ended (a fresh sign-in: a day has passed since the last). */
async function afterPass(harness: Harness, exportId: string, number: number): Promise<StatusResponse> {
  const session = await signIn(harness, customer.email);
  const done = (answer: StatusResponse) => {
    const pass = answer.copy_new_mail?.passes[number - 1];
    return pass !== undefined && pass.status !== 'started';
  };
  return (await pollStatus(harness.base, exportId, done, { token: session.token })).at(-1) as StatusResponse;
}

describe('Forwarding into a real IMAP server', () => {
  it('copies each day only what arrived that day, until its owner stops it', { timeout: 180_000 }, async () => {
    const harness = await mail.start({ FEATURE_EMAIL_FORWARDING: 'true' });
    const { exportId, last, completedAt } = await forwardingExport(harness);
    expect(last.copy_new_mail?.forwarding).toEqual({
      until: new Date(completedAt + 30 * DAY).toISOString(),
      next_pass_at: new Date(completedAt + DAY).toISOString(),
    });

    // Nothing is due before its day.
    await harness.service.jobService.forwardOnce();
    expect(await harness.db.selectFrom('copy_passes').selectAll().execute()).toEqual([]);

    const days = [['d1-a', 'd1-b'], ['d2-a'], ['d3-a', 'd3-b', 'd3-c']];
    for (const [index, arrived] of days.entries()) {
      const before = await messageIdsAt(mail.servers(), destination);
      await deliverToSource(mail.servers(), customer, arrived, DOMAIN);
      harness.clock.now += DAY;
      await harness.service.jobService.forwardOnce();
      // A second round at the same time (another node, say) starts nothing more.
      await harness.service.jobService.forwardOnce();
      const answer = await afterPass(harness, exportId, index + 1);
      expect(answer.copy_new_mail?.passes).toHaveLength(index + 1);
      expect(answer.copy_new_mail?.passes[index]).toMatchObject({
        number: index + 1,
        trigger: 'schedule',
        status: 'completed',
        messages: arrived.length,
        failed: 0,
      });
      expect(answer.copy_new_mail?.forwarding?.next_pass_at).toBe(new Date(harness.clock.now + DAY).toISOString());
      expect(addedSince(before, await messageIdsAt(mail.servers(), destination))).toEqual(idsOf(arrived));
    }

    // The owner stops it: checked like cancel, and twice is once.
    const owner = await signIn(harness, customer.email);
    const stranger = await signIn(harness, 'active@example.com');
    expect((await stranger.post('/api/stop-forwarding/', { job_id: exportId })).status).toBe(403);
    const { 'X-XSRF-TOKEN': _xsrf, ...withoutXsrf } = owner.headers;
    const unchecked = await fetch(`${harness.base}/api/stop-forwarding/`, {
      method: 'POST',
      headers: withoutXsrf,
      body: JSON.stringify({ job_id: exportId }),
    });
    expect(unchecked.status).toBe(403);
    for (const _ of [1, 2]) expect((await owner.post('/api/stop-forwarding/', { job_id: exportId })).status).toBe(200);
    const stopped = await afterPass(harness, exportId, 3);
    expect(stopped.copy_new_mail?.forwarding).toBeNull();

    // No pass after it, whatever arrives and however long the rounds go on.
    await deliverToSource(mail.servers(), customer, ['after-stop'], DOMAIN);
    for (const _ of [1, 2]) {
      harness.clock.now += DAY;
      await harness.service.jobService.forwardOnce();
    }
    expect(await passesOf(harness, exportId)).toHaveLength(3);
    expect(await messageIdsAt(mail.servers(), destination)).not.toContain(`<after-stop@${DOMAIN}>`);
    expect(await endMails(harness, exportId)).toBe(1);
  });

  it('ends at its time, and when the source account is no longer active, with one mail each', { timeout: 180_000 }, async () => {
    const harness = await mail.start({ FEATURE_EMAIL_FORWARDING: 'true' });
    const timeUp = await forwardingExport(harness);
    // The rounds were not run for a month (the nodes were down, say): the first one after its end ends it.
    harness.clock.now = timeUp.completedAt + 31 * DAY;
    await harness.service.jobService.forwardOnce();
    await harness.service.jobService.forwardOnce();
    expect(await passesOf(harness, timeUp.exportId)).toEqual([]);
    expect(await endMails(harness, timeUp.exportId)).toBe(1);

    const closing = await forwardingExport(harness);
    // The account is closing past the point of export (§4): no pass, and it ends.
    await harness.db.insertInto('opt_out_states').values({ email: customer.email, state: 'OPTED_OUT_DELETE', updated_at: 0 }).execute();
    harness.clock.now += DAY;
    await harness.service.jobService.forwardOnce();
    expect(await passesOf(harness, closing.exportId)).toEqual([]);
    expect(await endMails(harness, closing.exportId)).toBe(1);
    const owner = await signIn(harness, customer.email);
    const answer = (await pollStatus(harness.base, closing.exportId, () => true, { token: owner.token })).at(-1) as StatusResponse;
    expect(answer.copy_new_mail?.forwarding).toBeNull();
  });
});
