/**
 * Debian's mbsync (isync 1.4) as a third contender: one IMAP account copied into another, one way, with a
 * configuration written for the run. The source is read through Dovecot's master user as the service
 * reads it (`<mailbox><separator><master>`), both sides over implicit TLS with the throwaway Dovecot's
 * certificate, one connection per side, mbsync's own pipelining (PipelineDepth unset: unlimited), every
 * folder (`Patterns *`), missing folders created on the destination (`Create Near`), messages and flags
 * from the source only (`Sync Pull`), internal dates kept (`CopyArrivalDate yes`), nothing expunged or
 * removed. `FSync no`: its sync state is bookkeeping of its own, which the engine and the loop do not
 * write to disk either.
 *
 * The wall time is from the start of the process to its exit; the peak resident memory is its own
 * VmHWM, sampled from /proc while it runs (scripts/bench/peak-rss.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { watchPeakRss } from '../peak-rss.ts';

export const MBSYNC = process.env.MBSYNC_BIN ?? '/usr/bin/mbsync';

export type MbsyncJob = {
  /** Host and port to connect to (the latency proxy), and the certificate the server presents. */
  endpoint: { host: string; port: number; ca: string };
  source: { mailbox: string; master: { user: string; password: string; separator: string } };
  destination: { email: string; password: string };
  /** A folder of its own for the configuration, the sync state and the logs. */
  dir: string;
};

export type MbsyncResult = { ms: number; maxRssMb: number; output: string };

/** Why mbsync cannot run here, or null. */
export function mbsyncMissing(): string | null {
  if (!existsSync(MBSYNC)) return `${MBSYNC} is missing (apt-get install isync)`;
  return null;
}

// mbsync's configuration quotes values with double quotes; none of ours holds one.
const quoted = (value: string) => {
  if (/["\n]/.test(value)) throw new Error(`cannot quote ${JSON.stringify(value)} for mbsync`);
  return `"${value}"`;
};

export function mbsyncConfig(job: MbsyncJob, certificateFile: string): string {
  const account = (name: string, user: string, password: string) => `IMAPAccount ${name}
Host ${job.endpoint.host}
Port ${job.endpoint.port}
User ${quoted(user)}
Pass ${quoted(password)}
SSLType IMAPS
CertificateFile ${quoted(certificateFile)}
SystemCertificates no
AuthMechs LOGIN

IMAPStore ${name}
Account ${name}
`;
  const { mailbox, master } = job.source;
  return `FSync no

${account('source', `${mailbox}${master.separator}${master.user}`, master.password)}
${account('destination', job.destination.email, job.destination.password)}
Channel copy
Far :source:
Near :destination:
Patterns *
Create Near
Remove None
Expunge None
Sync Pull
CopyArrivalDate yes
SyncState ${quoted(`${path.join(job.dir, 'state')}/`)}
`;
}

export async function runMbsync(job: MbsyncJob): Promise<MbsyncResult> {
  mkdirSync(path.join(job.dir, 'state'), { recursive: true });
  const certificateFile = path.join(job.dir, 'dovecot.pem');
  writeFileSync(certificateFile, job.endpoint.ca);
  const config = path.join(job.dir, 'mbsyncrc');
  writeFileSync(config, mbsyncConfig(job, certificateFile), { mode: 0o600 });
  const started = performance.now();
  const child = spawn(MBSYNC, ['-c', config, 'copy'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: job.dir } });
  // Its own peak, sampled from /proc (peak-rss.ts: /usr/bin/time's %M is ru_maxrss, which mbsync
  // would inherit from the bench that started it).
  const peak = watchPeakRss(child.pid ?? 0);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
  const maxRssMb = peak.stop() ?? 0;
  const ms = Math.round(performance.now() - started);
  if (code !== 0) throw new Error(`mbsync exited ${code}: ${output.slice(-2000)}`);
  return { ms, maxRssMb, output };
}
