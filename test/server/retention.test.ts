/**
 * Nothing kept longer than promised (issue 35, decision 0026), over real HTTP with the service's own
 * engine and worker writing real archives: a file export's ZIP goes when its download expires and its
 * rows when its history period ends, while a fresher export's stay; archives and their folder are the
 * service's user's only; two nodes purging at once delete each thing once.
 * Runs on SQLite and on Postgres (vitest.config.ts).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../contract/index.ts';
import { createDevMail } from '../../server/development/mail/index.ts';
import { createJobsStore } from '../../server/db/jobs-store.ts';
import { openDatabase, type Db } from '../../server/db/open.ts';
import { createTransfersStore } from '../../server/db/transfers-store.ts';
import { createLogger } from '../../server/http/logger.ts';
import { archiveFilename } from '../../server/jobs/archive-name.ts';
import { createLifecycle } from '../../server/jobs/lifecycle.ts';
import { newJob } from './db/new-job.ts';
import { signIn, startHarness, type Harness } from './helpers/harness.ts';
import { purgeOf } from './helpers/purge.ts';
import { ended, pollStatus } from './transfers/support.ts';

const OWNER = 'active@example.com';
const DAY_MS = 24 * 60 * 60 * 1000;
const DOWNLOAD_TTL_MS = 60_000;
const HISTORY_DAYS = 90;

const dir = mkdtempSync(path.join(tmpdir(), 'portal-retention-'));
let harness: Harness;
const logLines: string[] = [];

beforeAll(async () => {
  const devMail = createDevMail({ dir: path.join(dir, 'dev-mail'), messagesPerAccount: 8 });
  await devMail.prepare([OWNER]);
  harness = await startHarness({
    transfers: true,
    devMail,
    env: { TRANSFER_POLL_MS: '50', DOWNLOAD_TTL_MS: String(DOWNLOAD_TTL_MS), EXPORT_HISTORY_DAYS: String(HISTORY_DAYS) },
  });
}, 120_000);
afterAll(async () => {
  await harness?.stop();
  await harness?.remove();
  rmSync(dir, { recursive: true, force: true });
});

/** A file export of the owner's sample mailbox and address book, run to its end by the engine. */
async function fileExport(): Promise<string> {
  const session = await signIn(harness, OWNER);
  const response = await session.post('/api/load/', {
    source_account: { email: OWNER, provider: 'northwave' },
    destination_account: { provider: 'file' },
    operations: ['emailmigration', 'contactsmigration'],
    parameters: { notificationEmail: 'notify@example.com' },
    file_export_parameters: { emailFormat: 'MBOX', contactsFormat: 'VCF' },
  });
  expect(response.status).toBe(200);
  const { jobid } = (await response.json()) as { jobid: string };
  const last = (await pollStatus(harness.base, jobid, ended, { token: session.token })).at(-1) as StatusResponse;
  expect(last.emailmigration?.download_url).toMatch(/^\/api\/downloads\//);
  return jobid;
}

const archiveOf = (exportId: string) => path.join(harness.config.filesDir, archiveFilename(exportId));

/** Every table that holds something about an export, and the column that names it. */
const ABOUT_AN_EXPORT = [
  ['jobs', 'export_id'],
  ['load_claims', 'export_id'],
  ['copy_passes', 'export_id'],
  ['mail_followups', 'export_id'],
  ['transfer_queue', 'export_id'],
  ['destination_grants', 'export_id'],
  ['transfer_operations', 'transfer_id'],
  ['transfer_checkpoints', 'transfer_id'],
  ['transfer_items', 'transfer_id'],
  ['transfer_receipts', 'transfer_id'],
  ['outbox', 'ref'],
] as const;

async function rowsAbout(db: Db, exportId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, column] of ABOUT_AN_EXPORT) {
    const { rows } = await sql<{
      n: number | string;
    }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${exportId}`.execute(db);
    counts[table] = Number(rows[0]?.n);
  }
  return counts;
}

const nothing = Object.fromEntries(ABOUT_AN_EXPORT.map(([table]) => [table, 0]));

/** A skipped message as the item report lists it (the sample mailbox has none that fail). */
async function addItemReportRow(exportId: string): Promise<void> {
  await harness.db
    .insertInto('transfer_items')
    .values({
      transfer_id: exportId,
      operation: 'emailmigration',
      container: 'INBOX',
      item_id: '<m1@example.com>',
      uid: 1,
      size: 10,
      reason: 'too-large',
      detail: 'a test row',
      subject: 'Holiday photos',
      sender: 'friend@example.com',
      sent_at: null,
    })
    .execute();
}

const anonymousStatus = (exportId: string) => fetch(`${harness.base}/api/v2/status/?job_id=${exportId}`);

describe('the purge', () => {
  it(
    'deletes a ZIP when its download expires and the export when its history ends; a fresher export stays',
    { timeout: 180_000 },
    async () => {
      const old = await fileExport();
      await addItemReportRow(old);
      expect(existsSync(archiveOf(old))).toBe(true);
      const before = await rowsAbout(harness.db, old);
      expect(before).toMatchObject({ jobs: 1, transfer_operations: 2, transfer_items: 1 });
      expect(before.transfer_receipts).toBeGreaterThan(0);
      expect(before.outbox).toBeGreaterThanOrEqual(2);

      // A day later the old export's download (a minute here) has expired; a new export is fresh.
      harness.clock.now += DAY_MS;
      const fresh = await fileExport();
      const sink = new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      });
      const first = await purgeOf(harness, { logger: createLogger('info', sink) }).run();
      expect(first.failed).toEqual([]);
      expect(first.purged).toMatchObject({ archives: 1, exports: 0 });
      expect(existsSync(archiveOf(old))).toBe(false);
      expect(existsSync(archiveOf(fresh))).toBe(true);
      // Its history stays for support: the status still answers, without a file.
      const { jobs, transfer_operations, transfer_items, transfer_receipts, outbox } = before;
      expect(await rowsAbout(harness.db, old)).toMatchObject({ jobs, transfer_operations, transfer_items, transfer_receipts, outbox });
      const kept = await anonymousStatus(old);
      expect(kept.status).toBe(200);
      const answer = (await kept.json()) as StatusResponse;
      expect(answer).toMatchObject({ emailmigration: { status: 'completed' }, contactsmigration: { status: 'completed' } });
      expect(answer.file_ready).toBeUndefined();

      // The log says how many, never whose.
      const line = logLines.find((text) => text.includes('purge: deleted'));
      expect(line).toBeDefined();
      expect(line).not.toContain(old);
      expect(line).not.toContain('@');

      // Past the old export's history period (but not the fresh one's), every row about it goes.
      harness.clock.now += (HISTORY_DAYS - 0.5) * DAY_MS;
      const second = await purgeOf(harness).run();
      expect(second.failed).toEqual([]);
      expect(second.purged.exports).toBe(1);
      expect(await rowsAbout(harness.db, old)).toEqual(nothing);
      expect((await anonymousStatus(old)).status).toBe(404);
      expect(await rowsAbout(harness.db, fresh)).toMatchObject({ jobs: 1, transfer_operations: 2 });
      expect((await anonymousStatus(fresh)).status).toBe(200);

      // The account's lock row (its last start) goes once that start is past the history period too.
      expect(second.purged.accountStarts).toBe(0);
      expect(await harness.db.selectFrom('account_starts').selectAll().execute()).toHaveLength(1);
      harness.clock.now += HISTORY_DAYS * DAY_MS;
      expect((await purgeOf(harness).run()).purged.accountStarts).toBe(1);
      expect(await harness.db.selectFrom('account_starts').selectAll().execute()).toEqual([]);
    },
  );

  // The test process keeps the usual umask (022): only the service's own modes make this hold. The
  // database file's modes: test/server/db/sqlite-file-modes.test.ts.
  it('writes archives 0600 in a 0700 folder', { timeout: 120_000 }, async () => {
    const exportId = await fileExport();
    expect(statSync(archiveOf(exportId)).mode & 0o777).toBe(0o600);
    expect(statSync(harness.config.filesDir).mode & 0o777).toBe(0o700);
  });

  it('run by two nodes at once, deletes each thing once and fails nothing', { timeout: 120_000 }, async () => {
    // More exports than one batch of the purge, each with its mail, claim, transfer, item row and archive.
    const count = 250;
    const endedAt = harness.clock.now;
    const ids = Array.from({ length: count }, (_, i) => `retention${String(i).padStart(8, '0')}`);
    const jobs = createJobsStore(harness.db);
    const transfers = createTransfersStore(harness.db);
    for (const exportId of ids) {
      await jobs.insertUnlessDuplicate(newJob(exportId, `key-${exportId}`, endedAt), endedAt);
      await createLifecycle(harness.db).end({
        exportId,
        emailStatus: 'completed',
        contactsStatus: null,
        finishedAt: endedAt,
        downloadExpiresAt: endedAt + 1,
      });
      await transfers.create({ exportId, plan: '{}', sealedSecret: null });
      await addItemReportRow(exportId);
      writeFileSync(archiveOf(exportId), 'zip');
    }
    // A sign-in, which expires in its hour, and a limit window that ended (stamped with the wall clock).
    await harness.tokens.issue({ email: OWNER, purpose: 'source', provider: 'northwave' });
    await harness.db
      .insertInto('rate_limits')
      .values({ key: 'retention-test:ended', points: 1, expire: Date.now() - 1000 })
      .execute();
    harness.clock.now += (HISTORY_DAYS + 1) * DAY_MS;
    // By now every export of this file has outlived its history and every archive its download.
    const exports = (await harness.db.selectFrom('jobs').select('export_id').execute()).length;
    const archives = readdirSync(harness.config.filesDir).length;
    expect(exports).toBeGreaterThanOrEqual(count);
    const otherNode = await openDatabase(harness.config.database, createLogger('silent'));
    try {
      const results = await Promise.all([purgeOf(harness).run(), purgeOf(harness, { db: otherNode }).run()]);
      expect(results.map((result) => result.failed)).toEqual([[], []]);
      // Each thing went once, by one node or the other.
      expect(results.reduce((sum, result) => sum + result.purged.exports, 0)).toBe(exports);
      expect(results.reduce((sum, result) => sum + result.purged.archives, 0)).toBe(archives);
    } finally {
      await otherNode.destroy();
    }
    for (const exportId of [ids[0], ids[count - 1]] as string[]) {
      expect(await rowsAbout(harness.db, exportId)).toEqual(nothing);
      expect(existsSync(archiveOf(exportId))).toBe(false);
    }
    expect(await harness.db.selectFrom('jobs').select('export_id').where('export_id', 'like', 'retention%').execute()).toEqual([]);
    expect(await harness.db.selectFrom('rate_limits').select('key').where('key', '=', 'retention-test:ended').execute()).toEqual([]);
    expect(await harness.db.selectFrom('identity_tokens').select('email').execute()).toEqual([]);
  });
});
