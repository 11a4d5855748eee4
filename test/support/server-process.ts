/** Starting and stopping the throwaway servers the tests run (Dovecot, Cyrus, Courier, Radicale) as child processes. */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';

/** Whether something accepts connections on this loopback port now. */
export const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Resolves once every port accepts connections; throws (with `details()`) when the process exits first or time runs out. */
export async function waitForPorts(
  name: string,
  ports: number[],
  child: ChildProcess,
  timeoutMs: number,
  details: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if ((await Promise.all(ports.map(listening))).every(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const why = child.exitCode !== null ? `exited with code ${child.exitCode} before listening` : `did not listen within ${timeoutMs} ms`;
  throw new Error(`${name} on 127.0.0.1:${ports.join(',')} ${why}.\n${details()}`);
}

/** SIGTERM, then SIGKILL when the process has not exited within five seconds. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * Pids of the live processes (zombies left out) that `belongs` picks, read from /proc. A server's
 * children can outlive the process the test started (Cyrus's idle imapd, Courier's authdaemond), so a
 * harness looks for them by what marks them as its own: its temp folder on their command line, or its
 * pid namespace.
 */
export function findProcesses(belongs: (pid: number) => boolean): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat[stat.lastIndexOf(')') + 2] === 'Z') continue;
      if (belongs(pid)) pids.push(pid);
    } catch {
      // Gone while we looked.
    }
  }
  return pids;
}

/** `belongs` for findProcesses: the command line mentions `text` (a harness's temp folder). */
export const commandLineIncludes = (text: string) => (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .some((arg) => arg.includes(text));

/** `belongs` for findProcesses: the process lives in this pid namespace (a readlink of /proc/<pid>/ns/pid). */
export const inPidNamespace = (namespace: string) => (pid: number) => readlinkSync(`/proc/${pid}/ns/pid`) === namespace;

/** SIGKILL every process `belongs` picks, and wait (up to five seconds) until none is left. */
export async function killProcesses(name: string, belongs: (pid: number) => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const left = findProcesses(belongs);
    if (left.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${name}: processes ${left.join(', ')} are still running after SIGKILL.`);
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
