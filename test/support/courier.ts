/**
 * A throwaway real Courier IMAP server for tests: Debian's Courier-IMAP 5.0 (the imapd and imaplogin of
 * courier-imap, which scripts/setup-test-system.sh unpacks under /opt/imap-test-servers because the
 * package conflicts with dovecot-imapd; couriertcpd and couriertls of courier-base; courier-authlib's
 * authdaemond with the userdb module), on a free loopback port, implicit TLS (couriertls, as Debian's
 * imapd-ssl runs it) with a self-signed certificate for 127.0.0.1. It is what a migration meets on a
 * Courier provider:
 * - users with passwords in a userdb (makeuserdb; SHA-512 crypt made by openssl), email addresses as
 *   login names (lowercase, as userdb wants them);
 * - Maildir++ mailboxes: personal folders under `INBOX.`, '.' separator, with Sent, Drafts and Trash
 *   made by maildirmake. Courier has no SPECIAL-USE: clients find those folders by name.
 * - up to `maxConnections` (100) connections at once, from one IP too (couriertcpd -maxprocs, -maxperip).
 * Courier has no master user and no SASL authorization identity: a migration service reads a Courier
 * mailbox with the user's own login (sourceAuth = userAuth in test/support/imap-servers.ts). Its nearest
 * mechanism, an `administrators` ACL group reaching other accounts' folders as shared folders, is not
 * a login as the user.
 * Throwaway: authlib's paths are compiled in (/etc/courier/authdaemonrc, /etc/courier/userdb.dat, the
 * socket /run/courier/authdaemon/socket), so each instance runs in its own mount namespace (unshare)
 * where its temp folder is bind-mounted over /etc/courier and /run/courier; two instances never see
 * each other's users or authdaemond. It runs in its own pid namespace too: stop() kills its first
 * process and the kernel ends every other. That needs root (CI runs the tests as root); an unprivileged
 * user namespace is no way around it, since imaplogin's setgroups() fails in one. The mailboxes belong
 * to `nobody`.
 * Debian's /etc/courier/imapd and imapd-ssl settings are taken from the package as they ship (so
 * the capabilities are Debian's), except the TLS files and the connection limits. (Their
 * IMAP_EMPTYTRASH=Trash:7 goes by the files' ctime, so messages appended with an old internal date stay.)
 * A wrong password is answered after five seconds (Courier's delay, built in).
 * No skipping: when Courier is missing the setup fails with a message naming the script that installs it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './free-port.ts';
import { selfSignedCertificate } from './self-signed.ts';
import { inPidNamespace, killProcesses, waitForPorts } from './server-process.ts';
import { passwdEntry } from './system-users.ts';

export type CourierUserSpec = { email: string; password: string };

export type CourierOptions = {
  users?: CourierUserSpec[];
  /** Connections at once, in all and from one IP; 100 by default. */
  maxConnections?: number;
};

export type Courier = {
  host: '127.0.0.1';
  /** Implicit TLS. */
  port: number;
  /** The PEM certificate the server presents: a test's CA to trust. */
  certificate: string;
  users: CourierUserSpec[];
  separator: '.';
  namespacePrefix: 'INBOX.';
  /** imapflow `auth` for the user's own login (the only login Courier has). */
  userAuth(email: string): { user: string; pass: string };
  /** The user's Maildir on disk (for tests that write message files directly). */
  maildir(email: string): string;
  /** uid/gid that own the Maildirs (`nobody`): files written into one must belong to them. */
  mailOwner: { uid: number; gid: number };
  stop(): Promise<void>;
};

/** The root the courier-imap package was unpacked into ('/' for an installed package). */
const COURIER_IMAP_ROOT = process.env.COURIER_IMAP_ROOT ?? '/opt/imap-test-servers/courier-imap';
const IMAPD = path.join(COURIER_IMAP_ROOT, 'usr/bin/imapd');
const IMAPLOGIN = path.join(COURIER_IMAP_ROOT, 'usr/lib/courier/courier/imaplogin');
const PACKAGE_CONFIG = [path.join(COURIER_IMAP_ROOT, 'etc/courier/imapd'), path.join(COURIER_IMAP_ROOT, 'etc/courier/imapd-ssl')];
const AUTHDAEMOND = '/usr/lib/courier/courier-authlib/authdaemond';
const BINARIES = [
  IMAPD,
  IMAPLOGIN,
  ...PACKAGE_CONFIG,
  AUTHDAEMOND,
  '/usr/sbin/couriertcpd',
  '/usr/bin/couriertls',
  '/usr/sbin/makeuserdb',
  '/usr/bin/maildirmake.courier',
  '/usr/bin/unshare',
];
const DEFAULT_USERS: CourierUserSpec[] = [{ email: 'alice@example.com', password: 'Imap-test-p4ss' }];
const FOLDERS = ['Sent', 'Drafts', 'Trash'];

