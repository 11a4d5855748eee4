/**
 * A throwaway real Cyrus IMAP server for tests: Debian's Cyrus 3.6 (cyrus-common's `master`, and the
 * imapd of cyrus-imapd, which scripts/setup-test-system.sh unpacks under /opt/imap-test-servers because
 * the package conflicts with dovecot-imapd), started in a temp folder with its own imapd.conf and
 * cyrus.conf on a free loopback port, implicit TLS with a self-signed certificate for 127.0.0.1.
 * It is what a migration meets on a Cyrus provider:
 * - users with email-like names (`virtdomains: userid`: alice@example.com is user alice of domain
 *   example.com), whose passwords are checked against the instance's own sasldb file (saslpasswd2 -f);
 * - an admin (`admins:`) that reads any user's mailbox by logging in as itself with the user as SASL
 *   PLAIN authorization identity (authzid), which is how a provider lets a migration service in;
 * - Debian's namespace by default (`altnamespace: no`, `unixhierarchysep: no`): personal folders under
 *   `INBOX.`, '.' separator; or '/' (`unixhierarchysep: yes`) and/or folders beside INBOX (`altnamespace: yes`);
 * - Sent, Drafts, Trash, Junk and Archive with their SPECIAL-USE, made by autocreate at the user's
 *   first login (which startCyrus does for every user);
 * - no login limit per user or host, and up to 100 imapd processes; no pause after a failed login
 *   (`failedloginpause: 0`, Cyrus's default is 3 s).
 * User names: with the '.' separator a user's local part may not contain a dot (Cyrus names the
 * mailbox `user.<local part>`, and a dot there would be a level of the hierarchy); startCyrus refuses
 * such a name. With '/' Cyrus stores the dot as '^' and the name works.
 * Cyrus refuses to run as root: started by root (CI) it switches to the `cyrus` user, which then owns
 * the temp folder; started by anyone else it runs as that user. Cyrus logs only to syslog.
 * No skipping: when Cyrus is missing the setup fails with a message naming the script that installs it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './free-port.ts';
import { selfSignedCertificate } from './self-signed.ts';
import { commandLineIncludes, killProcesses, stopProcess, waitForPorts } from './server-process.ts';
import { passwdEntry } from './system-users.ts';

export type CyrusUserSpec = { email: string; password: string };

export type CyrusOptions = {
  users?: CyrusUserSpec[];
  /** '.' (`unixhierarchysep: no`, the default) or '/' (`unixhierarchysep: yes`). */
  separator?: '.' | '/';
  /** true: personal folders beside INBOX, no prefix (`altnamespace: yes`); false (the default): under `INBOX<separator>`. */
  altNamespace?: boolean;
};

export type CyrusAuth = { user: string; pass: string; authzid?: string; loginMethod?: 'AUTH=PLAIN' };

export type Cyrus = {
  host: '127.0.0.1';
  /** Implicit TLS. */
  port: number;
  /** The PEM certificate the server presents: a test's CA to trust. */
  certificate: string;
  users: CyrusUserSpec[];
  /** Global admin (`admins:`); may log in as any user with SASL PLAIN authzid. */
  admin: { user: string; password: string };
  separator: string;
  /** Of the personal namespace: `INBOX.` / `INBOX/`, or '' with altNamespace. */
  namespacePrefix: string;
  /** imapflow `auth` that opens this user's mailbox as the admin (authzid = the user). */
  adminAuth(email: string): CyrusAuth;
  /** imapflow `auth` for the user's own login. */
  userAuth(email: string): CyrusAuth;
  stop(): Promise<void>;
};

