/**
 * `npm run bench:transfer`: the transfer engine's throughput and memory next to a bare imapflow loop,
 * in the same run, on a throwaway Dovecot (test/support/dovecot.ts): over loopback (steps 1–4), and
 * with a 50 ms round trip next to mbsync too (step 5).
 *
 * 1. Seeds the source account with the corpus (scripts/bench/transfer/corpus.ts: 10,000 messages of
 *    2 kB–2 MB, mean about 50 kB, in 10 folders, one of them 50 MB).
 * 2. Moves it, each run a child process of its own (scripts/bench/transfer/child.ts, compiled and started
 *    as `npm start` runs the service: scripts/bench/compiled-child.ts), with the source read through Dovecot's
 *    master user as the service reads it: in each of BENCH_ROUNDS rounds (3),
 *    the bare loop (the baseline: what imapflow alone does on this machine) into one fresh account and
 *    right after it the engine IMAP→IMAP into another — back to back, because this machine's load
 *    drifts over minutes — then once the engine IMAP→MBOX into one ZIP, right after it once IMAP→PST
 *    (one PST written beside a ZIP and streamed into it, as a file export writes it: issue 31), and
 *    once IMAP→EML into another ZIP.
 * 3. Kills an engine IMAP→IMAP run into a third account 20 times at random points (SIGKILL, each after
 *    the run has committed something new), restarting it from its saved state each time, then lets it
 *    finish.
 * 4. Reads every destination back and prints
 *    `transfer: imap→imap N msgs S s R msg/s M MB/s; imap→mbox N msgs S s R msg/s M MB/s; imap→pst N msgs S s R msg/s M MB/s (Y× imap→mbox, peak rss Q MB); peak rss P MB; mismatches 0; duplicates after resume 0; baseline B msg/s; ratio X`
 *    and after it `transfer-eml: imap→eml N msgs S s R msg/s; peak rss P MB; mismatches 0`
 *    (Y: IMAP→PST's msg/s over IMAP→MBOX's, issue 31 aims at 0.5 or more; Q: the PST run's own peak;
 *    peak rss: the largest of the engine's IMAP→IMAP, IMAP→MBOX and IMAP→PST runs; mismatches: messages missing, extra or
 *    changed in an engine IMAP or MBOX copy and in the resumed one, and in the PST as readpst reads it
 *    (subject and read state per folder: mailbox.ts) — IMAP→EML's are on its own line; ratio: the engine's IMAP→IMAP msg/s over the
 *    bare loop's in the same round, the median of the rounds; the msg/s figures are the median runs). Exits 1 when a copy is wrong or a run failed.
 * 5. The round-trip mode: a smaller mailbox (BENCH_RTT_MESSAGES, 1,000 messages of the same corpus, the
 *    last of them the 50 MB one) in an account of its own, read and written through a proxy that adds
 *    25 ms each way (scripts/bench/transfer/latency-proxy.ts: latency only, throughput untouched; TLS
 *    passes through). In each of BENCH_RTT_ROUNDS rounds (1), back to back, each into a fresh account:
 *    the bare loop, the engine IMAP→IMAP, and Debian's mbsync (isync 1.4, one connection per side, its
 *    own pipelining: scripts/bench/transfer/mbsync.ts). Reads every copy back (mbsync's without the
 *    X-TUID header it adds to each message) and prints
 *    `transfer-rtt50: engine N msg/s; loop N msg/s; mbsync N msg/s; ratio N.NN× loop; mbsync ratio N.NN× loop; peak rss engine N MB, loop N MB, mbsync N MB; mismatches 0; mbsync mismatches 0 (…)`
 *    (msg/s: wall time of each run, the median of the rounds; ratio: engine msg/s over the loop's in the
 *    same round, the median; peak rss: the largest of the rounds, each process's own VmHWM (peak-rss.ts);
 *    mismatches: the engine's and the loop's copies, which fail the bench; mbsync's are only reported).
 *
 * BENCH_MODE=loopback runs steps 1–4 only, BENCH_MODE=rtt step 5 only (default: both, loopback first).
 * BENCH_MESSAGES (10000), BENCH_ROUNDS (3), BENCH_KILLS (20), BENCH_RTT_MESSAGES (1000) and
 * BENCH_RTT_ROUNDS (1) override the sizes; MBSYNC_BIN another mbsync; BENCH_CPU_PROF=<dir>
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
import { startLatencyProxy } from './bench/transfer/latency-proxy.ts';
import {
  compare,
  emlCensus,
  imapCensus,
  mboxCensus,
  pstCensus,
  seedSource,
  withoutHeaderField,
  type Census,
} from './bench/transfer/mailbox.ts';
import { mbsyncMissing, runMbsync, type MbsyncResult } from './bench/transfer/mbsync.ts';

const COUNT = Number(process.env.BENCH_MESSAGES ?? 10_000);
const KILLS = Number(process.env.BENCH_KILLS ?? 20);
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench', 'transfer', 'child.ts');
const MB = 1024 * 1024;

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const account = (name: string) => ({ email: `${name}@bench.example`, password: `bench-${name}-pw` });
const rounds = Array.from({ length: ROUNDS }, (_, i) => ({ bare: account(`bare${i + 1}`), engine: account(`engine${i + 1}`) }));
const users = { source: account('customer'), resume: account('resume'), rttSource: account('rttcustomer') };

const MODE = process.env.BENCH_MODE ?? 'both';
const RTT_COUNT = Number(process.env.BENCH_RTT_MESSAGES ?? 1_000);
const RTT_ROUNDS = Number(process.env.BENCH_RTT_ROUNDS ?? 1);
/** Added each way by the latency proxy: a 50 ms round trip. */
const ONE_WAY_MS = 25;
const rttRounds = Array.from({ length: RTT_ROUNDS }, (_, i) => ({
  bare: account(`rttbare${i + 1}`),
  engine: account(`rttengine${i + 1}`),
  mbsync: account(`rttmbsync${i + 1}`),
}));

