/** Starting and stopping the throwaway servers the tests run (Dovecot, Radicale) as child processes. */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Resolves once every port accepts connections; throws (with `details()`) when the process exits first or time runs out. */
export async function waitForPorts(name: string, ports: number[], child: ChildProcess, timeoutMs: number, details: () => string): Promise<void> {
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
