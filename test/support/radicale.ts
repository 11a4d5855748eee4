/**
 * A throwaway real CardDAV server for tests: Debian's Radicale 3 (`radicale`), started in a temp folder
 * on a free loopback port with its own configuration:
 * - htpasswd authentication with plain passwords (the users given, plus the migration service account);
 * - filesystem storage inside the temp folder;
 * - a `from_file` rights file: everyone reads and writes their own collections (what Radicale's
 *   `owner_only` grants), and the service account reads every user's collections, which is how a
 *   provider lets a migration service read its customers' address books without their passwords.
 * Options make a server refuse large requests (`maxContentLength`) or make a user's collections read only.
 * No skipping: when Radicale is missing the setup fails with a message naming the package.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { stopProcess, waitForPorts } from './server-process.ts';

export type RadicaleUser = { user: string; password: string };

export type RadicaleOptions = {
  users?: RadicaleUser[];
  /** Requests with a larger body are refused with 413 (Radicale's `max_content_length`). */
  maxContentLength?: number;
  /** These users may read their own collections but not write them. */
  readOnlyUsers?: string[];
};

export type Radicale = {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  port: number;
  users: RadicaleUser[];
  /** The migration service account: reads every user's collections, writes none. */
  service: RadicaleUser;
  /** The rights file as written (for docs and tests that show it). */
  rights: string;
  stop(): Promise<void>;
};

const RADICALE_BIN = process.env.RADICALE_BIN ?? '/usr/bin/radicale';
const DEFAULT_USERS: RadicaleUser[] = [{ user: 'alice', password: 'Dav-test-p4ss' }];

/**
 * First matching section wins. The service account's rule comes first so that it reads everything;
 * the remaining rules are Radicale's `owner_only` written as a file (R/W: the root and principal
 * collections, r/w: the address books and calendars inside them).
 */
export function rightsFile(serviceUser: string, readOnlyUsers: string[] = []): string {
  const readOnly = readOnlyUsers.map(
    (user, i) => `[read-only-${i}]\nuser: ${escapeRegex(user)}\ncollection: {user}(/[^/]+)?\npermissions: Rr\n\n`,
  );
  return [
    `[migration-service]\nuser: ${escapeRegex(serviceUser)}\ncollection: .*\npermissions: Rr\n\n`,
    ...readOnly,
    '[root]\nuser: .+\ncollection:\npermissions: R\n\n',
    '[principal]\nuser: .+\ncollection: {user}\npermissions: RW\n\n',
    '[collections]\nuser: .+\ncollection: {user}/[^/]+\npermissions: rw\n',
  ].join('');
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[{}]/g, (c) => c + c);

export async function startRadicale(options: RadicaleOptions = {}): Promise<Radicale> {
  if (!existsSync(RADICALE_BIN)) {
    throw new Error(
      `Radicale is required for the CardDAV tests but ${RADICALE_BIN} is missing. ` +
        'Install the Debian package `radicale` with `bash scripts/setup-test-system.sh` (it runs apt-get install radicale) or set RADICALE_BIN.',
    );
  }
  const users = options.users ?? DEFAULT_USERS;
  const service: RadicaleUser = { user: 'migrator', password: randomBytes(12).toString('hex') };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-radicale-'));
  mkdirSync(path.join(dir, 'collections'));
  const rights = rightsFile(service.user, options.readOnlyUsers);
  writeFileSync(path.join(dir, 'users'), [...users, service].map((u) => `${u.user}:${u.password}\n`).join(''));
  writeFileSync(path.join(dir, 'rights'), rights);

  const port = await freePort();
  const config = `
[server]
hosts = 127.0.0.1:${port}
max_content_length = ${options.maxContentLength ?? 100_000_000}

[auth]
type = htpasswd
htpasswd_filename = ${dir}/users
htpasswd_encryption = plain
delay = 0

[rights]
type = from_file
file = ${dir}/rights

[storage]
filesystem_folder = ${dir}/collections

[web]
type = none

[logging]
level = warning
mask_passwords = True
`;
  writeFileSync(path.join(dir, 'config'), config);
  const child = spawn(RADICALE_BIN, ['--config', path.join(dir, 'config')], { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  let output = '';
  const collect = (chunk: Buffer) => {
    // Only the start-up output matters (errors before listening); later logs are not kept.
    if (output.length < 20_000) output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  try {
    await waitForPorts('Radicale', [port], child, 15_000, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    users,
    service,
    rights: readFileSync(path.join(dir, 'rights'), 'utf8'),
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
