/**
 * A throwaway real IMAP server for tests: Debian's Dovecot (dovecot-imapd), started in a temp folder on
 * free loopback ports, with a self-signed certificate made by openssl for 127.0.0.1. It offers what a
 * migration meets in the field:
 * - an implicit-TLS listener (`port`) and a cleartext listener that offers STARTTLS (`starttlsPort`);
 * - several users from a passwd-file, each with an optional storage quota and message size limit;
 * - a master user (a `master = yes` passdb): `<user><separator><master>` with the master's password
 *   logs in as that user, which is how a provider grants a migration service access to its mailboxes;
 * - special-use folders (\Sent, \Drafts, \Trash, \Junk, \Archive) and a chosen hierarchy separator;
 * - XOAUTH2 with a bearer token: an HS256 JWT the server validates locally (`accessToken`), or, with
 *   `oauth2UserinfoUrl`, an authorization server's own access token, which Dovecot asks that
 *   server's userinfo endpoint about (as Dovecot's documentation configures Microsoft's).
 * No skipping: when Dovecot is missing the setup fails with a clear message (scripts/setup-test-system.sh
 * installs it).
 */
import { execFile, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { selfSignedCertificate } from './self-signed.ts';
import { stopProcess, waitForPorts } from './server-process.ts';
import { passwdEntry } from './system-users.ts';

export type DovecotUserSpec = {
  email: string;
  password: string;
  /** Dovecot quota rule value, for example `100K`: appends past it answer NO [OVERQUOTA]. */
  quotaStorage?: string;
  /** Largest message the user may receive, for example `20K`. */
  maxMailSize?: string;
};

export type DovecotOptions = {
  users?: DovecotUserSpec[];
  /** The hierarchy separator of the mailbox namespace; '/' by default. */
  separator?: '/' | '.';
  /** Between the user and the master user's name in a master login; '*' by default. */
  masterSeparator?: string;
  /** false: the special-use folders exist but carry no SPECIAL-USE attribute. */
  specialUse?: boolean;
  /** Other names for the special-use folders, as providers have them (`Sent Items`, `Spam`). */
  folderNames?: Partial<Record<SpecialUse, string>>;
  /**
   * The Maildir's folder layout on disk: Maildir++ (the default: `.Archive.2019`, so no `.` can be in a
   * folder's name) or `fs` (`Archive/2019`: a name may hold a dot, as on most other servers).
   */
  layout?: 'maildir++' | 'fs';
  /** Accept over XOAUTH2 the access tokens this userinfo endpoint answers for (its `email` is the user); `accessToken` then signs nothing Dovecot takes. */
  oauth2UserinfoUrl?: string;
};

type SpecialUse = '\\Sent' | '\\Drafts' | '\\Trash' | '\\Junk' | '\\Archive';
const SPECIAL_USES: SpecialUse[] = ['\\Sent', '\\Drafts', '\\Trash', '\\Junk', '\\Archive'];

export type Dovecot = {
  host: '127.0.0.1';
  /** Implicit TLS. */
  port: number;
  /** Cleartext greeting, STARTTLS offered. */
  starttlsPort: number;
  /** The PEM certificate the server presents: a test's CA to trust. */
  certificate: string;
  /** The first user (kept for tests that need just one). */
  user: DovecotUserSpec;
  users: DovecotUserSpec[];
  master: { user: string; password: string; separator: string };
  separator: string;
  /** A bearer token the server accepts over XOAUTH2 for this user, valid for an hour. */
  accessToken(email: string): string;
  /** The user's Maildir root on disk (for tests that write message files directly). */
  maildir(email: string): string;
  /** uid/gid that must own files written into a Maildir. */
  mailOwner: { uid: number; gid: number };
  /** Dovecot's log so far: what reached the server (a login process logs every refused login). */
  log(): string;
  /**
   * The IMAP sessions logged in now, one user name per connection, as the server itself counts them
   * (`doveadm who -1`, from its anvil process): what a test asks to know that a client holds none.
   */
  sessions(): Promise<string[]>;
  stop(): Promise<void>;
};

const DOVECOT_BIN = process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot';
const DEFAULT_USERS: DovecotUserSpec[] = [{ email: 'alice@example.com', password: 'Imap-test-p4ss' }];
const OAUTH_ISSUER = 'https://issuer.portal-test.invalid';

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

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function signJwt(claims: Record<string, unknown>, key: Buffer): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  return `${head}.${body}.${base64url(createHmac('sha256', key).update(`${head}.${body}`).digest())}`;
}

function configuration(input: {
  dir: string;
  certPath: string;
  keyPath: string;
  logPath: string;
  port: number;
  starttlsPort: number;
  separator: string;
  masterSeparator: string;
  specialUse: boolean;
  folderNames: Partial<Record<SpecialUse, string>>;
  layout: 'maildir++' | 'fs';
  users: ReturnType<typeof processUsers>;
}): string {
  const { dir } = input;
  const folder = (use: SpecialUse) =>
    `  mailbox "${input.folderNames[use] ?? use.slice(1)}" {\n    auto = subscribe\n${input.specialUse ? `    special_use = ${use}\n` : ''}  }`;
  return `
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = portal-test-${input.port}
log_path = ${input.logPath}
protocols = imap
listen = 127.0.0.1
ssl = yes
ssl_cert = <${input.certPath}
ssl_key = <${input.keyPath}
disable_plaintext_auth = yes
auth_mechanisms = plain login xoauth2 oauthbearer
auth_failure_delay = 0
auth_master_user_separator = ${input.masterSeparator}
default_internal_user = ${input.users.internal}
default_login_user = ${input.users.login}
first_valid_uid = 1
mail_location = maildir:${dir}/mail/%u${input.layout === 'fs' ? ':LAYOUT=fs' : ''}
mail_plugins = $mail_plugins quota
protocol imap {
  mail_plugins = $mail_plugins imap_quota
}
plugin {
  quota = count:User quota
  quota_vsizes = yes
}
namespace inbox {
  inbox = yes
  separator = ${input.separator}
${SPECIAL_USES.map(folder).join('\n')}
}
passdb {
  driver = passwd-file
  master = yes
  pass = yes
  args = scheme=PLAIN ${dir}/master-passwd
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/passwd
}
passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf
}
userdb {
  driver = passwd-file
  args = ${dir}/userdb
  default_fields = uid=${input.users.mail.uid} gid=${input.users.mail.gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    port = ${input.starttlsPort}
  }
  inet_listener imaps {
    port = ${input.port}
    ssl = yes
  }
}
`;
}

