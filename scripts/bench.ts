/**
 * `npm run bench`: how fast the anonymous status call answers next to a trivial route of the same server.
 *
 * Starts the service as `npm start` runs it (server/main.ts, in a child process so the load generator does
 * not share its event loop) on a loopback port with a temp data folder, stores one finished file export,
 * then drives `GET /healthz` (trivial: one `SELECT 1`) and `GET /api/v2/status/?job_id=…` with autocannon,
 * 50 connections for 10 s each, after a short warm-up. The status rate limit is raised for the run: it
 * exists to slow down ID guessing by one client, not to measure. Prints
 * `status throughput: N req/s, p99 M ms, ratio R to a trivial route` and exits 1 when a run saw errors
 * or non-2xx answers. BENCH_DURATION_S and BENCH_CONNECTIONS override the defaults.
 */
import autocannon, { type Result } from 'autocannon';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJobsStore } from '../server/db/jobs-store.ts';
import { openDatabase } from '../server/db/open.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_S = Math.min(2, DURATION_S);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A file export of both operations, created an hour ago: long finished, with a download link. */
function storeFinishedJob(databasePath: string): string {
  const db = openDatabase(databasePath);
  try {
    // 32 alphanumerics like the service's own IDs.
    const exportId = randomBytes(24).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 32).padEnd(32, 'x');
    createJobsStore(db).insert({
      exportId,
      sourceEmail: 'active@example.com',
      emailHash: randomBytes(20).toString('hex'),
      destinationProvider: 'file',
      destinationEmail: null,
      operations: ['emailmigration', 'contactsmigration'],
      emailFormat: 'MBOX',
      contactsFormat: 'VCF',
      notificationEmail: 'active@example.com',
      createdAt: Date.now() - 60 * 60 * 1000,
      idempotencyKey: randomBytes(16).toString('hex'),
    });
    return exportId;
  } finally {
    db.close();
  }
}

async function waitForHealthy(base: string, child: ReturnType<typeof fork>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before answering.`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not answer /healthz within 30 s.');
}

const run = (url: string, duration: number): Promise<Result> => autocannon({ url, connections: CONNECTIONS, duration });

function failures(name: string, result: Result): string[] {
  const problems: string[] = [];
  if (result.errors > 0) problems.push(`${name}: ${result.errors} errors (${result.timeouts} timeouts)`);
  if (result.non2xx > 0) problems.push(`${name}: ${result.non2xx} non-2xx answers (a rate limit?)`);
  if (result.totalCompletedRequests === 0) problems.push(`${name}: no completed requests`);
  return problems;
}

const round = (value: number, digits = 0) => Number(value.toFixed(digits));

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const exportId = storeFinishedJob(path.join(dataDir, 'portal.sqlite'));

  const child = fork(path.join(ROOT, 'server/main.ts'), [], {
    cwd: ROOT,
    // Request logs go to /dev/null: written (pino's cost is part of the figure) but not piped back.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_PATH: path.join(dataDir, 'portal.sqlite'),
      HASH_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_STATUS_MAX: String(1_000_000_000),
    },
  });
  try {
    await waitForHealthy(base, child);
    const statusUrl = `${base}/api/v2/status/?job_id=${exportId}`;
    const sample = await fetch(statusUrl);
    const answer = await sample.text();
    if (!sample.ok) throw new Error(`GET /api/v2/status/ answered ${sample.status}: ${answer}`);
    console.log(`status answer: ${answer.replace(/"download_url":"[^"]*"/g, '"download_url":"…"')}`);

    console.log(`warming up ${WARMUP_S} s each…`);
    await run(`${base}/healthz`, WARMUP_S);
    await run(statusUrl, WARMUP_S);

    console.log(`measuring ${CONNECTIONS} connections × ${DURATION_S} s: GET /healthz, then GET /api/v2/status/`);
    const trivial = await run(`${base}/healthz`, DURATION_S);
    const status = await run(statusUrl, DURATION_S);

    const ratio = status.requests.average / trivial.requests.average;
    console.log(`trivial route (/healthz): ${round(trivial.requests.average)} req/s, p99 ${round(trivial.latency.p99, 1)} ms`);
    console.log(`status throughput: ${round(status.requests.average)} req/s, p99 ${round(status.latency.p99, 1)} ms, ratio ${round(ratio, 2)} to a trivial route`);
    const problems = [...failures('/healthz', trivial), ...failures('/api/v2/status/', status)];
    if (problems.length > 0) {
      console.error(problems.join('\n'));
      process.exitCode = 1;
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 12_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
