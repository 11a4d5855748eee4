/**
 * Where a measured run's memory goes (BENCH_MEM_TRACE=<dir>): every 100 ms the child samples
 * process.memoryUsage() (V8 heap, Buffers outside it) and /proc/self/status (resident memory split
 * into anonymous and file-backed pages), writes one CSV per run there, and sums up the peak of each
 * column and the CPU time for the bench to print. RSS well above heap + external is memory the allocator keeps after
 * it was freed, or the process's code and libraries.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { statusKb } from '../peak-rss.ts';

const COLUMNS = ['ms', 'rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers', 'RssAnon', 'RssFile'] as const;
const MB = 1024 * 1024;

/** Bytes of a /proc/self/status field; 0 where it is missing. */
const statusBytes = (field: string, status: string): number => (statusKb(status, field) ?? 0) * 1024;

function sample(started: number): number[] {
  const usage = process.memoryUsage();
  const status = readFileSync('/proc/self/status', 'utf8');
  return [
    performance.now() - started,
    usage.rss,
    usage.heapTotal,
    usage.heapUsed,
    usage.external,
    usage.arrayBuffers,
    statusBytes('RssAnon', status),
    statusBytes('RssFile', status),
  ];
}

/** Starts sampling when BENCH_MEM_TRACE names a folder; the returned function writes the trace and returns its summary. */
export function traceMemory(name: string): () => string | undefined {
  const dir = process.env.BENCH_MEM_TRACE;
  if (!dir) return () => undefined;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const rows = [sample(started)];
  const timer = setInterval(() => rows.push(sample(started)), 100);
  return () => {
    clearInterval(timer);
    rows.push(sample(started));
    const csv = [
      COLUMNS.join(','),
      ...rows.map((row) => row.map((value, i) => (i === 0 ? Math.round(value) : (value / MB).toFixed(1))).join(',')),
    ].join('\n');
    writeFileSync(path.join(dir, `${name}-${Date.now()}.csv`), `${csv}\n`);
    const peaks = COLUMNS.slice(1).map((column, i) => `${column} ${Math.round(Math.max(...rows.map((row) => row[i + 1] as number)) / MB)}`);
    const used = process.cpuUsage(cpu);
    return `cpu ${((used.user + used.system) / 1e6).toFixed(1)} s; rss at start ${Math.round((rows[0]?.[1] ?? 0) / MB)} MB; peaks (MB) ${peaks.join(', ')}`;
  };
}
