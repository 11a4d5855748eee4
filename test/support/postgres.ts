/**
 * A throwaway PostgreSQL cluster for tests: Debian's server binaries (package `postgresql`), initdb
 * in a temp folder, listening only on 127.0.0.1 at a free port and on a unix socket in that folder,
 * fsync off (the data dies with the run). Stopped and removed by `stop()`. Postgres refuses to run as
 * root: as root, the folder belongs to the `postgres` user and every command runs through
 * `runuser -u postgres --`. A missing PostgreSQL fails with a message naming the package; no skip.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

export type PostgresCluster = {
  /** Superuser URL of the cluster's `postgres` database: for creating the databases tests use. */
  adminUrl: string;
  stop(): Promise<void>;
};

const DEBIAN_ROOT = '/usr/lib/postgresql';
const SUPERUSER = 'postgres';

/** The newest installed server's bin folder, e.g. /usr/lib/postgresql/15/bin. */
function serverBinaries(): string {
  const versions = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .filter((version) => existsSync(path.join(DEBIAN_ROOT, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) {
    throw new Error(
      `PostgreSQL is required for the Postgres suites, but no ${DEBIAN_ROOT}/*/bin/initdb exists. ` +
        'Install the Debian package `postgresql` (bash scripts/setup-test-system.sh does it; .ci/run runs that).',
    );
  }
  return path.join(DEBIAN_ROOT, newest, 'bin');
}

function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) {
    throw new Error(
      'Running as root, the tests start PostgreSQL as the `postgres` user, which does not exist. Install the Debian package `postgresql`.',
    );
  }
  return { uid: Number(uid), gid: Number(gid) };
}

export async function startPostgres(): Promise<PostgresCluster> {
  const bin = serverBinaries();
  const asRoot = os.userInfo().uid === 0;
  // As root, [runuser, -u, postgres, --, program, …]; otherwise the program itself.
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', SUPERUSER, '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];

  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-postgres-'));
  chmodSync(dir, 0o700);
  if (asRoot) {
    const owner = postgresUser();
    chownSync(dir, owner.uid, owner.gid);
  }
  const dataDir = path.join(dir, 'data');
  const logPath = path.join(dir, 'postgres.log');
  const remove = () => rmSync(dir, { recursive: true, force: true });

  try {
    execFileSync(...command('initdb', ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']), {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    remove();
    throw new Error(`initdb failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`, { cause: error });
  }

  const port = await freePort();
  const log = openSync(logPath, 'a');
  const server = spawn(
    ...command('postgres', [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      // Throwaway data: nothing needs to survive a crash, so nothing waits for the disk.
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      // Each test file's harnesses hold a pool; parallel files add up.
      '-c',
      'max_connections=300',
    ]),
    { stdio: ['ignore', log, log] },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const stopServer = () => execFileSync(...command('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']), { stdio: 'ignore' });
  // Should the run end without calling stop(), the cluster must not outlive it.
  let stopped = false;
  const onExit = () => {
    if (stopped) return;
    try {
      stopServer();
    } finally {
      remove();
    }
  };
  process.once('exit', onExit);

  const adminUrl = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilAccepting(adminUrl, () => server.exitCode !== null, 30_000);
  } catch (error) {
    const output = existsSync(logPath) ? readFileSync(logPath, 'utf8') : '(no log)';
    process.removeListener('exit', onExit);
    if (server.exitCode === null) server.kill('SIGKILL');
    remove();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }

  return {
    adminUrl,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', onExit);
      if (server.exitCode === null) {
        stopServer();
        await exited;
      }
      remove();
    },
  };
}

async function waitUntilAccepting(url: string, died: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline && !died()) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      last = error;
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const reason = died() ? 'exited' : `did not accept connections within ${timeoutMs} ms`;
  throw new Error(`PostgreSQL ${reason} (${last instanceof Error ? last.message : 'no attempt finished'}).`);
}
