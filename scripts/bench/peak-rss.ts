/**
 * A process's peak resident memory, as Linux keeps it for its address space (`VmHWM` in
 * /proc/<pid>/status). Not `process.resourceUsage().maxRSS` (getrusage's ru_maxrss): Linux carries
 * that across fork and exec, so a child started by a 500 MB parent reported 500 MB whatever it used —
 * the bench's round-trip part, run after the loopback part had grown the bench to 500 MB, printed
 * 486 MB for an engine run that peaked at 187 MB. Elsewhere than Linux, ru_maxrss is all there is.
 */
import { readFileSync } from 'node:fs';

const MB = 1024 * 1024;

/** A `kB` field of a /proc/<pid>/status text (`VmHWM`, `RssAnon`, …), or null when it has none. */
export function statusKb(status: string, field: string): number | null {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return kb === undefined ? null : Number(kb);
}

/** VmHWM of a process in MB, or null when it cannot be read (not Linux, or the process is gone). */
export function peakRssMbOf(pid: number | 'self'): number | null {
  try {
    const kb = statusKb(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmHWM');
    return kb === null ? null : Math.round((kb * 1024) / MB);
  } catch {
    return null;
  }
}

/** This process's own peak resident memory in MB. */
export const ownPeakRssMb = (): number => peakRssMbOf('self') ?? Math.round((process.resourceUsage().maxRSS * 1024) / MB);

/** Samples another process's VmHWM until `stop()`, which returns the last reading (a high-water mark, so the peak up to then). */
export function watchPeakRss(pid: number, everyMs = 20): { stop(): number | null } {
  let last: number | null = peakRssMbOf(pid);
  const timer = setInterval(() => (last = peakRssMbOf(pid) ?? last), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return last;
    },
  };
}
