/**
 * `npm run bench:scale`: the scaled deployment measured in one run on a throwaway Postgres (Debian's
 * `postgresql`, as the tests start it): status-lookup throughput and p99 with 1 and with 2 web nodes
 * (autocannon, the same total connections split over the nodes, both nodes warmed up first), and
 * transfer throughput with 1 and 2 workers (workers started and idle, then the same number of exports
 * to the development mailbox store queued through a web node, timed from the first load to the last
 * end), with the CPU a web node spends per lookup and a worker per message (what a capacity model
 * needs, whatever else the machine runs). Prints one line beginning `scale:`. On 2 cores the ratios are
 * bounded by the cores, which the load generator and Postgres share. BENCH_SCALE_SECONDS, BENCH_SCALE_EXPORTS.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { readConfig } from '../server/config.ts';
import { createDevMail } from '../server/development/mail/index.ts';
import { openDatabase } from '../server/db/open.ts';
import { createLogger } from '../server/http/logger.ts';
import { createTokenStore } from '../server/identity/token-store.ts';
import { startPostgres } from '../test/support/postgres.ts';
import { startNode, stopNode, type Node } from '../test/server/scale/nodes.ts';

const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 8);
const EXPORTS = Number(process.env.BENCH_SCALE_EXPORTS ?? 40);
const MESSAGES = 30;
const CONNECTIONS = 40;
const OWNER = 'active@example.com';

/** CPU seconds a process has used so far (Linux's /proc, in ticks of 1/100 s), or NaN where there is none. */
function cpuSeconds(node: Node): number {
  try {
    const fields = (readFileSync(`/proc/${node.child.pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
const cpuOf = (nodes: Node[]) => nodes.reduce((sum, node) => sum + cpuSeconds(node), 0);

async function lookups(bases: string[], exportId: string): Promise<{ rps: number; p99: number; requests: number }> {
  const latencies: number[] = [];
  const runs = bases.map((base) => {
    const run = autocannon({
      url: `${base}/api/v2/status/?job_id=${exportId}`,
      connections: CONNECTIONS / bases.length,
      duration: SECONDS,
    });
    run.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status === 200) latencies.push(ms);
    });
    return run;
  });
  await Promise.all(runs);
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / SECONDS,
    p99: latencies[Math.ceil(latencies.length * 0.99) - 1] ?? Number.NaN,
    requests: latencies.length,
  };
}

async function main(): Promise<void> {
  const cluster = await startPostgres();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-scale-'));
  const nodes: Node[] = [];
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE portal_bench');
    await admin.end();
    const url = new URL(cluster.adminUrl);
    url.pathname = '/portal_bench';
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html>');
    await createDevMail({ dir: path.join(dir, 'dev-mail'), messagesPerAccount: MESSAGES }).prepare([OWNER]);
    const env = {
      DATABASE_URL: url.toString(),
      HASH_SECRET: 'bench-scale-secret-0123456789abcdef0123456789',
      DIST_DIR: path.join(dir, 'dist'),
      FILES_DIR: path.join(dir, 'files'),
      DEV_MAIL_DIR: path.join(dir, 'dev-mail'),
      // The development store's pause per message makes an export watchable; measured here is the service.
      DEV_MAIL_DELIVERY_MS: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_STATUS_MAX: '1000000000',
      RATE_LIMIT_EXPORTS_RUNNING: '100000',
      RATE_LIMIT_EXPORTS_PER_DAY: '100000',
      TRANSFER_POLL_MS: '100',
      TRANSFER_CONCURRENCY: '4',
    };
    const web = [
      await startNode('web', { ...env, DATA_DIR: path.join(dir, 'w1') }),
      await startNode('web', { ...env, DATA_DIR: path.join(dir, 'w2') }),
    ];
    nodes.push(...web);
    const [first, second] = web as [Node, Node];
    const db = await openDatabase(readConfig(env).database, createLogger('silent'));
    const token = await createTokenStore(db, { ttlMs: 3_600_000, now: Date.now }).issue({
      email: OWNER,
      purpose: 'source',
      provider: 'northwave',
    });
    const page = await fetch(`${first.base}/`);
    const cookie = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const headers = {
      'Content-Type': 'application/json',
      Cookie: `XSRF-TOKEN=${cookie}`,
      'X-XSRF-TOKEN': cookie,
      Authorization: `Bearer ${token}`,
    };
    const load = async (n: number) => {
      const response = await fetch(`${first.base}/api/load/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          source_account: { email: OWNER, provider: 'northwave' },
          destination_account: { provider: 'other', email: `bench-${n}@example.com`, password: 'correct-password' },
          operations: ['emailmigration'],
          parameters: { notificationEmail: 'notify@example.com' },
        }),
      });
      if (response.status !== 200) throw new Error(`load answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { jobid: string }).jobid;
    };
    const probe = await load(0);
    await lookups([first.base, second.base], probe); // warm-up of both nodes
    const before = cpuSeconds(first);
    const one = await lookups([first.base], probe);
    const webCpuPerLookup = (cpuSeconds(first) - before) / one.requests;
    const two = await lookups([first.base, second.base], probe);

    // Workers up and idle first (a process's start is not transfer time), then the exports queued
    // through the web node as they would arrive, timed from the first load to the last end.
    const transfers = async (workers: number, offset: number) => {
      const running = await Promise.all(
        Array.from({ length: workers }, (_, i) => startNode('worker', { ...env, DATA_DIR: path.join(dir, `k${offset}-${i}`) })),
      );
      const cpuBefore = cpuOf(running);
      const started = performance.now();
      const ids: string[] = [];
      for (let n = 0; n < EXPORTS; n += 1) ids.push(await load(offset + n));
      for (;;) {
        const row = await db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('export_id', 'in', ids)
          .where('finished_at', 'is not', null)
          .executeTakeFirst();
        if (Number(row?.n) === ids.length) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seconds = (performance.now() - started) / 1000;
      const cpuPerMessage = (cpuOf(running) - cpuBefore) / (EXPORTS * MESSAGES);
      await Promise.all(running.map((node) => stopNode(node)));
      return { rate: (EXPORTS * MESSAGES) / seconds, cpuPerMessage };
    };
    const oneWorker = await transfers(1, 1_000);
    const twoWorkers = await transfers(2, 2_000);
    await db.destroy();
    const us = (seconds: number) => (Number.isNaN(seconds) ? 'n/a' : `${Math.round(seconds * 1e6)} µs`);
    console.log(
      `scale: status lookups 1 web node ${Math.round(one.rps)} req/s p99 ${one.p99.toFixed(1)} ms, 2 web nodes ${Math.round(two.rps)} req/s p99 ${two.p99.toFixed(1)} ms (×${(two.rps / one.rps).toFixed(2)}); ` +
        `transfers 1 worker ${oneWorker.rate.toFixed(0)} msg/s, 2 workers ${twoWorkers.rate.toFixed(0)} msg/s (×${(twoWorkers.rate / oneWorker.rate).toFixed(2)}); ` +
        `CPU ${us(webCpuPerLookup)} per lookup (web node), ${us(oneWorker.cpuPerMessage)} per message (worker); ${os.cpus().length} cores, Postgres on the same machine, load ${os.loadavg()[0]?.toFixed(1)}`,
    );
  } finally {
    await Promise.all(nodes.map((node) => stopNode(node)));
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
