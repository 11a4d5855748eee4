/**
 * `npm run bench`: what the service costs per request next to the framework it is built on.
 *
 * Starts, in the same run and each as its own child process (so the load generator does not share their
 * event loops): a bare Hono app with one JSON route on @hono/node-server (scripts/bench/bare-hono.ts, the
 * baseline), and the service as `npm start` runs it (server/main.ts, both compiled and started with npm start's node flags) on a temp data folder with one finished
 * file export stored. Drives the baseline, `GET /healthz` (trivial), `GET /` (landing: the prerendered sign-in
 * page every customer opens first, asked for as a browser does, brotli accepted and no cookie yet, so each
 * answer also sets a new XSRF cookie; built first when dist/ has no pages) and `GET /api/v2/status/?job_id=…` (the
 * anonymous status of that export) with autocannon at 50 connections for 10 s each, after a short warm-up,
 * taken in rotating slices so that a change in the machine's load during the run hits every route alike;
 * throughput and p99 are computed over every response of a route. The status rate limit is raised for the
 * run: it exists to slow down ID guessing by one client, not to measure. Prints
 * `baseline: N req/s; trivial: N req/s (R× baseline), p99 M ms; landing: N req/s (R× baseline), p99 M ms; status: N req/s (R× trivial), p99 M ms`
 * and exits 1 when a run saw errors or non-2xx answers. On Linux it also prints each server's CPU time per
 * request (from /proc), a figure other processes on a busy machine distort less than throughput and latency,
 * and what the load generator (autocannon, in this process) spent per response: it shares the two cores,
 * and a 4 kB page costs it more to read than an 11-byte JSON answer (docs/performance.md).
 * BENCH_DURATION_S, BENCH_CONNECTIONS and BENCH_SLICES override the defaults.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { readConfig } from '../server/config.ts';
import { createJobsStore } from '../server/db/jobs-store.ts';
import { createLifecycle } from '../server/jobs/lifecycle.ts';
import { openDatabase } from '../server/db/open.ts';
import { createDevMail } from '../server/development/mail/index.ts';
import { createLogger } from '../server/http/logger.ts';
import { scenarioDirectory } from '../server/development/scenarios.ts';
import { CONSENTS } from '../server/destinations/index.ts';
import { developmentIssuers } from '../server/identity/assemble.ts';
import { prepareDevMail } from '../server/wiring.ts';
import { compiledChild } from './bench/compiled-child.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SLICES = Number(process.env.BENCH_SLICES ?? 5);
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
async function storeFinishedJob(env: NodeJS.ProcessEnv): Promise<string> {
  const db = await openDatabase(readConfig(env).database, createLogger('silent'));
  try {
    // 32 alphanumerics like the service's own IDs.
    const exportId = randomBytes(24)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 32)
      .padEnd(32, 'x');
    const createdAt = Date.now() - 60 * 60 * 1000;
    const jobs = createJobsStore(db);
    await jobs.insertUnlessDuplicate(
      {
        exportId,
        sourceEmail: 'active@example.com',
        emailHash: randomBytes(20).toString('hex'),
        language: 'en',
        destinationProvider: 'file',
        destinationEmail: null,
        destinationImap: null,
        operations: ['emailmigration', 'contactsmigration'],
        emailFormat: 'MBOX',
        contactsFormat: 'VCF',
        notificationEmail: 'active@example.com',
        createdAt,
        idempotencyKey: randomBytes(16).toString('hex'),
      },
      createdAt,
    );
    // Ended as the transfer would have ended it: completed, its file kept for another day.
    const finishedAt = createdAt + 5 * 60 * 1000;
    await createLifecycle(db).end({
      exportId,
      emailStatus: 'completed',
      contactsStatus: 'completed',
      finishedAt,
      downloadExpiresAt: finishedAt + 24 * 60 * 60 * 1000,
    });
    return exportId;
  } finally {
    await db.destroy();
  }
}

async function waitForAnswer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before answering.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 30 s.`);
}

/** CPU seconds (user + system) the process has used so far, or null where /proc is not available. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "pid (comm) ": state is index 0, utime 11, stime 12 (proc(5)), in clock ticks.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Every response of one route over all its slices. */
type Tally = {
  latenciesMs: number[];
  seconds: number;
  non2xx: number;
  errors: number;
  serverCpuSeconds: number | null;
  clientCpuSeconds: number;
};
const emptyTally = (): Tally => ({ latenciesMs: [], seconds: 0, non2xx: 0, errors: 0, serverCpuSeconds: 0, clientCpuSeconds: 0 });

