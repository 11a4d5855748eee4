/**
 * Tokens handed to the browser after sign-in (source), consent (destination) or status sign-in.
 * Random (256 bits), expiring, and stored only as a SHA-256 digest: a copy of the database holds
 * no token anyone could present. The table lives in the service's SQLite database.
 */
import type Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';

export type TokenPurpose = 'source' | 'destination' | 'status';

export type TokenClaims = { email: string; purpose: TokenPurpose; provider: string };

export type TokenStore = {
  /** Creates a token for the claims; the only place the plain token ever exists is the return value. */
  issue(claims: TokenClaims): string;
  /** The claims of a live token, or null when unknown, malformed or expired. */
  verify(token: string): TokenClaims | null;
};

const TOKEN_BYTES = 32;
/** base64url of 32 bytes; anything else cannot be one of ours and skips the database. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

type Row = { email: string; purpose: string; provider: string };

const isPurpose = (value: string): value is TokenPurpose =>
  value === 'source' || value === 'destination' || value === 'status';

export function createTokenStore(
  db: Database.Database,
  options: { ttlMs: number; now?: () => number },
): TokenStore {
  if (!(options.ttlMs > 0)) throw new Error('createTokenStore: ttlMs must be a positive number');
  const now = options.now ?? Date.now;

  db.exec(`CREATE TABLE IF NOT EXISTS identity_tokens (
    token_digest TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    purpose TEXT NOT NULL,
    provider TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS identity_tokens_expiry ON identity_tokens (expires_at);`);

  const insert = db.prepare(
    'INSERT INTO identity_tokens (token_digest, email, purpose, provider, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const select = db.prepare<[string, number], Row>(
    'SELECT email, purpose, provider FROM identity_tokens WHERE token_digest = ? AND expires_at > ?',
  );
  const purge = db.prepare('DELETE FROM identity_tokens WHERE expires_at <= ?');

  return {
    issue({ email, purpose, provider }) {
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const issuedAt = now();
      // Expired rows are useless; dropping them here keeps the table small without a timer.
      purge.run(issuedAt);
      insert.run(digest(token), email, purpose, provider, issuedAt + options.ttlMs);
      return token;
    },
    verify(token) {
      if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
      const row = select.get(digest(token), now());
      if (!row || !isPurpose(row.purpose)) return null;
      return { email: row.email, purpose: row.purpose, provider: row.provider };
    },
  };
}
