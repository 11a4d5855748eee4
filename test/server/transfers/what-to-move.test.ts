/**
 * What to move, over real HTTP into a real Dovecot: the signed-in account's folder list (with counts,
 * sizes and special uses, and its refusals), and an export of the last month's mail with two folders
 * left out — only those messages arrive, and the progress, the receipt and the status count only them
 * and say what was left out.
 */
import { describe, expect, it } from 'vitest';
import type { SourceFoldersResponse, StatusResponse } from '../../../contract/index.ts';
import { monthsBefore } from '../../../server/rules/mail-choice.ts';
import { expectedMailbox, readMailbox } from '../../engine/support/imap-mailbox.ts';
import { fixtureMailbox, type FixtureMessage } from '../../engine/support/mail-fixture.ts';
import { signIn } from '../helpers/harness.ts';
import { ended, otherLoad, pollStatus, useMailServers } from './support.ts';

const customer = { email: 'alice@example.com', password: 'alice-source-pw' };
const recipient = { email: 'bob@example.net', password: 'bob-Destination-pw-7' };
const DAY_MS = 24 * 60 * 60 * 1000;
/** The service's clock in these tests (the harness's is pinned): the range is counted back from it. */
const now = Date.UTC(2026, 10, 22, 9, 0, 0);
// Every other message within the last three weeks, the others from six weeks to two years back.
const messages: FixtureMessage[] = fixtureMailbox(32, 80, { maxExtraBytes: 2000 }).map((m, n) => ({
  ...m,
  internalDate: new Date(n % 2 === 0 ? now - (1 + (n % 20)) * DAY_MS : now - (45 + n * 8) * DAY_MS),
}));
const LEFT_OUT = [['Junk'], ['Projects', '2019']];

const suite = useMailServers('what-to-move', customer, messages, [recipient], { now });
const start = suite.start;
const servers = () => suite.servers();
const pathOf = (folder: string[]) => folder.join(servers().dovecot.separator);

describe('the source folder list', () => {
  it('names every folder with its messages, bytes and special use', async () => {
    const harness = await start();
    const session = await signIn(harness, customer.email);
    const response = await session.post('/api/source-folders/', {});
    expect(response.status).toBe(200);
    const answer = (await response.json()) as SourceFoldersResponse;
    expect(answer.complete).toBe(true);
    const expected = expectedMailbox(messages, servers().dovecot.separator);
    for (const [folder, list] of expected) {
      const line = answer.folders.find((f) => f.path === folder);
      expect(line, folder).toMatchObject({ messages: list.length, bytes: list.reduce((sum, m) => sum + m.size, 0) });
    }
    expect(answer.folders.find((f) => f.path === 'INBOX')?.special_use).toBe('inbox');
    expect(answer.folders.find((f) => f.path === pathOf(['Junk']))?.special_use).toBe('junk');
    expect(answer.folders.find((f) => f.path === pathOf(['Projects', '2019']))).toMatchObject({ name: 'Projects/2019', special_use: null });
  });

  it('is refused without the sign-in, without the XSRF header, and past its limit per account', async () => {
    const harness = await start({ RATE_LIMIT_SOURCE_FOLDERS_MAX: '2' });
    const session = await signIn(harness, customer.email);
    const { Authorization: _bearer, ...noBearer } = session.headers;
    const anonymous = await fetch(`${harness.base}/api/source-folders/`, { method: 'POST', headers: noBearer, body: '{}' });
    expect(anonymous.status).toBe(401);
    const { 'X-XSRF-TOKEN': _xsrf, ...noXsrf } = session.headers;
    const forged = await fetch(`${harness.base}/api/source-folders/`, { method: 'POST', headers: noXsrf, body: '{}' });
    expect(forged.status).toBe(403);
    expect((await session.post('/api/source-folders/', {})).status).toBe(200);
    expect((await session.post('/api/source-folders/', {})).status).toBe(200);
    const over = await session.post('/api/source-folders/', {});
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await over.json()) as { message: string }).message).toMatch(/Please try again in \d+ seconds?\./);
  });
});

describe('an export of what the customer chose', () => {
  it('moves only the last month of the folders left ticked, and counts and says only that', { timeout: 120_000 }, async () => {
    const harness = await start();
    const session = await signIn(harness, customer.email);
    const response = await session.post(
      '/api/load/',
      otherLoad(servers(), customer.email, recipient, { mail_choice: { range: 'last-month', excluded_folders: LEFT_OUT.map(pathOf) } }),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const { jobid } = (await response.json()) as { jobid: string };

    const since = monthsBefore(now, 1);
    const chosen = messages.filter(
      (m) => m.internalDate.toISOString().slice(0, 10) >= since && !LEFT_OUT.some((folder) => pathOf(folder) === pathOf(m.folder)),
    );
    expect(chosen.length).toBeGreaterThan(10);
    expect(chosen.length).toBeLessThan(messages.length / 2);

    const last = (await pollStatus(harness.base, jobid, ended, { token: session.token })).at(-1) as StatusResponse;
    expect(last.emailmigration).toEqual({
      status: 'completed',
      progress: {
        total: chosen.length,
        done: chosen.length,
        failed: 0,
        bytes_total: chosen.reduce((sum, m) => sum + m.raw.length, 0),
        bytes_done: chosen.reduce((sum, m) => sum + m.raw.length, 0),
      },
    });
    expect(last.left_out).toEqual({ folders: 2, before: since });

    const arrived = await readMailbox(servers().dovecot, recipient.email, recipient.password);
    const nonEmpty = (mailbox: Map<string, unknown[]>) => new Map([...mailbox].filter(([, list]) => list.length > 0).sort());
    expect(nonEmpty(arrived)).toEqual(nonEmpty(expectedMailbox(chosen, servers().dovecot.separator)));

    // The receipt names only the folders moved, each with the messages chosen of it.
    const receipt = new Map((last.receipt ?? []).map((line) => [line.container, [line.source, line.destination]]));
    for (const folder of LEFT_OUT) expect(receipt.has(pathOf(folder))).toBe(false);
    for (const [folder, list] of expectedMailbox(chosen, servers().dovecot.separator))
      expect(receipt.get(folder)).toEqual([list.length, list.length]);
  });

  it('refuses a first date in the future', async () => {
    const harness = await start();
    const session = await signIn(harness, customer.email);
    const response = await session.post('/api/load/', {
      source_account: { email: customer.email, provider: 'northwave' },
      destination_account: { provider: 'file' },
      operations: ['emailmigration'],
      parameters: { notificationEmail: 'notify@example.com' },
      file_export_parameters: { emailFormat: 'MBOX' },
      mail_choice: { range: 'from-date', from_date: new Date(now + 3 * DAY_MS).toISOString().slice(0, 10) },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'Please choose a date that is not in the future.',
      field: 'mail_choice.from_date',
    });
  });
});