async function drive(route: Pick<Route, 'url' | 'headers' | 'pid'>, seconds: number, tally: Tally): Promise<void> {
  const serverPid = route.pid;
  const cpuBefore = cpuSeconds(serverPid);
  // autocannon runs in this process: its CPU is what the load generator spends on the route's answers.
  const clientBefore = process.cpuUsage();
  const instance = autocannon({ url: route.url, headers: route.headers, connections: CONNECTIONS, duration: seconds });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTimeMs: number) => {
    if (statusCode >= 200 && statusCode < 300) tally.latenciesMs.push(responseTimeMs);
    else tally.non2xx += 1;
  });
  const result = await instance;
  const cpuAfter = cpuSeconds(serverPid);
  const client = process.cpuUsage(clientBefore);
  tally.clientCpuSeconds += (client.user + client.system) / 1e6;
  tally.serverCpuSeconds =
    cpuBefore === null || cpuAfter === null || tally.serverCpuSeconds === null ? null : tally.serverCpuSeconds + cpuAfter - cpuBefore;
  tally.seconds += result.duration;
  tally.errors += result.errors;
}

type Summary = { rps: number; p99: number; cpuUsPerRequest: number | null; clientCpuUsPerRequest: number };

function summary(tally: Tally): Summary {
  const sorted = Float64Array.from(tally.latenciesMs).sort();
  const p99 = sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0) : Number.NaN;
  const answered = tally.latenciesMs.length + tally.non2xx;
  const cpuUsPerRequest = tally.serverCpuSeconds === null || answered === 0 ? null : (tally.serverCpuSeconds * 1e6) / answered;
  const clientCpuUsPerRequest = answered === 0 ? Number.NaN : (tally.clientCpuSeconds * 1e6) / answered;
  return { rps: tally.latenciesMs.length / tally.seconds, p99, cpuUsPerRequest, clientCpuUsPerRequest };
}

function problems(name: string, tally: Tally): string[] {
  const found: string[] = [];
  if (tally.errors > 0) found.push(`${name}: ${tally.errors} connection errors or timeouts`);
  if (tally.non2xx > 0) found.push(`${name}: ${tally.non2xx} non-2xx answers (a rate limit?)`);
  if (tally.latenciesMs.length === 0) found.push(`${name}: no successful responses`);
  return found;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * Starts an entry point as `npm start` runs the service — compiled by the server's build, with plain
 * `node` and npm start's flags (scripts/bench/compiled-child.ts) — and waits for its answer.
 * The baseline is built and started the same way, so that only the application differs.
 */
async function startChild(entry: string, env: NodeJS.ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const { script, nodeFlags } = await compiledChild(entry);
  const child = fork(path.join(ROOT, script), [], {
    execArgv: nodeFlags,
    cwd: ROOT,
    // The service's request logs go to /dev/null: written (logging's cost is part of the figure) but not piped back.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env,
  });
  await waitForAnswer(readyUrl, child);
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 12_000))]);
}

/** What a browser opening the portal for the first time sends that changes the answer: it takes brotli, and has no cookie. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html' };

type Route = { name: string; url: string; headers?: Record<string, string>; pid: number | undefined; tally: Tally };

/**
 * Sign-in and every destination configured with a client, as in production, so that no embedded
 * development provider runs in the service process: its oidc-provider keeps an AsyncLocalStorage,
 * and on Node 20 the first request through it turns on promise hooks for the whole process, which
 * cost every later request about a third more CPU (50 → 80 µs on /healthz, measured). The issuers
 * cannot be resolved: the bench signs nobody in, and their discovery fails once, in the log.
 * The destinations are the service's own list (a destination added later, the successor partner's,
 * had been left to the development provider: 60 → 74 µs per /healthz, 106 → 130 µs per landing
 * answer, same run, docs/performance.md), and main() refuses to measure if any would still run there.
 */
