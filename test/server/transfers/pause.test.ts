/**
 * The owner's pause and resume (decision 0031), over real HTTP into a real Dovecot: paused at about
 * half, the export holds no IMAP session (counted by Dovecot itself) and no worker slot, stays paused
 * across a restart of the service over the same database, and once resumed completes with every
 * message exactly once at the destination (0 missing, 0 doubled: the same Message-IDs, the same bytes).
 * The calls are checked like cancel: the XSRF header, a bearer, the owner only; twice is once; an
 * ended export or a file export answers a clear refusal.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { expectedMailbox, readMailbox } from '../../engine/support/imap-mailbox.ts';
import { fixtureMailbox, type FixtureMessage } from '../../engine/support/mail-fixture.ts';
import { signIn, startHarness, type Harness } from '../helpers/harness.ts';
import { messageIdsAt } from './new-mail.ts';
import { ended, pollStatus, startMailServers, statusOf, type MailServers } from './support.ts';

const customer = { email: 'alice@example.com', password: 'alice-source-pw' };
const recipient = { email: 'bob@example.net', password: 'bob-destination-pw' };
const another = { email: 'carol@example.net', password: 'carol-destination-pw' };
const messages = fixtureMailbox(32, 400);

const dir = mkdtempSync(path.join(tmpdir(), 'portal-pause-'));
let servers: MailServers;
let live: Harness | null = null;

beforeAll(async () => {
  servers = await startMailServers(dir, customer, messages, [recipient, another]);
}, 120_000);
afterAll(async () => {
  await servers?.dovecot.stop();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await live?.stop();
  await live?.remove();
  live = null;
});

/** One worker slot, so a second export waits in the queue while the first runs. */
const start = async (restartOf?: Harness): Promise<Harness> => {
  live = await startHarness({ transfers: true, env: { ...servers.env, TRANSFER_CONCURRENCY: '1' }, ...(restartOf ? { restartOf } : {}) });
  return live;
};

async function exportToOther(harness: Harness, session: Awaited<ReturnType<typeof signIn>>, to: { email: string; password: string }) {
  const response = await session.post('/api/load/', {
    source_account: { email: customer.email, provider: 'northwave' },
    destination_account: { provider: 'other', email: to.email, password: to.password, imap: `127.0.0.1:${servers.dovecot.port}` },
    operations: ['emailmigration'],
    parameters: { notificationEmail: 'notify@example.com' },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { jobid: string }).jobid;
}

const fixtureIds = (list: FixtureMessage[]) =>
  list.map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw.toString('latin1'))?.[1] ?? '(none)').sort();

const doneOf = (answer: StatusResponse) => answer.emailmigration?.progress?.done ?? 0;

