/**
 * The scale-out deployment for real (project `postgres` only): 2 web nodes and 2 workers as separate
 * processes on one throwaway Postgres, pg-boss as the queue. 100 exports to Other (delivered into
 * the development mailbox store) are made through alternating web nodes; one worker is SIGKILLed in
 * the middle of its transfers. Every export ends exactly once, completed, each destination mailbox
 * holds every message of the source exactly once; the jobs-by-email limit is N across both web nodes;
 * a web node restarted on its port serves the sessions made before.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { readConfig } from '../../../server/config.ts';
import { createDevMail, type DevMail } from '../../../server/development/mail/index.ts';
import { openDatabase, type Db } from '../../../server/db/open.ts';
import { createLogger } from '../../../server/http/logger.ts';
import { createTokenStore } from '../../../server/identity/token-store.ts';
import { readMaildir } from '../../dev-mail/support/read-maildir.ts';
import { NO_LIMITS } from '../../support/no-limits.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { metric, startNode, stopNode, type Node } from './nodes.ts';

const OWNER = 'active@example.com';
const EXPORTS = 100;
const MESSAGES = 12;
const JOBS_BY_EMAIL_MAX = 6;

const dir = mkdtempSync(path.join(tmpdir(), 'portal-scale-'));
let database: TestDatabase;
let db: Db;
let devMail: DevMail;
let env: Record<string, string>;
const nodes: Node[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  mkdirSync(path.join(dir, 'dist'));
  writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>scale</title>');
  // A small sample mailbox, written once before any node starts (every node finds it there).
  devMail = createDevMail({ dir: path.join(dir, 'dev-mail'), messagesPerAccount: MESSAGES });
  await devMail.prepare([OWNER]);
  env = {
    ...NO_LIMITS,
    ...database.env,
    HASH_SECRET: 'scale-test-secret-0123456789abcdef0123456789',
    DIST_DIR: path.join(dir, 'dist'),
    FILES_DIR: path.join(dir, 'files'),
    DEV_MAIL_DIR: path.join(dir, 'dev-mail'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_EXPORTS_RUNNING: '1000',
    RATE_LIMIT_STATUS_MAX: '100000',
    RATE_LIMIT_JOBS_BY_EMAIL_MAX: String(JOBS_BY_EMAIL_MAX),
    TRANSFER_LEASE_MS: '3000',
    TRANSFER_POLL_MS: '200',
    TRANSFER_CONCURRENCY: '4',
    SWEEP_INTERVAL_MS: '500',
    DATABASE_POOL_SIZE: '5',
  };
  const own = (name: string) => ({ DATA_DIR: path.join(dir, name) });
  nodes.push(
    ...(await Promise.all([
      startNode('web', { ...env, ...own('web1') }),
      startNode('web', { ...env, ...own('web2') }),
      startNode('worker', { ...env, ...own('worker1') }),
      startNode('worker', { ...env, ...own('worker2') }),
    ])),
  );
  db = await openDatabase(readConfig(env).database, createLogger('silent'));
}, 180_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => stopNode(node, 'SIGKILL')));
  await db?.destroy();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** A signed-in browser on a web node: the XSRF cookie from its page and a sign-in token in the shared store. */