function requireBinaries(): void {
  if (os.userInfo().uid !== 0) {
    throw new Error(
      'startCourier needs root: each instance mounts its own /etc/courier and /run/courier in a private mount namespace ' +
        "(authlib's paths are compiled in). Run the tests as root, as CI does.",
    );
  }
  for (const file of BINARIES) {
    if (!existsSync(file)) {
      throw new Error(
        `Courier IMAP is required for these tests but ${file} is missing. Run \`bash scripts/setup-test-system.sh\` as root ` +
          '(it installs courier-base, courier-authdaemon and courier-authlib-userdb, and unpacks courier-imap under ' +
          '/opt/imap-test-servers), or set COURIER_IMAP_ROOT.',
      );
    }
  }
}

/** userdb wants lowercase names; its fields are split at '|' and its lines at tabs and line ends. */
function checkUser(user: CourierUserSpec): void {
  if (user.email !== user.email.toLowerCase() || /[\s|]/.test(user.email))
    throw new Error(`startCourier: userdb cannot hold the name ${user.email}`);
}

const shellQuote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

/** The instance's authdaemonrc: userdb only, enough daemons for parallel logins. */
const AUTHDAEMONRC =
  'authmodulelist="authuserdb"\ndaemons=4\nauthdaemonvar=/run/courier/authdaemon\nDEBUG_LOGIN=0\nDEFAULTOPTIONS=""\nLOGGEROPTS=""\n';

/**
 * Runs as the first process of the new namespaces: reads the package's imapd settings, mounts the
 * temp folder over authlib's compiled-in paths, starts authdaemond and becomes couriertcpd.
 */
function startScript(input: { dir: string; port: number; maxConnections: number }): string {
  const { dir } = input;
  const overrides = {
    TLS_CERTFILE: '/etc/courier/imapd.pem',
    TLS_DHPARAMS: '',
    TLS_CACHEFILE: '',
    IMAP_TLS: '1',
    MAXDAEMONS: String(input.maxConnections),
    MAXPERIP: String(input.maxConnections),
  };
  return `set -e
set -a
${PACKAGE_CONFIG.map((file) => `. ${shellQuote(file)}`).join('\n')}
${Object.entries(overrides)
  .map(([name, value]) => `${name}=${shellQuote(value)}`)
  .join('\n')}
set +a
mkdir -p /etc/courier /run/courier
mount --bind ${shellQuote(`${dir}/etc`)} /etc/courier
mount --bind ${shellQuote(`${dir}/run`)} /run/courier
(set -a; . /etc/courier/authdaemonrc; exec ${AUTHDAEMOND}) &
tries=0
while [ ! -S /run/courier/authdaemon/socket ]; do
  tries=$((tries + 1))
  if [ $tries -gt 200 ]; then echo "authdaemond did not make its socket" >&2; exit 1; fi
  sleep 0.025
done
exec /usr/sbin/couriertcpd -address=127.0.0.1 -maxprocs=$MAXDAEMONS -maxperip=$MAXPERIP -nodnslookup -noidentlookup \\
  -stderr=${shellQuote(`${dir}/imapd.log`)} ${input.port} \\
  $COURIERTLS -server -tcpd -user=courier ${shellQuote(IMAPLOGIN)} ${shellQuote(IMAPD)} "$MAILDIRPATH"
`;
}