describe('pause and resume by the owner', () => {
  it(
    'pauses at about half, holds nothing, stays paused across a restart, and resumes with nothing lost or doubled',
    { timeout: 240_000 },
    async () => {
      let harness = await start();
      let session = await signIn(harness, customer.email);
      const exportId = await exportToOther(harness, session, recipient);
      await pollStatus(harness.base, exportId, (answer) => doneOf(answer) >= messages.length / 2, { token: session.token });

      // A double click: both answer ok, and the export is paused once.
      const clicks = await Promise.all([
        session.post('/api/pause/', { job_id: exportId }),
        session.post('/api/pause/', { job_id: exportId }),
      ]);
      expect(clicks.map((response) => response.status)).toEqual([200, 200]);
      const paused = await statusOf(harness.base, exportId, session.token);
      expect(paused.emailmigration).toMatchObject({ status: 'started', paused: { since: new Date(harness.clock.now).toISOString() } });
      expect(paused.emailmigration?.estimate).toBeUndefined();
      expect(paused).toMatchObject({ can_pause: false, can_resume: true, can_cancel: true });
      // Anyone with the ID sees it is paused; only the owner is offered to resume it.
      const anonymous = await statusOf(harness.base, exportId);
      expect(anonymous.emailmigration?.paused).toEqual(paused.emailmigration?.paused);
      expect(anonymous.can_resume).toBeUndefined();
      // One mail for one pause (of the two clicks, one paused it), after the 'started' mail.
      const outcomes = async () => {
        await harness.service.outbox.runOnce();
        return harness.sent.filter((mail) => mail.exportId === exportId).map((mail) => mail.outcome);
      };
      await expect.poll(outcomes, { timeout: 10_000 }).toEqual(['started', 'paused']);

      // The run lets go: no worker slot, no IMAP session at the server (source or destination), no queue entry.
      await expect.poll(() => harness.transfers?.worker.runningIds(), { timeout: 15_000 }).toEqual([]);
      await expect.poll(() => servers.dovecot.sessions(), { timeout: 15_000 }).toEqual([]);
      const held = doneOf(await statusOf(harness.base, exportId, session.token));
      expect(held).toBeGreaterThanOrEqual(messages.length / 2);
      expect(held).toBeLessThan(messages.length);
      // …and stays so: many worker passes later, nothing more was copied and nothing connected.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await servers.dovecot.sessions()).toEqual([]);
      expect(doneOf(await statusOf(harness.base, exportId, session.token))).toBe(held);
      expect(await harness.db.selectFrom('transfer_queue').select('export_id').where('export_id', '=', exportId).execute()).toEqual([]);

      // A new service over the same database: still paused, still holding nothing.
      await harness.stop();
      harness = await start(harness);
      session = await signIn(harness, customer.email);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(harness.transfers?.worker.runningIds()).toEqual([]);
      expect(await servers.dovecot.sessions()).toEqual([]);
      const restarted = await statusOf(harness.base, exportId, session.token);
      expect(restarted).toMatchObject({ can_pause: false, can_resume: true });
      expect(restarted.emailmigration?.paused).toBeDefined();
      expect(doneOf(restarted)).toBe(held);

      // Resumed (twice, a double click), it goes on from its checkpoints and completes.
      const resumes = await Promise.all([
        session.post('/api/resume/', { job_id: exportId }),
        session.post('/api/resume/', { job_id: exportId }),
      ]);
      expect(resumes.map((response) => response.status)).toEqual([200, 200]);
      const last = (await pollStatus(harness.base, exportId, ended, { token: session.token, timeoutMs: 120_000 })).at(-1) as StatusResponse;
      expect(last.emailmigration).toMatchObject({
        status: 'completed',
        progress: { total: messages.length, done: messages.length, failed: 0 },
      });
      expect(last.emailmigration?.paused).toBeUndefined();
      expect(last).toMatchObject({ can_pause: false, can_resume: false });

      // 0 missing, 0 doubled: the same Message-IDs as often as at the source, and every folder byte for byte.
      // Each as often as it is there: a message copied twice shows twice.
      expect((await messageIdsAt(servers, recipient)).sort()).toEqual(fixtureIds(messages));
      const expected = expectedMailbox(messages, servers.dovecot.separator);
      expected.set('Trash', []);
      expect(new Map([...(await readMailbox(servers.dovecot, recipient.email, recipient.password))].sort())).toEqual(
        new Map([...expected].sort()),
      );
    },
  );

  it('is for the owner only, with the XSRF header, and refuses a file export and an ended one', { timeout: 120_000 }, async () => {
    const harness = await start();
    const session = await signIn(harness, customer.email);
    const stranger = await signIn(harness, 'active@example.com');
    const exportId = await exportToOther(harness, session, another);
    await pollStatus(harness.base, exportId, (answer) => doneOf(answer) > 0, { token: session.token });

    for (const call of ['/api/pause/', '/api/resume/']) {
      const noBearer = await fetch(`${harness.base}${call}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${session.cookie}`, 'X-XSRF-TOKEN': session.cookie },
        body: JSON.stringify({ job_id: exportId }),
      });
      expect(noBearer.status, call).toBe(401);
      expect((await session.post(call, { job_id: exportId }, { 'X-XSRF-TOKEN': 'wrong' })).status, call).toBe(403);
      const notOwner = await stranger.post(call, { job_id: exportId });
      expect(notOwner.status, call).toBe(403);
      expect(await notOwner.json(), call).toMatchObject({ error: 'NOT_OWNER' });
      expect((await session.post(call, { job_id: 'A'.repeat(32) })).status, call).toBe(404);
    }
    // None of those paused it.
    expect((await statusOf(harness.base, exportId, session.token)).emailmigration?.paused).toBeUndefined();

    // A file export (here still queued behind the running one) is not paused: its archive is written anew by every run.
    const file = await session.post('/api/load/', {
      source_account: { email: customer.email, provider: 'northwave' },
      destination_account: { provider: 'file' },
      operations: ['emailmigration'],
      parameters: { notificationEmail: 'notify@example.com' },
      file_export_parameters: { emailFormat: 'MBOX' },
    });
    expect(file.status, await file.clone().text()).toBe(200);
    const fileId = ((await file.json()) as { jobid: string }).jobid;
    expect((await statusOf(harness.base, fileId, session.token)).can_pause).toBe(false);
    const refused = await session.post('/api/pause/', { job_id: fileId });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'NOT_PAUSABLE', message: expect.stringMatching(/cannot be paused/) });

    // Once ended, neither call does anything but say so.
    await pollStatus(harness.base, exportId, ended, { token: session.token, timeoutMs: 60_000 });
    for (const call of ['/api/pause/', '/api/resume/']) {
      const late = await session.post(call, { job_id: exportId });
      expect(late.status, call).toBe(409);
      expect(await late.json(), call).toMatchObject({ error: 'EXPORT_ENDED', message: 'This export has already ended.' });
    }
  });
});
