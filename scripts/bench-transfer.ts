/**
 * `npm run bench:transfer`: the transfer engine's throughput and memory next to a bare imapflow loop,
 * in the same run, on a throwaway Dovecot (test/support/dovecot.ts).
 *
 * 1. Seeds the source account with the corpus (scripts/bench/transfer/corpus.ts: 10,000 messages of
 *    2 kB–2 MB, mean about 50 kB, in 10 folders, one of them 50 MB).
 * 2. Moves it, each run a child process of its own (scripts/bench/transfer/child.ts), with the source
 *    read through Dovecot's master user as the service reads it: the bare loop (the baseline: what
 *    imapflow alone does on this machine) into one account, the engine IMAP→IMAP into another, the
 *    engine IMAP→MBOX into one ZIP.
 * 3. Kills an engine IMAP→IMAP run into a third account 20 times at random points (SIGKILL, each after
 *    the run has committed something new), restarting it from its saved state each time, then lets it
 *    finish.
 * 4. Reads every destination back and prints
 *    `transfer: imap→imap N msgs S s R msg/s M MB/s; imap→mbox N msgs S s R msg/s M MB/s; peak rss P MB; mismatches 0; duplicates after resume 0; baseline B msg/s; ratio X`
 *    (peak rss: the larger of the two measured engine runs; mismatches: messages missing, extra or
 *    changed in either engine copy and in the resumed one; ratio: the engine's IMAP→IMAP msg/s over the
 *    bare loop's). Exits 1 when a copy is wrong or a run failed.
 *
 * BENCH_MESSAGES (10000) and BENCH_KILLS (20) override the sizes. Not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDovecot, type Dovecot } from '../test/support/dovecot.ts';
import type { ChildJob, ChildResult } from './bench/transfer/child.ts';
import { compare, imapCensus, mboxCensus, seedSource, type Census } from './bench/transfer/mailbox.ts';

const COUNT = Number(process.env.BENCH_MESSAGES ?? 10_000);
const KILLS = Number(process.env.BENCH_KILLS ?? 20);
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench', 'transfer', 'child.ts');
const MB = 1024 * 1024;

const users = {
  source: { email: 'customer@bench.example', password: 'bench-source-pw' },
  bare: { email: 'bare@bench.example', password: 'bench-bare-pw' },
  engine: { email: 'engine@bench.example', password: 'bench-engine-pw' },
  resume: { email: 'resume@bench.example', password: 'bench-resume-pw' },
};

type Running = { done: Promise<ChildResult | null>; kill: () => void };

function startChild(job: ChildJob): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<ChildResult | null>((resolve, reject) =>
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') return resolve(null);
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) return reject(new Error(`${job.mode} exited ${code ?? signal}: ${output.slice(-2000)}`));
      resolve(JSON.parse(line) as ChildResult);
    }),
  );
  return { done, kill: () => child.kill('SIGKILL') };
}

async function run(job: ChildJob): Promise<ChildResult> {
  const result = await startChild(job).done;
  if (!result || result.status !== 'completed') throw new Error(`${job.mode} did not complete: ${JSON.stringify(result)}`);
  return result;
}

const doneIn = (stateFile: string): number => {
  if (!existsSync(stateFile)) return 0;
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, { progress?: { done?: number } }>;
  return Object.values(state)[0]?.progress?.done ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Kills the run `kills` times, each at a random moment after it committed something new, then lets it finish. */
async function killAndResume(job: ChildJob, stateFile: string, kills: number): Promise<number> {
  let killed = 0;
  while (killed < kills) {
    const before = doneIn(stateFile);
    const running = startChild(job);
    let ended = false;
    void running.done.then(() => (ended = true), () => (ended = true));
    while (!ended && doneIn(stateFile) === before) await sleep(20);
    if (ended) break;
    await sleep(Math.random() * 600);
    running.kill();
    if ((await running.done) === null) killed++;
    else break;
  }
  await run(job);
  return killed;
}

const rate = (name: string, r: ChildResult, bytes: number) =>
  `${name} ${COUNT} msgs ${(r.ms / 1000).toFixed(1)} s ${Math.round(COUNT / (r.ms / 1000))} msg/s ${(bytes / MB / (r.ms / 1000)).toFixed(1)} MB/s`;

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-transfer-'));
  let dovecot: Dovecot | null = null;
  try {
    dovecot = await startDovecot({ users: Object.values(users) });
    const endpoint = { host: dovecot.host, port: dovecot.port, tls: 'implicit' as const, ca: dovecot.certificate };
    const source = { mailbox: users.source.email, master: dovecot.master };
    const started = performance.now();
    const expected = await seedSource(dovecot, users.source, COUNT, 5);
    console.log(`seeded ${COUNT} messages, ${(expected.bytes / MB).toFixed(0)} MB, in ${((performance.now() - started) / 1000).toFixed(1)} s (load average ${os.loadavg()[0]?.toFixed(1)})`);

    const bare = await run({ mode: 'bare', endpoint, source, destination: users.bare });
    console.log(`${rate('bare imapflow loop', bare, expected.bytes)}, peak rss ${bare.maxRssMb} MB`);
    const imap = await run({ mode: 'engine-imap', endpoint, source, destination: users.engine });
    console.log(`${rate('engine imap→imap', imap, expected.bytes)}, peak rss ${imap.maxRssMb} MB`);
    const zip = path.join(dir, 'export.zip');
    const mbox = await run({ mode: 'engine-mbox', endpoint, source, destination: users.engine, file: zip });
    console.log(`${rate('engine imap→mbox', mbox, expected.bytes)}, peak rss ${mbox.maxRssMb} MB`);
    const stateFile = path.join(dir, 'resume-state.json');
    const killed = await killAndResume({ mode: 'engine-resume', endpoint, source, destination: users.resume, file: stateFile }, stateFile, KILLS);
    console.log(`resume: killed ${killed} times at random points, then completed (load average ${os.loadavg()[0]?.toFixed(1)})`);

    const check = (what: string, want: Census, have: Census) => {
      const result = compare(want, have);
      console.log(`${what}: ${result.missing} missing, ${result.extra} extra, ${result.duplicates} duplicated`);
      return result;
    };
    const baseline = check('bare copy', expected.imap, await imapCensus(dovecot, users.bare));
    const engineCopy = check('engine imap→imap', expected.imap, await imapCensus(dovecot, users.engine));
    const archived = check('engine imap→mbox', expected.mbox, mboxCensus(zip));
    const resumed = check('engine after kills', expected.imap, await imapCensus(dovecot, users.resume));
    const mismatches = [engineCopy, archived, resumed].reduce((n, r) => n + r.missing + r.extra + (r === resumed ? 0 : r.duplicates), 0);

    const ratio = COUNT / (imap.ms / 1000) / (COUNT / (bare.ms / 1000));
    console.log(
      `transfer: ${rate('imap→imap', imap, expected.bytes)}; ${rate('imap→mbox', mbox, expected.bytes)}; peak rss ${Math.max(imap.maxRssMb, mbox.maxRssMb)} MB; ` +
        `mismatches ${mismatches}; duplicates after resume ${resumed.duplicates}; baseline ${Math.round(COUNT / (bare.ms / 1000))} msg/s; ratio ${ratio.toFixed(2)}`,
    );
    const sound = baseline.missing + baseline.extra === 0 && mismatches === 0 && resumed.duplicates === 0 && killed === KILLS;
    return sound ? 0 : 1;
  } finally {
    await dovecot?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
