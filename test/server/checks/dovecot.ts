/**
 * A throwaway real IMAP server for tests: Debian's Dovecot (dovecot-imapd), started in a temp folder on a
 * free loopback port, implicit TLS only, with a self-signed certificate made by openssl for 127.0.0.1
 * and one user from a passwd-file. No skipping: when Dovecot is missing the setup fails with a clear
 * message (CI's .ci/run installs it).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type Dovecot = {
  port: number;
  /** The PEM certificate the server presents: a test's CA to trust. */
  certificate: string;
  user: { email: string; password: string };
  stop(): Promise<void>;
};

const DOVECOT_BIN = process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot';

/** A port nobody listens on right now (the OS picks it, we release it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function passwdEntry(name: string): { uid: number; gid: number } | null {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Dovecot refuses to run its login and mail processes as root. As root, logins run as dovenull (the
 * package's user) and the mailbox as nobody; as any other user, everything runs as that user.
 */
function processUsers(): { internal: string; login: string; mail: { uid: number; gid: number } } {
  const me = os.userInfo();
  if (me.uid !== 0) return { internal: me.username, login: me.username, mail: { uid: me.uid, gid: me.gid } };
  const nobody = passwdEntry('nobody') ?? { uid: 65534, gid: 65534 };
  return { internal: passwdEntry('dovecot') ? 'dovecot' : 'nobody', login: passwdEntry('dovenull') ? 'dovenull' : 'nobody', mail: nobody };
}

async function waitForPort(port: number, child: ChildProcess, logPath: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = existsSync(logPath) ? readFileSync(logPath, 'utf8') : '(no log)';
  throw new Error(`Dovecot did not listen on 127.0.0.1:${port} within ${timeoutMs} ms.\n${log}`);
}

export async function startDovecot(): Promise<Dovecot> {
  if (!existsSync(DOVECOT_BIN)) {
    throw new Error(
      `Dovecot is required for the IMAP checker tests but ${DOVECOT_BIN} is missing. ` +
        'Install it with `apt-get install dovecot-imapd` (.ci/run does this) or set DOVECOT_BIN.',
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-dovecot-'));
  // Login processes run as another user and must reach the sockets under base_dir.
  chmodSync(dir, 0o755);
  const users = processUsers();
  for (const sub of ['run', 'state', 'mail']) mkdirSync(path.join(dir, sub));
  if (os.userInfo().uid === 0) chownSync(path.join(dir, 'mail'), users.mail.uid, users.mail.gid);

  const certPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyPath, '-out', certPath,
      '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { stdio: 'ignore' },
  );

  const user = { email: 'alice@example.com', password: 'Imap-test-p4ss' };
  writeFileSync(path.join(dir, 'passwd'), `${user.email}:{PLAIN}${user.password}\n`);
  const port = await freePort();
  const logPath = path.join(dir, 'dovecot.log');
  const conf = `
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = portal-test-${port}
log_path = ${logPath}
protocols = imap
listen = 127.0.0.1
ssl = required
ssl_cert = <${certPath}
ssl_key = <${keyPath}
auth_mechanisms = plain login
auth_failure_delay = 0
default_internal_user = ${users.internal}
default_login_user = ${users.login}
first_valid_uid = 1
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${users.mail.uid} gid=${users.mail.gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    port = 0
  }
  inet_listener imaps {
    port = ${port}
    ssl = yes
  }
}
`;
  const confPath = path.join(dir, 'dovecot.conf');
  writeFileSync(confPath, conf);
  const child = spawn(DOVECOT_BIN, ['-F', '-c', confPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    await waitForPort(port, child, logPath, 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }

  return {
    port,
    certificate: readFileSync(certPath, 'utf8'),
    user,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