async function session(base: string, token: string) {
  const page = await fetch(`${base}/`);
  const cookie = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${cookie}`, 'X-XSRF-TOKEN': cookie, Authorization: `Bearer ${token}` };
}

const statusOf = async (base: string, exportId: string): Promise<StatusResponse> =>
  (await (await fetch(`${base}/api/v2/status/?job_id=${exportId}`)).json()) as StatusResponse;

describe('2 web nodes and 2 workers on one Postgres', () => {
  it(
    'moves 100 exports once each while a worker is killed, holds the limit across nodes, and keeps sessions over a restart',
    { timeout: 600_000 },
    async () => {
      const [web1, web2, worker1] = nodes as [Node, Node, Node, Node];
      const token = await createTokenStore(db, { ttlMs: 60 * 60 * 1000, now: Date.now }).issue({
        email: OWNER,
        purpose: 'source',
        provider: 'northwave',
      });
      const headers = [await session(web1.base, token), await session(web2.base, token)];

      const exportIds: string[] = [];
      for (let n = 0; n < EXPORTS; n += 1) {
        const base = n % 2 === 0 ? web1.base : web2.base;
        const response = await fetch(`${base}/api/load/`, {
          method: 'POST',
          headers: headers[n % 2],
          body: JSON.stringify({
            source_account: { email: OWNER, provider: 'northwave' },
            destination_account: { provider: 'other', email: `friend-${n}@example.com`, password: 'correct-password' },
            operations: ['emailmigration'],
            parameters: { notificationEmail: 'notify@example.com' },
          }),
        });
        expect(response.status, await response.clone().text()).toBe(200);
        exportIds.push(((await response.json()) as { jobid: string }).jobid);
      }
      expect(new Set(exportIds).size).toBe(EXPORTS);

      // Killed while it runs transfers: its leases run out and the other worker resumes them.
      await expect.poll(() => metric(worker1, 'portal_transfers_active'), { timeout: 120_000, interval: 100 }).toBeGreaterThan(0);
      expect(await stopNode(worker1, 'SIGKILL')).toBeNull();

      const deadline = Date.now() + 400_000;
      const finals = new Map<string, StatusResponse>();
      while (finals.size < EXPORTS && Date.now() < deadline) {
        for (const [n, exportId] of exportIds.entries()) {
          if (finals.has(exportId)) continue;
          const answer = await statusOf(n % 2 === 0 ? web2.base : web1.base, exportId);
          if (answer.emailmigration?.status !== 'started') finals.set(exportId, answer);
        }
        if (finals.size < EXPORTS) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(finals.size).toBe(EXPORTS);
      const outcomes = [...finals.values()].map(({ emailmigration: mail }) =>
        `${mail?.status} ${mail?.progress?.done}/${mail?.progress?.total} failed ${mail?.progress?.failed} ${mail?.reason ?? ''}`.trim(),
      );
      const completed = `completed ${MESSAGES}/${MESSAGES} failed 0`;
      // On a failure, the engine's own words for it say why.
      const failures = await db
        .selectFrom('transfer_operations')
        .select(['transfer_id', 'reason', 'detail'])
        .where('state', '=', 'failed')
        .execute();
      expect(
        outcomes.filter((outcome) => outcome !== completed),
        JSON.stringify(failures),
      ).toEqual([]);

      // Every message once in every destination mailbox: the same digests as the source, none twice.
      const source = [...readMaildir(devMail.layout.maildir(OWNER)).values()]
        .flat()
        .map((m) => m.sha256)
        .sort();
      for (let n = 0; n < EXPORTS; n += 1) {
        const arrived = [...readMaildir(devMail.layout.mailbox(`friend-${n}@example.com`)).values()]
          .flat()
          .map((m) => m.sha256)
          .sort();
        expect(arrived, `friend-${n}`).toEqual(source);
      }
      // Ended once: one transfer end, one 'ended' mail each, whichever worker finished it.
      const ends = await db.selectFrom('jobs').select(['export_id', 'status']).where('export_id', 'in', exportIds).execute();
      expect(ends.filter((row) => row.status === 'completed')).toHaveLength(EXPORTS);
      // The 'started' mail and one 'ended' (completed) mail per export, never two.
      const mails = async () => {
        const rows = await db
          .selectFrom('outbox')
          .select(['ref', 'payload'])
          .where('kind', '=', 'export-mail')
          .where('ref', 'in', exportIds)
          .execute();
        const byExport = new Map<string, string[]>();
        for (const row of rows)
          byExport.set(row.ref, [...(byExport.get(row.ref) ?? []), (JSON.parse(row.payload) as { outcome: string }).outcome].sort());
        return [...new Set([...byExport.values()].map((outcomes) => outcomes.join(',')))].concat(String(byExport.size));
      };
      await expect.poll(mails, { timeout: 30_000 }).toEqual(['completed,started', String(EXPORTS)]);

      // The limit is N across both web nodes, not N on each.
      const codes: number[] = [];
      for (let i = 0; i < JOBS_BY_EMAIL_MAX + 2; i += 1) {
        const base = i % 2 === 0 ? web1.base : web2.base;
        codes.push(
          (
            await fetch(`${base}/api/jobs-by-email/`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ hash: 'a'.repeat(40) }),
            })
          ).status,
        );
      }
      expect(codes).toEqual([...Array(JOBS_BY_EMAIL_MAX).fill(200), 429, 429]);

      // A web node restarted on its port still knows the session made before.
      const port = Number(new URL(web2.base).port);
      expect(await stopNode(web2)).toBe(0);
      const again = await startNode('web', { ...env, DATA_DIR: path.join(dir, 'web2') }, port);
      nodes.push(again);
      const valid = await fetch(`${again.base}/api/validate-token/`, {
        method: 'POST',
        headers: await session(again.base, token),
        body: JSON.stringify({ token }),
      });
      expect(await valid.json()).toEqual({ valid: true, email: OWNER });
    },
  );
});
