/**
 * `npm run bench:transfer`: the transfer engine's throughput and memory next to a bare imapflow loop,
 * in the same run, on a throwaway Dovecot (test/support/dovecot.ts).
 *
 * 1. Seeds the source account with the corpus (scripts/bench/transfer/corpus.ts: 10,000 messages of
 *    2 kB–2 MB, mean about 50 kB, in 10 folders, one of them 50 MB).
 * 2. Moves it, each run a child process of its own (scripts/bench/transfer/child.ts, compiled and started
 *    as `npm start` runs the service: scripts/bench/compiled-child.ts), with the source read through Dovecot's
 *    master user as the service reads it: in each of BENCH_ROUNDS rounds (3),
 *    the bare loop (the baseline: what imapflow alone does on this machine) into one fresh account and
 *    right after it the engine IMAP→IMAP into another — back to back, because this machine's load
 *    drifts over minutes — then once the engine IMAP→MBOX into one ZIP, and once IMAP→EML into another.
 * 3. Kills an engine IMAP→IMAP run into a third account 20 times at random points (SIGKILL, each after
 *    the run has committed something new), restarting it from its saved state each time, then lets it
 *    finish.
 * 4. Reads every destination back and prints
 *    `transfer: imap→imap N msgs S s R msg/s M MB/s; imap→mbox N msgs S s R msg/s M MB/s; peak rss P MB; mismatches 0; duplicates after resume 0; baseline B msg/s; ratio X`
 *    and after it `transfer-eml: imap→eml N msgs S s R msg/s; peak rss P MB; mismatches 0`
 *    (peak rss: the largest of the engine's IMAP→IMAP and IMAP→MBOX runs; mismatches: messages missing, extra or
 *    changed in an engine IMAP or MBOX copy and in the resumed one — IMAP→EML's are on its own line; ratio: the engine's IMAP→IMAP msg/s over the
 *    bare loop's in the same round, the median of the rounds; the msg/s figures are the median runs). Exits 1 when a copy is wrong or a run failed.
 *
 * BENCH_MESSAGES (10000), BENCH_ROUNDS (3) and BENCH_KILLS (20) override the sizes; BENCH_CPU_PROF=<dir>
 * writes a CPU profile of each run there, BENCH_MEM_TRACE=<dir> a memory trace (memory-trace.ts). Not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDovecot, type Dovecot } from '../test/support/dovecot.ts';
import type { ChildJob, ChildResult } from './bench/transfer/child.ts';
import { compiledChild, type CompiledChild } from './bench/compiled-child.ts';
import { compare, emlCensus, imapCensus, mboxCensus, seedSource, type Census } from './bench/transfer/mailbox.ts';

const COUNT = Number(process.env.BENCH_MESSAGES ?? 10_000);
const KILLS = Number(process.env.BENCH_KILLS ?? 20);
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench', 'transfer', 'child.ts');
const MB = 1024 * 1024;

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const account = (name: string) => ({ email: `${name}@bench.example`, password: `bench-${name}-pw` });
const rounds = Array.from({ length: ROUNDS }, (_, i) => ({ bare: account(`bare${i + 1}`), engine: account(`engine${i + 1}`) }));
const users = { source: account('customer'), resume: account('resume') };

type Running = { done: Promise<ChildResult | null>; kill: () => void };

// Built once in main(), before the first run.
let compiled: CompiledChild = { script: '', nodeFlags: [] };

function startChild(job: ChildJob): Running {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, `--cpu-prof-name=${job.mode}-${Date.now()}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...compiled.nodeFlags, ...profile, compiled.script, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'pipe'] });
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
  if (result.memory) console.log(`memory of ${job.mode}: ${result.memory}`);
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

const medianOf = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
/** The run of median duration (the lower middle one of an even count). */
const median = (results: ChildResult[]): ChildResult => [...results].sort((a, b) => a.ms - b.ms)[Math.floor((results.length - 1) / 2)] as ChildResult;

