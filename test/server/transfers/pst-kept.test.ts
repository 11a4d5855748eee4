/**
 * A file export to PST whose mailbox holds a message the PST writer cannot parse, over real HTTP and
 * the service's own engine: the export completes with nothing failed, and still its owner gets the
 * item report — the status answer counts the message under `kept-as-attachment` and names it, and the
 * CSV lists it — because it reached Outlook only as a note with the original attached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { nestedTooDeep, UNPARSEABLE_SUBJECT } from '../../engine/pst/support/unparseable.ts';
import { signIn, startHarness, type Harness } from '../helpers/harness.ts';
import { ended, pollStatus, startMailServers, type MailServers } from './support.ts';

const customer = { email: 'erin@example.com', password: 'erin-source-pw' };
const at = (day: number) => new Date(Date.UTC(2024, 0, day));
const messages = [
  {
    folder: ['INBOX'],
    raw: Buffer.from('Subject: Readable\r\nMessage-ID: <ok@example.org>\r\n\r\nHello.\r\n'),
    flags: [],
    internalDate: at(1),
  },
  { folder: ['INBOX'], raw: nestedTooDeep(), flags: [], internalDate: at(2) },
];

const dir = mkdtempSync(path.join(tmpdir(), 'portal-pst-kept-'));
let servers: MailServers;
let harness: Harness;

beforeAll(async () => {
  servers = await startMailServers(dir, customer, messages, []);
  harness = await startHarness({ transfers: true, env: servers.env });
}, 60_000);
afterAll(async () => {
  await harness?.stop();
  await harness?.remove();
  await servers?.dovecot.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a PST export with a message kept as an attachment', () => {
  it('completes with none failed, and its item report names the message', { timeout: 120_000 }, async () => {
    const session = await signIn(harness, customer.email);
    const response = await session.post('/api/load/', {
      source_account: { email: customer.email, provider: 'northwave' },
      destination_account: { provider: 'file' },
      operations: ['emailmigration'],
      file_export_parameters: { emailFormat: 'PST' },
      parameters: { notificationEmail: 'notify@example.com' },
    });
    expect(response.status).toBe(200);
    const { jobid } = (await response.json()) as { jobid: string };
    const last = (await pollStatus(harness.base, jobid, ended, { token: session.token })).at(-1) as StatusResponse;

    expect(last.emailmigration).toMatchObject({ status: 'completed', progress: { total: 2, done: 2, failed: 0 } });
    expect(last.failures?.reasons).toEqual([{ operation: 'emailmigration', reason: 'kept-as-attachment', count: 1 }]);
    expect(last.failures?.items).toEqual([expect.objectContaining({ container: 'INBOX', subject: UNPARSEABLE_SUBJECT })]);
    expect(last.report_url).toMatch(/^\/api\/reports\//);

    const report = await fetch(`${harness.base}${last.report_url}`, { headers: { Authorization: `Bearer ${session.token}` } });
    const items = (await report.text()).split('\r\n').filter((line) => line.startsWith('item,'));
    expect(items).toHaveLength(1);
    expect(items[0]).toContain(',kept-as-attachment,');
    expect(items[0]).toContain(UNPARSEABLE_SUBJECT);
  });
});