const UNPACKED_IMAPD = '/opt/imap-test-servers/cyrus-imapd/usr/lib/cyrus/bin/imapd';
const CYRUS_BIN_DIR = '/usr/lib/cyrus/bin';
const CYRUS_IMAPD = process.env.CYRUS_IMAPD ?? (existsSync(UNPACKED_IMAPD) ? UNPACKED_IMAPD : `${CYRUS_BIN_DIR}/imapd`);
const SASLPASSWD2 = '/usr/sbin/saslpasswd2';
const DEFAULT_USERS: CyrusUserSpec[] = [{ email: 'alice@example.com', password: 'Imap-test-p4ss' }];
/** The greeting's host name, and the SASL realm of users without a domain (the admin). */
const SERVER_NAME = 'cyrus-test';
const ADMIN = 'admin';
const SPECIAL_USE_FOLDERS = ['Sent', 'Drafts', 'Trash', 'Junk', 'Archive'] as const;

function requireBinaries(): void {
  for (const file of [`${CYRUS_BIN_DIR}/master`, `${CYRUS_BIN_DIR}/ctl_cyrusdb`, CYRUS_IMAPD, SASLPASSWD2]) {
    if (!existsSync(file)) {
      throw new Error(
        `Cyrus IMAP is required for these tests but ${file} is missing. Run \`bash scripts/setup-test-system.sh\` as root ` +
          '(it installs cyrus-common and sasl2-bin, and unpacks cyrus-imapd under /opt/imap-test-servers), or set CYRUS_IMAPD.',
      );
    }
  }
}

/** Who Cyrus runs as: `cyrus` when we are root (Cyrus will not stay root), else ourselves. */
function cyrusUser(): { name: string; uid: number; gid: number } {
  const me = os.userInfo();
  if (me.uid !== 0) return { name: me.username, uid: me.uid, gid: me.gid };
  const cyrus = passwdEntry('cyrus');
  if (!cyrus)
    throw new Error(
      'Cyrus will not run as root and there is no `cyrus` user: run `bash scripts/setup-test-system.sh` (cyrus-common creates it).',
    );
  return { name: 'cyrus', ...cyrus };
}

/** Cyrus's rules for a user name under `virtdomains: userid` (see the header). */
function checkUserName(email: string, separator: string): void {
  const [local, domain, ...rest] = email.split('@');
  if (!local || !domain || rest.length > 0) throw new Error(`startCyrus: ${email} is not local@domain`);
  if (local.includes(separator)) {
    throw new Error(
      `startCyrus: Cyrus cannot name a mailbox for ${email}: its local part contains the hierarchy separator '${separator}'` +
        (separator === '.' ? " (use separator '/', where Cyrus stores the dot as '^')" : ''),
    );
  }
}

function imapdConf(dir: string, certPath: string, keyPath: string, runAs: string, options: Required<Omit<CyrusOptions, 'users'>>): string {
  return `configdirectory: ${dir}/config
defaultpartition: default
partition-default: ${dir}/spool
proc_path: ${dir}/run/proc
mboxname_lockpath: ${dir}/run/lock
lmtpsocket: ${dir}/run/socket/lmtp
idlesocket: ${dir}/run/socket/idle
notifysocket: ${dir}/run/socket/notify
sievedir: ${dir}/sieve
servername: ${SERVER_NAME}
syslog_prefix: cyrus-test
cyrus_user: ${runAs}
altnamespace: ${options.altNamespace ? 'yes' : 'no'}
unixhierarchysep: ${options.separator === '/' ? 'yes' : 'no'}
virtdomains: userid
admins: ${ADMIN}
sasl_pwcheck_method: auxprop
sasl_auxprop_plugin: sasldb
sasl_sasldb_path: ${dir}/sasldb2
sasl_mech_list: PLAIN LOGIN
tls_server_cert: ${certPath}
tls_server_key: ${keyPath}
maxlogins_per_user: 0
maxlogins_per_host: 0
failedloginpause: 0
autocreate_quota: 0
autocreate_inbox_folders: ${SPECIAL_USE_FOLDERS.join(' | ')}
autocreate_subscribe_folders: ${SPECIAL_USE_FOLDERS.join(' | ')}
${SPECIAL_USE_FOLDERS.map((folder) => `xlist-${folder.toLowerCase()}: ${folder}`).join('\n')}
`;
}