/** The instance's first process (the one unshare forked) and its pid namespace. */
async function instanceProcess(unshare: ChildProcess): Promise<{ pid: number; namespace: string }> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    try {
      const [first] = readFileSync(`/proc/${unshare.pid}/task/${unshare.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      if (first) return { pid: Number(first), namespace: readlinkSync(`/proc/${first}/ns/pid`) };
    } catch {
      // Not forked yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('Courier: unshare did not start the instance');
}

async function firstLogin(port: number, certificate: string, user: CourierUserSpec, details: () => string): Promise<void> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port,
    secure: true,
    tls: { ca: certificate },
    logger: false,
    auth: { user: user.email, pass: user.password },
    disableAutoIdle: true,
  });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Courier refused the login of ${user.email}: ${(error as Error).message}\n${details()}`, { cause: error });
  }
  await client.logout();
}

export async function startCourier(options: CourierOptions = {}): Promise<Courier> {
  requireBinaries();
  const users = options.users ?? DEFAULT_USERS;
  for (const user of users) checkUser(user);
  const mailOwner = passwdEntry('nobody') ?? { uid: 65534, gid: 65534 };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-courier-'));
  chmodSync(dir, 0o755);
  let child: ChildProcess | undefined;
  let instance: { pid: number; namespace: string } | undefined;
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      // Killing the instance's first process makes the kernel end every process of its pid namespace,
      // and unshare exits after it. (unshare itself ignores SIGTERM; killed, it would take the first
      // process with it, --kill-child, but leave it unreaped.)
      try {
        if (!instance) throw new Error('no instance yet');
        process.kill(instance.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      await exited;
    }
    if (instance) await killProcesses('Courier', inPidNamespace(instance.namespace));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const sub of ['etc', 'run/authdaemon', 'home']) mkdirSync(path.join(dir, sub), { recursive: true });
    const { certPath, keyPath } = selfSignedCertificate(dir);
    const certificate = readFileSync(certPath, 'utf8');
    writeFileSync(path.join(dir, 'etc/imapd.pem'), readFileSync(keyPath, 'utf8') + certificate, { mode: 0o600 });
    writeFileSync(path.join(dir, 'etc/authdaemonrc'), AUTHDAEMONRC);

    const home = (email: string) => path.join(dir, 'home', email);
    const lines = users.map((user) => {
      const maildir = path.join(home(user.email), 'Maildir');
      mkdirSync(home(user.email));
      execFileSync('maildirmake.courier', [maildir]);
      for (const folder of FOLDERS) execFileSync('maildirmake.courier', ['-f', folder, maildir]);
      const hash = execFileSync('openssl', ['passwd', '-6', '-stdin'], { input: user.password, encoding: 'utf8' }).trim();
      return `${user.email}\tuid=${mailOwner.uid}|gid=${mailOwner.gid}|home=${home(user.email)}|systempw=${hash}\n`;
    });
    writeFileSync(path.join(dir, 'etc/userdb'), lines.join(''), { mode: 0o600 });
    execFileSync('makeuserdb', ['-f', path.join(dir, 'etc/userdb')]);
    execFileSync('chown', ['-R', `${mailOwner.uid}:${mailOwner.gid}`, path.join(dir, 'home')]);

    const port = await freePort();
    const maxConnections = options.maxConnections ?? 100;
    writeFileSync(path.join(dir, 'start.sh'), startScript({ dir, port, maxConnections }));
    child = spawn(
      'unshare',
      ['--mount', '--pid', '--fork', '--kill-child', '--propagation', 'private', '/bin/sh', path.join(dir, 'start.sh')],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' } },
    );
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    instance = await instanceProcess(child);
    const log = path.join(dir, 'imapd.log');
    const details = () => `${output}\n${existsSync(log) ? readFileSync(log, 'utf8') : '(no imapd log)'}`;
    await waitForPorts('Courier', [port], child, 10_000, details);
    await Promise.all(users.map((user) => firstLogin(port, certificate, user, details)));

    const passwords = new Map(users.map((u) => [u.email, u.password]));
    const password = (email: string) => {
      const found = passwords.get(email);
      if (found === undefined) throw new Error(`startCourier: no user ${email}`);
      return found;
    };
    return {
      host: '127.0.0.1',
      port,
      certificate,
      users,
      separator: '.',
      namespacePrefix: 'INBOX.',
      userAuth: (email) => ({ user: email, pass: password(email) }),
      maildir: (email) => path.join(home(email), 'Maildir'),
      mailOwner,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
