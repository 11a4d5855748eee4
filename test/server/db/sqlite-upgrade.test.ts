/**
 * A SQLite file made by the service before Kysely (user_version 1, the token store's own table) is
 * upgraded in place on start: every row stays readable through today's stores, the idempotency of
 * a recent load survives the move to load_claims, and the file is marked so the old code refuses it.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobsStore } from '../../../server/db/jobs-store.ts';
import { MIGRATIONS } from '../../../server/db/migrations/index.ts';
import { openDatabase, type Db } from '../../../server/db/open.ts';
import { createOptOutStore } from '../../../server/db/opt-out-store.ts';
import { MIGRATED_USER_VERSION } from '../../../server/db/sqlite.ts';
import { createSupportStore } from '../../../server/db/support-store.ts';
import { createLogger } from '../../../server/http/logger.ts';
import { createTokenStore } from '../../../server/identity/token-store.ts';

const LEGACY_SCHEMA = readFileSync(path.join(import.meta.dirname, 'fixtures', 'legacy-v1.sql'), 'utf8');
const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const FINISHED = 'F'.repeat(32);
const RUNNING = 'R'.repeat(32);
const TOKEN = 'T'.repeat(43);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The file as the old service left it, rows written with the old code's own statements. */
function writeLegacyFile(file: string): void {
  const legacy = new BetterSqlite3(file);
  legacy.pragma('journal_mode = WAL');
  legacy.exec(LEGACY_SCHEMA);
  const job = legacy.prepare(`
    INSERT INTO jobs (export_id, source_email, email_hash, destination_provider, destination_email, operations,
      email_format, contacts_format, notification_email, created_at, idempotency_key)
    VALUES (?, 'active@example.com', 'hash-of-active', ?, ?, ?, ?, ?, 'notify@example.com', ?, ?)`);
  job.run(FINISHED, 'file', null, 'emailmigration,contactsmigration', 'MBOX', 'VCF', NOW - 60 * 60 * 1000, 'key-of-finished');
  job.run(RUNNING, 'gmail', 'me@gmail.com', 'emailmigration', null, null, NOW - 60 * 1000, 'key-of-running');
  legacy
    .prepare(
      `UPDATE jobs SET email_status = 'completed', contacts_status = 'completed', finished_at = ?, end_notified = 1,
      download_token_hash = 'download-hash', download_expires_at = ? WHERE export_id = ?`,
    )
    .run(NOW - 30 * 60 * 1000, NOW + 14 * 24 * 60 * 60 * 1000, FINISHED);
  const notification = legacy.prepare('INSERT INTO notifications (export_id, outcome, sent_at, delivered) VALUES (?, ?, ?, ?)');
  notification.run(FINISHED, 'started', NOW - 60 * 60 * 1000, 1);
  notification.run(FINISHED, 'completed', NOW - 30 * 60 * 1000, 0);
  legacy.prepare("INSERT INTO opt_out_states (email, state, updated_at) VALUES ('opted@example.com', 'OPTED_OUT_INITIAL', ?)").run(NOW);
  legacy
    .prepare(
      `INSERT INTO support_requests (email_address, destination_email, migration_id, issue, received_at)
      VALUES ('active@example.com', 'me@gmail.com', ?, 'nothing arrived', ?)`,
    )
    .run(FINISHED, NOW);
  legacy
    .prepare(
      "INSERT INTO identity_tokens (token_digest, email, purpose, provider, expires_at) VALUES (?, 'active@example.com', 'source', 'northwave', ?)",
    )
    .run(sha256(TOKEN), NOW + 60 * 60 * 1000);
  legacy.close();
}

