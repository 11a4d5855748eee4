/**
 * Everything the service writes is a customer's data or a way into it (archives, the database, sample
 * and delivered development mail, the secret), so it is readable by the service's own user only:
 * files 0600, folders 0700. `npm start` sets the process's umask to match (server/main.ts), which
 * holds for every file any part or library creates; the writers of archives, mail files and the
 * database also ask for these modes themselves, so they hold however the service is started.
 */
import { chmod, mkdir } from 'node:fs/promises';
import type { Logger } from 'pino';

export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;

/** Makes `dir` and any parent it has to make, private. */
export async function makePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER });
}

/**
 * Makes each folder private, whether it is new or was made by an earlier version with 0755. A folder
 * the service's user does not own (a shared volume set up by an operator) is left as it is, with a
 * warning: it is the operator's to restrict.
 */
export async function makeFoldersPrivate(dirs: readonly string[], logger: Pick<Logger, 'warn'>): Promise<void> {
  for (const dir of new Set(dirs)) {
    try {
      await makePrivateFolder(dir);
      await chmod(dir, PRIVATE_FOLDER);
    } catch (error) {
      logger.warn({ err: error, dir }, 'a data folder could not be made private (0700)');
    }
  }
}
