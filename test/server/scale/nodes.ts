/**
 * Service processes for the scale test: `server/main.ts --role web|worker` as separate Node processes
 * (node --import tsx, so a signal reaches the service itself) on one database, sharing the folders a
 * deployment shares (built files, development mailboxes) and the secret, each with its own DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../support/free-port.ts';

const root = path.resolve(import.meta.dirname, '../../..');

export type Node = {
  role: 'web' | 'worker';
  base: string;
  metrics: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  log: () => string;
};

/**
 * Starts a node and waits until it answers. A port freePort() found free can be taken by another
 * process before the node binds it (other suites run alongside): a node that exits for that alone is
 * started again on fresh ports (never on a port the caller fixed).
 */
export async function startNode(role: 'web' | 'worker', env: Record<string, string>, port?: number): Promise<Node> {
  for (let attempt = 1; ; attempt += 1) {
    const node = await spawnNode(role, env, port ?? (await freePort()), await freePort());
    const up = await answering(node);
    if (up) return node;
    const output = node.log();
    const portTaken = output.includes('EADDRINUSE') && !(port !== undefined && output.includes(`:${port}`));
    if (node.child.exitCode === null) await stopNode(node, 'SIGKILL');
    if (!portTaken || attempt === 3) throw new Error(`${role} node did not come up:\n${output}`);
  }
}

async function spawnNode(role: 'web' | 'worker', env: Record<string, string>, publicPort: number, metricsPort: number): Promise<Node> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--role', role], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: String(publicPort), METRICS_PORT: String(metricsPort), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    role,
    base: `http://127.0.0.1:${publicPort}`,
    metrics: `http://127.0.0.1:${metricsPort}/metrics`,
    child,
    exited,
    log: () => output,
  };
}

/**
 * Whether the node came up within two minutes (four nodes starting at once on a loaded 2-core machine
 * took over 45 s): readiness on a web node, its metrics on a worker (no public listener).
 */
async function answering(node: Node): Promise<boolean> {
  const probe = node.role === 'web' ? `${node.base}/readyz` : node.metrics;
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(probe).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (node.child.exitCode !== null || Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

/** One value of the node's Prometheus text (the first sample of `name`), or null. */
export async function metric(node: Node, name: string): Promise<number | null> {
  const text = await fetch(node.metrics).then(
    (r) => r.text(),
    () => '',
  );
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').at(-1)) : null;
}

export async function stopNode(node: Node, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (node.child.exitCode === null) node.child.kill(signal);
  return node.exited;
}
