/**
 * Starts the real export service exactly as `npm start` does after its build step
 * (`tsx server/main.ts`), configured only through environment variables: a free loopback port,
 * a throwaway data folder (SQLite, outbox, files) and a short simulated job time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port.ts';
import { repoRoot } from './paths.ts';
import { NO_LIMITS } from '../../support/no-limits.ts';

export type PortalServer = {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  /** The embedded development provider (sign-in and consent pages), on a loopback port of its own. */
  identityUrl: string;
  dataDir: string;
  /** Everything the service wrote to stdout/stderr, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
};

export type PortalServerOptions = {
  distDir: string;
  jobDurationMs?: number;
  /** The port to listen on, when the caller must know it beforehand (an authorization server's redirect URI); a free one otherwise. */
  port?: number;
  /** Extra environment (wins over the defaults below). */
  env?: Record<string, string>;
};

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}) before it was healthy:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the service was not healthy within 60 s:\n${output()}`);
}

export async function startPortalServer(options: PortalServerOptions): Promise<PortalServer> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const identityPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-data-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DIST_DIR: options.distDir,
    ADAPTERS: 'development',
    DEV_IDENTITY_PORT: String(identityPort),
    JOB_DURATION_MS: String(options.jobDurationMs ?? 1500),
    SWEEP_INTERVAL_MS: '250',
    ...NO_LIMITS,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  let log = '';
  // node itself, not the tsx command, so the signals the harness sends reach the service.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => log;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, identityUrl: `http://127.0.0.1:${identityPort}`, dataDir, output, stop };
}