const rate = (name: string, r: ChildResult, bytes: number) =>
  `${name} ${COUNT} msgs ${(r.ms / 1000).toFixed(1)} s ${Math.round(COUNT / (r.ms / 1000))} msg/s ${(bytes / MB / (r.ms / 1000)).toFixed(1)} MB/s`;

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-transfer-'));
  let dovecot: Dovecot | null = null;
  try {
    compiled = await compiledChild(CHILD);
    console.log(`child: node ${[...compiled.nodeFlags, compiled.script].join(' ')} (compiled as npm run build:server compiles the service, with npm start's flags)`);
    dovecot = await startDovecot({ users: [...Object.values(users), ...rounds.flatMap((round) => [round.bare, round.engine])] });
    const endpoint = { host: dovecot.host, port: dovecot.port, tls: 'implicit' as const, ca: dovecot.certificate };
    const source = { mailbox: users.source.email, master: dovecot.master };
    const started = performance.now();
    const expected = await seedSource(dovecot, users.source, COUNT, 5);
    console.log(`seeded ${COUNT} messages, ${(expected.bytes / MB).toFixed(0)} MB, in ${((performance.now() - started) / 1000).toFixed(1)} s (load average ${os.loadavg()[0]?.toFixed(1)})`);

    // The machine is shared and its load drifts: each round runs the baseline and the engine back to
    // back, and the ratio is the median of the rounds' own ratios.
    const measured: { bare: ChildResult; imap: ChildResult }[] = [];
    for (const [i, round] of rounds.entries()) {
      const bare = await run({ mode: 'bare', endpoint, source, destination: round.bare });
      const imap = await run({ mode: 'engine-imap', endpoint, source, destination: round.engine });
      measured.push({ bare, imap });
      console.log(`round ${i + 1}: ${rate('bare imapflow loop', bare, expected.bytes)}, peak rss ${bare.maxRssMb} MB; ${rate('engine imap→imap', imap, expected.bytes)}, peak rss ${imap.maxRssMb} MB; ratio ${(bare.ms / imap.ms).toFixed(2)} (load average ${os.loadavg()[0]?.toFixed(1)})`);
    }
    const bare = median(measured.map((m) => m.bare));
    const imap = median(measured.map((m) => m.imap));
    const zip = path.join(dir, 'export.zip');
    const mbox = await run({ mode: 'engine-mbox', endpoint, source, destination: users.resume, file: zip });
    console.log(`${rate('engine imap→mbox', mbox, expected.bytes)}, peak rss ${mbox.maxRssMb} MB`);
    const emlZip = path.join(dir, 'export-eml.zip');
    const eml = await run({ mode: 'engine-eml', endpoint, source, destination: users.resume, file: emlZip });
    console.log(`${rate('engine imap→eml', eml, expected.bytes)}, peak rss ${eml.maxRssMb} MB`);
    const stateFile = path.join(dir, 'resume-state.json');
    const killed = await killAndResume({ mode: 'engine-resume', endpoint, source, destination: users.resume, file: stateFile }, stateFile, KILLS);
    console.log(`resume: killed ${killed} times at random points, then completed (load average ${os.loadavg()[0]?.toFixed(1)})`);

    const check = (what: string, want: Census, have: Census) => {
      const result = compare(want, have);
      console.log(`${what}: ${result.missing} missing, ${result.extra} extra, ${result.duplicates} duplicated`);
      return result;
    };
    let baseline = { missing: 0, extra: 0, duplicates: 0 };
    const copies: Array<typeof baseline> = [];
    for (const [i, round] of rounds.entries()) {
      const bareCopy = check(`bare copy ${i + 1}`, expected.imap, await imapCensus(dovecot, round.bare));
      baseline = { missing: baseline.missing + bareCopy.missing, extra: baseline.extra + bareCopy.extra, duplicates: 0 };
      copies.push(check(`engine imap→imap ${i + 1}`, expected.imap, await imapCensus(dovecot, round.engine)));
    }
    const archived = check('engine imap→mbox', expected.mbox, mboxCensus(zip));
    const emlCopy = check('engine imap→eml', expected.mbox, emlCensus(emlZip));
    const emlWrong = emlCopy.missing + emlCopy.extra + emlCopy.duplicates;
    const resumed = check('engine after kills', expected.imap, await imapCensus(dovecot, users.resume));
    const mismatches = [...copies, archived, resumed].reduce((n, r) => n + r.missing + r.extra + (r === resumed ? 0 : r.duplicates), 0);

    const ratio = medianOf(measured.map((m) => m.bare.ms / m.imap.ms));
    console.log(
      `transfer: ${rate('imap→imap', imap, expected.bytes)}; ${rate('imap→mbox', mbox, expected.bytes)}; peak rss ${Math.max(mbox.maxRssMb, ...measured.map((m) => m.imap.maxRssMb))} MB; ` +
        `mismatches ${mismatches}; duplicates after resume ${resumed.duplicates}; baseline ${Math.round(COUNT / (bare.ms / 1000))} msg/s; ratio ${ratio.toFixed(2)}`,
    );
    console.log(`transfer-eml: imap→eml ${COUNT} msgs ${(eml.ms / 1000).toFixed(1)} s ${Math.round(COUNT / (eml.ms / 1000))} msg/s; peak rss ${eml.maxRssMb} MB; mismatches ${emlWrong}`);
    const sound = baseline.missing + baseline.extra === 0 && mismatches === 0 && emlWrong === 0 && resumed.duplicates === 0 && killed === KILLS;
    return sound ? 0 : 1;
  } finally {
    await dovecot?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