type Running = { done: Promise<ChildResult | null>; kill: () => void };

// Built once in main(), before the first run.
let compiled: CompiledChild = { script: '', nodeFlags: [] };

function startChild(job: ChildJob): Running {
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, `--cpu-prof-name=${job.mode}-${Date.now()}.cpuprofile`]
    : [];
  const child = spawn(process.execPath, [...compiled.nodeFlags, ...profile, compiled.script, JSON.stringify(job)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    void running.done.then(
      () => (ended = true),
      () => (ended = true),
    );
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
const median = (results: ChildResult[]): ChildResult =>
  [...results].sort((a, b) => a.ms - b.ms)[Math.floor((results.length - 1) / 2)] as ChildResult;

const msgPerS = (count: number, r: { ms: number }) => count / (r.ms / 1000);
const rate = (name: string, r: { ms: number }, bytes: number, count = COUNT) =>
  `${name} ${count} msgs ${(r.ms / 1000).toFixed(1)} s ${Math.round(msgPerS(count, r))} msg/s ${(bytes / MB / (r.ms / 1000)).toFixed(1)} MB/s`;
const load = () => `load average ${os.loadavg()[0]?.toFixed(1)}`;

type Mismatch = { missing: number; extra: number; duplicates: number };
const check = (what: string, want: Census, have: Census): Mismatch => {
  const result = compare(want, have);
  console.log(`${what}: ${result.missing} missing, ${result.extra} extra, ${result.duplicates} duplicated`);
  return result;
};
const wrong = (r: Mismatch) => r.missing + r.extra + r.duplicates;

/** The loopback mode: Dovecot reached directly. Returns whether every copy is right. */
async function loopback(dovecot: Dovecot, dir: string): Promise<boolean> {
  const endpoint = { host: dovecot.host, port: dovecot.port, tls: 'implicit' as const, ca: dovecot.certificate };
  const source = { mailbox: users.source.email, master: dovecot.master };
  const started = performance.now();
  const expected = await seedSource(dovecot, users.source, COUNT, 5);
  console.log(
    `seeded ${COUNT} messages, ${(expected.bytes / MB).toFixed(0)} MB, in ${((performance.now() - started) / 1000).toFixed(1)} s (${load()})`,
  );

  // The machine is shared and its load drifts: each round runs the baseline and the engine back to
  // back, and the ratio is the median of the rounds' own ratios.
  const measured: { bare: ChildResult; imap: ChildResult }[] = [];
  for (const [i, round] of rounds.entries()) {
    const bare = await run({ mode: 'bare', endpoint, source, destination: round.bare });
    const imap = await run({ mode: 'engine-imap', endpoint, source, destination: round.engine });
    measured.push({ bare, imap });
    console.log(
      `round ${i + 1}: ${rate('bare imapflow loop', bare, expected.bytes)}, peak rss ${bare.maxRssMb} MB; ${rate('engine imap→imap', imap, expected.bytes)}, peak rss ${imap.maxRssMb} MB; ratio ${(bare.ms / imap.ms).toFixed(2)} (${load()})`,
    );
  }
  const bare = median(measured.map((m) => m.bare));
  const imap = median(measured.map((m) => m.imap));
  const zip = path.join(dir, 'export.zip');
  const mbox = await run({ mode: 'engine-mbox', endpoint, source, destination: users.resume, file: zip });
  console.log(`${rate('engine imap→mbox', mbox, expected.bytes)}, peak rss ${mbox.maxRssMb} MB`);
  const pstZip = path.join(dir, 'export-pst.zip');
  const pst = await run({ mode: 'engine-pst', endpoint, source, destination: users.resume, file: pstZip });
  console.log(`${rate('engine imap→pst', pst, expected.bytes)}, peak rss ${pst.maxRssMb} MB (${load()})`);
  const emlZip = path.join(dir, 'export-eml.zip');
  const eml = await run({ mode: 'engine-eml', endpoint, source, destination: users.resume, file: emlZip });
  console.log(`${rate('engine imap→eml', eml, expected.bytes)}, peak rss ${eml.maxRssMb} MB`);
  const stateFile = path.join(dir, 'resume-state.json');
  const killed = await killAndResume(
    { mode: 'engine-resume', endpoint, source, destination: users.resume, file: stateFile },
    stateFile,
    KILLS,
  );
  console.log(`resume: killed ${killed} times at random points, then completed (${load()})`);

  let baseline = { missing: 0, extra: 0, duplicates: 0 };
  const copies: Mismatch[] = [];
  for (const [i, round] of rounds.entries()) {
    const bareCopy = check(`bare copy ${i + 1}`, expected.imap, await imapCensus(dovecot, round.bare));
    baseline = { missing: baseline.missing + bareCopy.missing, extra: baseline.extra + bareCopy.extra, duplicates: 0 };
    copies.push(check(`engine imap→imap ${i + 1}`, expected.imap, await imapCensus(dovecot, round.engine)));
  }
  const archived = check('engine imap→mbox', expected.mbox, mboxCensus(zip));
  const pstCopy = check('engine imap→pst (readpst)', expected.pst, pstCensus(pstZip, path.join(dir, 'pst')));
  const emlCopy = check('engine imap→eml', expected.mbox, emlCensus(emlZip));
  const resumed = check('engine after kills', expected.imap, await imapCensus(dovecot, users.resume));
  const mismatches = [...copies, archived, pstCopy, resumed].reduce(
    (n, r) => n + r.missing + r.extra + (r === resumed ? 0 : r.duplicates),
    0,
  );

  const ratio = medianOf(measured.map((m) => m.bare.ms / m.imap.ms));
  console.log(
    `transfer: ${rate('imap→imap', imap, expected.bytes)}; ${rate('imap→mbox', mbox, expected.bytes)}; ` +
      `${rate('imap→pst', pst, expected.bytes)} (${(mbox.ms / pst.ms).toFixed(2)}× imap→mbox, peak rss ${pst.maxRssMb} MB); ` +
      `peak rss ${Math.max(mbox.maxRssMb, pst.maxRssMb, ...measured.map((m) => m.imap.maxRssMb))} MB; ` +
      `mismatches ${mismatches}; duplicates after resume ${resumed.duplicates}; baseline ${Math.round(COUNT / (bare.ms / 1000))} msg/s; ratio ${ratio.toFixed(2)}`,
  );
  console.log(
    `transfer-eml: imap→eml ${COUNT} msgs ${(eml.ms / 1000).toFixed(1)} s ${Math.round(msgPerS(COUNT, eml))} msg/s; peak rss ${eml.maxRssMb} MB; mismatches ${wrong(emlCopy)}`,
  );
  return (
    baseline.missing + baseline.extra === 0 && mismatches === 0 && wrong(emlCopy) === 0 && resumed.duplicates === 0 && killed === KILLS
  );
}

/**
 * The round-trip mode: the same three kinds of copy through a proxy that adds ONE_WAY_MS each way —
 * the bare loop, the engine IMAP→IMAP and mbsync — each round back to back, each into a fresh account.
 */
async function roundTrip(dovecot: Dovecot, dir: string): Promise<boolean> {
  const started = performance.now();
  const expected = await seedSource(dovecot, users.rttSource, RTT_COUNT, 5);
  console.log(
    `rtt: seeded ${RTT_COUNT} messages, ${(expected.bytes / MB).toFixed(0)} MB, in ${((performance.now() - started) / 1000).toFixed(1)} s (${load()})`,
  );
  const proxy = await startLatencyProxy(dovecot.port, ONE_WAY_MS);
  try {
    const endpoint = { host: dovecot.host, port: proxy.port, tls: 'implicit' as const, ca: dovecot.certificate };
    const source = { mailbox: users.rttSource.email, master: dovecot.master };
    const measured: { bare: ChildResult; imap: ChildResult; mbsync: MbsyncResult }[] = [];
    for (const [i, round] of rttRounds.entries()) {
      const bare = await run({ mode: 'bare', endpoint, source, destination: round.bare });
      const imap = await run({ mode: 'engine-imap', endpoint, source, destination: round.engine });
      const mbsync = await runMbsync({ endpoint, source, destination: round.mbsync, dir: path.join(dir, `mbsync${i + 1}`) });
      measured.push({ bare, imap, mbsync });
      console.log(
        `rtt round ${i + 1}: ${rate('bare imapflow loop', bare, expected.bytes, RTT_COUNT)}, peak rss ${bare.maxRssMb} MB; ${rate('engine imap→imap', imap, expected.bytes, RTT_COUNT)}, peak rss ${imap.maxRssMb} MB; ` +
          `${rate('mbsync', mbsync, expected.bytes, RTT_COUNT)}, peak rss ${mbsync.maxRssMb} MB; ratio ${(bare.ms / imap.ms).toFixed(2)} (${load()})`,
      );
    }
    const held = proxy.held();
    console.log(
      `rtt: ${proxy.connections} connections through the proxy; ${held.chunks} chunks held ${ONE_WAY_MS} ms each way: ` +
        `median ${held.p50.toFixed(1)} ms, p99 ${held.p99.toFixed(1)} ms, max ${held.max.toFixed(1)} ms (late timers on a loaded machine)`,
    );

    let strict = 0;
    let tuidCopies = 0;
    let mbsyncWrong = 0;
    const stripTuid = (raw: Buffer) => {
      const stripped = withoutHeaderField(raw, 'X-TUID');
      if (stripped !== raw) tuidCopies++;
      return stripped;
    };
    for (const [i, round] of rttRounds.entries()) {
      strict += wrong(check(`rtt bare copy ${i + 1}`, expected.imap, await imapCensus(dovecot, round.bare)));
      strict += wrong(check(`rtt engine imap→imap ${i + 1}`, expected.imap, await imapCensus(dovecot, round.engine)));
      mbsyncWrong += wrong(
        check(`rtt mbsync ${i + 1} (X-TUID removed)`, expected.imap, await imapCensus(dovecot, round.mbsync, stripTuid)),
      );
    }

    const loop = medianOf(measured.map((m) => msgPerS(RTT_COUNT, m.bare)));
    const engine = medianOf(measured.map((m) => msgPerS(RTT_COUNT, m.imap)));
    const mbsync = medianOf(measured.map((m) => msgPerS(RTT_COUNT, m.mbsync)));
    const ratio = medianOf(measured.map((m) => m.bare.ms / m.imap.ms));
    const mbsyncRatio = medianOf(measured.map((m) => m.bare.ms / m.mbsync.ms));
    const peak = (pick: (m: (typeof measured)[number]) => number) => Math.max(...measured.map(pick));
    console.log(
      `transfer-rtt${2 * ONE_WAY_MS}: engine ${Math.round(engine)} msg/s; loop ${Math.round(loop)} msg/s; mbsync ${Math.round(mbsync)} msg/s; ratio ${ratio.toFixed(2)}× loop; ` +
        `mbsync ratio ${mbsyncRatio.toFixed(2)}× loop; peak rss engine ${peak((m) => m.imap.maxRssMb)} MB, loop ${peak((m) => m.bare.maxRssMb)} MB, mbsync ${peak((m) => m.mbsync.maxRssMb)} MB; ` +
        `mismatches ${strict}; mbsync mismatches ${mbsyncWrong} (X-TUID removed from ${tuidCopies} of ${RTT_COUNT * rttRounds.length}); ${RTT_COUNT} msgs, ${rttRounds.length} rounds, ${load()}`,
    );
    return strict === 0;
  } finally {
    await proxy.stop();
  }
}

async function main(): Promise<number> {
  if (!['both', 'loopback', 'rtt'].includes(MODE)) throw new Error(`BENCH_MODE is loopback, rtt or both (the default), not ${MODE}`);
  const withLoopback = MODE !== 'rtt';
  const withRtt = MODE !== 'loopback';
  if (withRtt && mbsyncMissing()) throw new Error(`the rtt mode needs mbsync: ${mbsyncMissing()}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-transfer-'));
  let dovecot: Dovecot | null = null;
  try {
    compiled = await compiledChild(CHILD);
    console.log(
      `child: node ${[...compiled.nodeFlags, compiled.script].join(' ')} (compiled as npm run build:server compiles the service, with npm start's flags)`,
    );
    dovecot = await startDovecot({
      users: [
        ...(withLoopback ? [users.source, users.resume, ...rounds.flatMap((round) => [round.bare, round.engine])] : []),
        ...(withRtt ? [users.rttSource, ...rttRounds.flatMap((round) => [round.bare, round.engine, round.mbsync])] : []),
      ],
    });
    let sound = true;
    if (withLoopback) sound = (await loopback(dovecot, dir)) && sound;
    if (withRtt) sound = (await roundTrip(dovecot, dir)) && sound;
    return sound ? 0 : 1;
  } finally {
    await dovecot?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