const DOVEADM_BIN = process.env.DOVEADM_BIN ?? '/usr/bin/doveadm';

/** `doveadm who -1`: a header line, then `username proto pid ip` per connection. */
function loggedIn(confPath: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(DOVEADM_BIN, ['-c', confPath, 'who', '-1'], (error, stdout) => {
      if (error) return reject(error);
      const lines = stdout
        .split('\n')
        .slice(1)
        .filter((line) => line.trim() !== '');
      resolve(lines.map((line) => line.trim().split(/\s+/)[0] ?? ''));
    });
  });
}

export async function startDovecot(options: DovecotOptions = {}): Promise<Dovecot> {
  if (!existsSync(DOVECOT_BIN)) {
    throw new Error(
      `Dovecot is required for the IMAP tests but ${DOVECOT_BIN} is missing. ` +
        'Install it with `bash scripts/setup-test-system.sh` (it runs apt-get install dovecot-imapd) or set DOVECOT_BIN.',
    );
  }
  const users = options.users ?? DEFAULT_USERS;
  const separator = options.separator ?? '/';
  const master = { user: 'migrator', password: randomBytes(12).toString('hex'), separator: options.masterSeparator ?? '*' };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-dovecot-'));
  // Login processes run as another user and must reach the sockets under base_dir.
  chmodSync(dir, 0o755);
  const processes = processUsers();
  for (const sub of ['run', 'state', 'mail', 'keys/default/HS256']) mkdirSync(path.join(dir, sub), { recursive: true });
  if (os.userInfo().uid === 0) chownSync(path.join(dir, 'mail'), processes.mail.uid, processes.mail.gid);

  const { certPath, keyPath } = selfSignedCertificate(dir);

  writeFileSync(path.join(dir, 'passwd'), users.map((u) => `${u.email}:{PLAIN}${u.password}\n`).join(''));
  writeFileSync(path.join(dir, 'master-passwd'), `${master.user}:{PLAIN}${master.password}\n`);
  writeFileSync(
    path.join(dir, 'userdb'),
    users
      .map((u) => {
        const extra = [
          ...(u.quotaStorage ? [`userdb_quota_rule=*:storage=${u.quotaStorage}`] : []),
          ...(u.maxMailSize ? [`userdb_quota_max_mail_size=${u.maxMailSize}`] : []),
        ];
        return `${u.email}::::::${extra.length ? `:${extra.join(' ')}` : ''}\n`;
      })
      .join(''),
  );
  // XOAUTH2: Dovecot validates the bearer token itself (a JWT signed with this HS256 key), so the
  // tests need no token server.
  const oauthKey = randomBytes(32);
  writeFileSync(path.join(dir, 'keys/default/HS256/default'), oauthKey.toString('base64'));
  writeFileSync(
    path.join(dir, 'oauth2.conf'),
    options.oauth2UserinfoUrl
      ? `introspection_mode = auth\nintrospection_url = ${options.oauth2UserinfoUrl}\nusername_attribute = email\n`
      : `introspection_mode = local\nlocal_validation_key_dict = fs:posix:prefix=${dir}/keys/\nusername_attribute = email\nissuers = ${OAUTH_ISSUER}\n`,
  );

  const [port, starttlsPort] = [await freePort(), await freePort()];
  const logPath = path.join(dir, 'dovecot.log');
  const confPath = path.join(dir, 'dovecot.conf');
  writeFileSync(
    confPath,
    configuration({
      dir,
      certPath,
      keyPath,
      logPath,
      port,
      starttlsPort,
      separator,
      masterSeparator: master.separator,
      specialUse: options.specialUse ?? true,
      folderNames: options.folderNames ?? {},
      layout: options.layout ?? 'maildir++',
      users: processes,
    }),
  );
  const child = spawn(DOVECOT_BIN, ['-F', '-c', confPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    await waitForPorts('Dovecot', [port, starttlsPort], child, 10_000, () =>
      existsSync(logPath) ? readFileSync(logPath, 'utf8') : '(no log)',
    );
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }

  const first = users[0];
  if (!first) throw new Error('startDovecot needs at least one user');
  return {
    host: '127.0.0.1',
    port,
    starttlsPort,
    certificate: readFileSync(certPath, 'utf8'),
    user: first,
    users,
    master,
    separator,
    accessToken(email) {
      const now = Math.floor(Date.now() / 1000);
      return signJwt({ iss: OAUTH_ISSUER, sub: email, email, iat: now, nbf: now, exp: now + 3600 }, oauthKey);
    },
    maildir: (email) => path.join(dir, 'mail', email),
    mailOwner: processes.mail,
    log: () => (existsSync(logPath) ? readFileSync(logPath, 'utf8') : ''),
    sessions: () => loggedIn(confPath),
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