const PRODUCTION_IDENTITY = Object.fromEntries(
  ['OIDC', ...CONSENTS.map((consent) => consent.prefix)].flatMap((name) => [
    [`${name}_ISSUER`, `https://${name.toLowerCase().replace(/_/g, '-')}.bench.invalid`],
    [`${name}_CLIENT_ID`, 'bench'],
    [`${name}_CLIENT_SECRET`, randomBytes(16).toString('hex')],
  ]),
);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const [port, baselinePort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  // The service's database as configured: SQLite in the temp folder, or DATABASE_URL when set.
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    // Production code paths with the simulated vendor behind them: the figure is the service's own cost.
    DANGEROUSLY_ENABLE_DEVELOPMENT_STANDINS: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_PATH: path.join(dataDir, 'portal.sqlite'),
    HASH_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_STATUS_MAX: String(1_000_000_000),
    ...PRODUCTION_IDENTITY,
  };
  const standIns = developmentIssuers(readConfig(env));
  if (standIns.length) throw new Error(`The development provider would run in the service for ${standIns.join(', ')}: configure them.`);
  // The landing page is the build's: built as `npm start` builds it when this checkout has none.
  if (!existsSync(path.join(ROOT, 'dist', 'pages', 'index.html'))) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const exportId = await storeFinishedJob(env);
  // The sample mailboxes the service writes on its first start, written now: not during the measurement.
  await prepareDevMail(createDevMail({ dir: readConfig(env).devMailDir }), scenarioDirectory, createLogger('silent'));
  const children: ChildProcess[] = [];
  try {
    const baselineUrl = `http://127.0.0.1:${baselinePort}/`;
    const baseline = await startChild('scripts/bench/bare-hono.ts', { ...process.env, BENCH_PORT: String(baselinePort) }, baselineUrl);
    children.push(baseline);
    const service = await startChild('server/main.ts', env, `${base}/healthz`);
    children.push(service);
    const statusUrl = `${base}/api/v2/status/?job_id=${exportId}`;
    const sample = await fetch(statusUrl);
    const answer = await sample.text();
    if (!sample.ok) throw new Error(`GET /api/v2/status/ answered ${sample.status}: ${answer}`);
    console.log(`status answer: ${answer.replace(/"download_url":"[^"]*"/g, '"download_url":"…"')}`);
    console.log(`cpus: ${os.cpus().length}, load average before: ${loadAverage()}`);

    const routes: Route[] = [
      { name: 'baseline (bare Hono, GET /)', url: baselineUrl, pid: baseline.pid, tally: emptyTally() },
      { name: 'trivial (GET /healthz)', url: `${base}/healthz`, pid: service.pid, tally: emptyTally() },
      { name: 'landing (GET /)', url: `${base}/`, headers: BROWSER_HEADERS, pid: service.pid, tally: emptyTally() },
      { name: 'status (GET /api/v2/status/)', url: statusUrl, pid: service.pid, tally: emptyTally() },
    ];
    for (const route of routes) await drive(route, WARMUP_S, emptyTally());

    console.log(`measuring ${CONNECTIONS} connections × ${DURATION_S} s per route in ${SLICES} rotating slices`);
    const slice = DURATION_S / SLICES;
    for (let i = 0; i < SLICES; i++) {
      // Rotate which route goes first, so that none always follows another.
      for (let j = 0; j < routes.length; j++) {
        const route = routes[(i + j) % routes.length]!;
        await drive(route, slice, route.tally);
      }
    }

    console.log(`load average after: ${loadAverage()}`);
    const [b, t, l, s] = routes.map((route) => summary(route.tally)) as [Summary, Summary, Summary, Summary];
    routes.forEach((route, index) => {
      const figures = [b, t, l, s][index]!;
      const cpu = figures.cpuUsPerRequest === null ? '' : `, server CPU ${Math.round(figures.cpuUsPerRequest)} µs per request`;
      const client = `, load generator CPU ${Math.round(figures.clientCpuUsPerRequest)} µs per response`;
      console.log(`${route.name}: ${Math.round(figures.rps)} req/s, p99 ${figures.p99.toFixed(1)} ms${cpu}${client}`);
    });
    console.log(
      `baseline: ${Math.round(b.rps)} req/s; ` +
        `trivial: ${Math.round(t.rps)} req/s (${(t.rps / b.rps).toFixed(2)}× baseline), p99 ${t.p99.toFixed(1)} ms; ` +
        `landing: ${Math.round(l.rps)} req/s (${(l.rps / b.rps).toFixed(2)}× baseline), p99 ${l.p99.toFixed(1)} ms; ` +
        `status: ${Math.round(s.rps)} req/s (${(s.rps / t.rps).toFixed(2)}× trivial), p99 ${s.p99.toFixed(1)} ms`,
    );
    const found = routes.flatMap((route) => problems(route.name, route.tally));
    if (found.length > 0) {
      console.error(found.join('\n'));
      process.exitCode = 1;
    }
  } finally {
    for (const child of children) await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
