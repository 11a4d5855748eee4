/**
 * A process killed in the middle of `POST /api/load/` loses no mail (issue 14): the service runs as
 * `npm start` runs it (tsx server/main.ts, the run's database), many loads are in flight when it gets
 * SIGKILL, and afterwards every job that was committed has its 'started' mail in the outbox and its
 * transfer (one transaction: nothing is left for a later rule to end).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/open.ts';
import { createLogger } from '../../server/http/logger.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { NO_LIMITS } from '../support/no-limits.ts';
import { freePort } from '../support/free-port.ts';
import { devSignIn } from './helpers/dev-sign-in.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'portal-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SIGKILL during load', () => {
  it('leaves every committed job with its started mail queued', { timeout: 90_000 }, async () => {
    const database = await createTestDatabase();
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>kill test</title>');
    const port = await freePort();
    const env = {
      ...NO_LIMITS,
      ...database.env,
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      DIST_DIR: path.join(dir, 'dist'),
      LOG_LEVEL: 'silent',
      // The outbox stays idle: the mails must be queued, whether or not they went out yet.
      OUTBOX_INTERVAL_MS: '3600000',
    };
    // node with tsx's loader, not the tsx CLI: the CLI runs the service in a child of its own, which a
    // SIGKILL of the CLI would leave running (and writing into the data folder this test removes).
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const base = `http://127.0.0.1:${port}`;
    try {
      await expect
        .poll(
          () =>
            fetch(`${base}/healthz`).then(
              (r) => r.ok,
              () => false,
            ),
          { timeout: 60_000, interval: 200 },
        )
        .toBe(true);
      const { token, xsrf } = await devSignIn(base, 'active@example.com');
      expect(token).toMatch(/^[\w-]{43}$/);
      const load = (i: number) =>
        fetch(`${base}/api/load/`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${token}`,
            Cookie: `XSRF-TOKEN=${xsrf}`,
            'X-XSRF-TOKEN': xsrf,
          },
          body: JSON.stringify({
            source_account: { email: 'active@example.com', provider: 'northwave' },
            destination_account: { provider: 'other', email: `friend${i}@elsewhere.example`, password: 'secret' },
            operations: ['emailmigration'],
            parameters: { notificationEmail: 'notify@example.com' },
          }),
        }).then(
          (r) => r.status,
          () => 'cut off' as const,
        );
      const answers = Array.from({ length: 60 }, (_, i) => load(i));
      // Kill once the first loads are through, with the rest in flight.
      await Promise.race(answers);
      child.kill('SIGKILL');
      const outcomes = await Promise.all(answers);
      await exited;
      expect(outcomes.filter((o) => o === 200).length).toBeGreaterThan(0);

      const db = await openDatabase(readConfig(env).database, createLogger('silent'));
      try {
        const jobs = await db.selectFrom('jobs').select('export_id').execute();
        const mails = await db.selectFrom('outbox').select(['ref', 'payload']).where('kind', '=', 'export-mail').execute();
        const started = new Set(mails.filter((m) => m.payload === '{"outcome":"started"}').map((m) => m.ref));
        expect(jobs.length).toBeGreaterThanOrEqual(outcomes.filter((o) => o === 200).length);
        expect(jobs.filter((job) => !started.has(job.export_id))).toEqual([]);
        expect(mails).toHaveLength(jobs.length);
        // The job and its transfer are one write: no job is left without the transfer that runs it, nor the reverse.
        const transfers = await db.selectFrom('jobs').select('export_id').where('plan', 'is not', null).execute();
        expect(transfers.map((t) => t.export_id).sort()).toEqual(jobs.map((job) => job.export_id).sort());
      } finally {
        await db.destroy();
      }
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await database.drop();
    }
  });
});
