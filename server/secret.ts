/**
 * The server secret (HASH_SECRET): keys the email hash and the download links and signs S2's flow
 * cookie. When not configured it is generated once and kept in DATA_DIR (mode 0600), so hashes
 * handed out before a restart still match after it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE, PRIVATE_FOLDER } from './private-files.ts';

export const SECRET_FILE = 'hash-secret';

export function loadOrCreateSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER });
  const secret = randomBytes(32).toString('hex');
  // 'wx' fails if another process created it meanwhile; then its secret wins.
  try {
    writeFileSync(file, secret, { mode: PRIVATE_FILE, flag: 'wx' });
    return secret;
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
}
