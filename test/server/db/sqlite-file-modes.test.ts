/**
 * The SQLite database holds every export's addresses: its file, and the -wal and -shm files SQLite
 * makes beside it, are the service's user's only (0600), in a folder made 0700 — new, and when an
 * earlier version left the file readable by everyone (issue 35). The test process keeps the usual
 * umask (022), so only the service's own modes can make these hold.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.ts';
import { openDatabase } from '../../../server/db/open.ts';
import { createLogger } from '../../../server/http/logger.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Opens the database at `file`, writes a row (so the -wal and -shm exist) and answers the three files' modes. */
async function modesAfterOpening(file: string): Promise<Record<string, number>> {
  const db = await openDatabase(readConfig({ DATABASE_PATH: file }).database, createLogger('silent'));
  try {
    await db.insertInto('opt_out_states').values({ email: 'a@example.com', state: 'OPTED_OUT_INITIAL', updated_at: 1 }).execute();
    const parts = [file, `${file}-wal`, `${file}-shm`];
    expect(parts.every((part) => existsSync(part))).toBe(true);
    return Object.fromEntries(parts.map((part) => [path.basename(part), modeOf(part)]));
  } finally {
    await db.destroy();
  }
}

describe('the SQLite file', () => {
  it('is created 0600 with its -wal and -shm, in a folder created 0700', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-modes-'));
    dirs.push(dir);
    const file = path.join(dir, 'data', 'portal.sqlite');
    expect(await modesAfterOpening(file)).toEqual({ 'portal.sqlite': 0o600, 'portal.sqlite-wal': 0o600, 'portal.sqlite-shm': 0o600 });
    expect(modeOf(path.dirname(file))).toBe(0o700);
  });

  it('is made 0600 when an earlier version left it and its -wal and -shm readable by everyone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-modes-'));
    dirs.push(dir);
    const file = path.join(dir, 'portal.sqlite');
    // The earlier version, still holding the file open (so its -wal and -shm are there, as after a crash).
    const earlier = new BetterSqlite3(file);
    try {
      earlier.pragma('journal_mode = WAL');
      earlier.exec('CREATE TABLE earlier (x INTEGER)');
      expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual([0o644, 0o644, 0o644]);
      expect(await modesAfterOpening(file)).toEqual({ 'portal.sqlite': 0o600, 'portal.sqlite-wal': 0o600, 'portal.sqlite-shm': 0o600 });
    } finally {
      earlier.close();
    }
  });
});