function cyrusConf(confPath: string, port: number): string {
  return `START {
  recover cmd="${CYRUS_BIN_DIR}/ctl_cyrusdb -r -C ${confPath}"
}
SERVICES {
  imaps cmd="${CYRUS_IMAPD} -s -C ${confPath}" listen="127.0.0.1:${port}" prefork=0 maxchild=100
}
EVENTS {
}
DAEMON {
}
`;
}

/** A SASL user in the instance's own sasldb: `local` in realm `domain` (the admin: realm SERVER_NAME). */
function addSaslUser(sasldb: string, user: string, realm: string, password: string): void {
  execFileSync(SASLPASSWD2, ['-f', sasldb, '-p', '-c', '-u', realm, user], { input: password, stdio: ['pipe', 'ignore', 'pipe'] });
}

/** The first login of a user creates their INBOX and special-use folders (autocreate_*). */
async function firstLogin(port: number, certificate: string, user: CyrusUserSpec): Promise<void> {
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
    throw new Error(`Cyrus refused the first login of ${user.email}: ${(error as Error).message}`, { cause: error });
  }
  await client.logout();
}

export async function startCyrus(options: CyrusOptions = {}): Promise<Cyrus> {
  requireBinaries();
  const users = options.users ?? DEFAULT_USERS;
  const separator = options.separator ?? '.';
  const altNamespace = options.altNamespace ?? false;
  for (const user of users) checkUserName(user.email, separator);
  const runAs = cyrusUser();
  const admin = { user: ADMIN, password: randomBytes(12).toString('hex') };

  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-cyrus-'));
  chmodSync(dir, 0o755);
  try {
    for (const sub of ['config', 'spool', 'run/proc', 'run/lock', 'run/socket', 'sieve'])
      mkdirSync(path.join(dir, sub), { recursive: true });
    const { certPath, keyPath } = selfSignedCertificate(dir);
    const sasldb = path.join(dir, 'sasldb2');
    addSaslUser(sasldb, ADMIN, SERVER_NAME, admin.password);
    for (const user of users) {
      const [local = '', domain = ''] = user.email.split('@');
      addSaslUser(sasldb, local, domain, user.password);
    }
    const port = await freePort();
    const confPath = path.join(dir, 'imapd.conf');
    writeFileSync(confPath, imapdConf(dir, certPath, keyPath, runAs.name, { separator, altNamespace }));
    writeFileSync(path.join(dir, 'cyrus.conf'), cyrusConf(confPath, port));
    if (os.userInfo().uid === 0) execFileSync('chown', ['-R', `${runAs.uid}:${runAs.gid}`, dir]);

    const child = spawn(
      `${CYRUS_BIN_DIR}/master`,
      ['-C', confPath, '-M', path.join(dir, 'cyrus.conf'), '-p', path.join(dir, 'run/master.pid'), '-D'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const stop = async () => {
      await stopProcess(child);
      // The master ends its imapd processes on SIGTERM; any it left (or all, after a SIGKILL) go here.
      await killProcesses('Cyrus', commandLineIncludes(`${dir}/`));
      rmSync(dir, { recursive: true, force: true });
    };
    try {
      await waitForPorts(
        'Cyrus',
        [port],
        child,
        10_000,
        () => `${output || '(no output)'}\nCyrus logs to syslog only; \`strace -f\` the master to see why it stopped.`,
      );
      const certificate = readFileSync(certPath, 'utf8');
      await Promise.all(users.map((user) => firstLogin(port, certificate, user)));
      const known = new Set(users.map((u) => u.email));
      const checked = (email: string) => {
        if (!known.has(email)) throw new Error(`startCyrus: no user ${email}`);
        return email;
      };
      return {
        host: '127.0.0.1',
        port,
        certificate,
        users,
        admin,
        separator,
        namespacePrefix: altNamespace ? '' : `INBOX${separator}`,
        adminAuth: (email) => ({ user: admin.user, pass: admin.password, authzid: checked(email), loginMethod: 'AUTH=PLAIN' }),
        userAuth: (email) => ({ user: checked(email), pass: users.find((u) => u.email === email)?.password ?? '' }),
        stop,
      };
    } catch (error) {
      await stop();
      throw error;
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