describe('upgrading a SQLite file made before the Kysely migrations', () => {
  let dir: string;
  let file: string;
  let db: Db;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-upgrade-'));
    file = path.join(dir, 'portal.sqlite');
    writeLegacyFile(file);
    db = await openDatabase({ url: null, sqlitePath: file, poolSize: 1 }, createLogger('silent'));
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every row, readable through the stores', async () => {
    const jobs = createJobsStore(db);
    expect(await jobs.find(FINISHED)).toEqual({
      exportId: FINISHED,
      sourceEmail: 'active@example.com',
      emailHash: 'hash-of-active',
      destinationProvider: 'file',
      destinationEmail: null,
      destinationImap: null,
      operations: ['emailmigration', 'contactsmigration'],
      emailFormat: 'MBOX',
      contactsFormat: 'VCF',
      notificationEmail: 'notify@example.com',
      // Made before exports had a language: its mails were in English, and stay so.
      language: 'en',
      createdAt: NOW - 60 * 60 * 1000,
      emailStatus: 'completed',
      contactsStatus: 'completed',
      finishedAt: NOW - 30 * 60 * 1000,
      downloadExpiresAt: NOW + 14 * 24 * 60 * 60 * 1000,
    });
    expect((await jobs.listUnfinished()).map((job) => job.exportId)).toEqual([RUNNING]);
    expect(await jobs.listByEmailHash('hash-of-active', 10)).toEqual([
      { exportId: RUNNING, createdAt: NOW - 60 * 1000 },
      { exportId: FINISHED, createdAt: NOW - 60 * 60 * 1000 },
    ]);
    // The notifications log became finished outbox messages; no download link made from the old hash opens anything.
    const mails = await db.selectFrom('outbox').select(['kind', 'ref', 'payload', 'status']).orderBy('id').execute();
    expect(mails).toEqual([
      { kind: 'export-mail', ref: FINISHED, payload: '{"outcome":"started"}', status: 'sent' },
      { kind: 'export-mail', ref: FINISHED, payload: '{"outcome":"completed"}', status: 'failed' },
    ]);
    expect(await db.selectFrom('jobs').select('download_token_hash').where('export_id', '=', FINISHED).executeTakeFirst()).toEqual({
      download_token_hash: null,
    });
    expect(await createOptOutStore(db).find('Opted@example.com')).toEqual({ state: 'OPTED_OUT_INITIAL', updatedAt: NOW });
    expect(await createSupportStore(db).newest(10)).toEqual([
      expect.objectContaining({ id: 1, migration_id: FINISHED, issue: 'nothing arrived', receivedAt: NOW }),
    ]);
    const tokens = createTokenStore(db, { ttlMs: 60_000, now: () => NOW });
    expect(await tokens.verify(TOKEN)).toEqual({ email: 'active@example.com', purpose: 'source', provider: 'northwave' });
  });

  it('keeps a recent load idempotent: the same key within the window gets the job made before the upgrade', async () => {
    const jobs = createJobsStore(db);
    const again = await jobs.insertUnlessDuplicate(
      {
        exportId: 'N'.repeat(32),
        sourceEmail: 'active@example.com',
        emailHash: 'hash-of-active',
        destinationProvider: 'gmail',
        language: 'en',
        destinationEmail: 'me@gmail.com',
        destinationImap: null,
        operations: ['emailmigration'],
        emailFormat: null,
        contactsFormat: null,
        notificationEmail: 'notify@example.com',
        createdAt: NOW,
        idempotencyKey: 'key-of-running',
      },
      NOW - 10 * 60 * 1000,
    );
    expect(again).toBe(RUNNING);
    expect(await jobs.find('N'.repeat(32))).toBeNull();
  });

  it('records every migration as run and marks the file so the code before them refuses it', async () => {
    await db.destroy();
    const upgraded = new BetterSqlite3(file, { readonly: true });
    try {
      expect(upgraded.pragma('user_version', { simple: true })).toBe(MIGRATED_USER_VERSION);
      expect(MIGRATED_USER_VERSION).toBeGreaterThan(1);
      const ran = upgraded.prepare('SELECT name FROM kysely_migration ORDER BY name').all();
      expect(ran).toEqual(Object.keys(MIGRATIONS).map((name) => ({ name })));
      const columns = upgraded.prepare("SELECT name FROM pragma_table_info('jobs')").all();
      expect(columns).not.toContainEqual({ name: 'idempotency_key' });
    } finally {
      upgraded.close();
    }
    db = await openDatabase({ url: null, sqlitePath: file, poolSize: 1 }, createLogger('silent'));
    expect(await createJobsStore(db).find(RUNNING)).not.toBeNull();
  });
});
