/**
 * Tokens handed to the browser after sign-in (source), consent (destination) or status sign-in.
 * Random (256 bits), expiring, and stored only as a SHA-256 digest: a copy of the database holds
 * no token anyone could present. The table lives in the service's database (SQLite or Postgres), so
 * a token works whichever node a request lands on.
 */
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../crypto/digest.ts';
import { compileOnce } from '../db/compiled.ts';
import type { Db } from '../db/open.ts';

export type TokenPurpose = 'source' | 'destination' | 'status';

export type TokenClaims = { email: string; purpose: TokenPurpose; provider: string };

export type TokenStore = {
  /** Creates a token for the claims; the only place the plain token ever exists is the return value. */
  issue(claims: TokenClaims): Promise<string>;
  /** The claims of a live token, or null when unknown, malformed or expired. */
  verify(token: string): Promise<TokenClaims | null>;
  /** Ends a token before its time (sign-out); an unknown one is nothing to end. */
  revoke(token: string): Promise<void>;
  /**
   * The `hash` a status sign-in hands /status-from-email (§5: 40 hex characters), standing for the
   * account's email hash for as long as a token lives: random, so a copy stops working with its hour.
   */
  issueListing(emailHash: string): Promise<string>;
  /** The email hash a live listing stands for, or null. */
  listingOf(listing: string): Promise<string | null>;
};

/** The purpose of a listing row: its `email` column holds the email hash it stands for. */
const LISTING = 'listing';
const LISTING_PATTERN = /^[0-9a-f]{40}$/;

const TOKEN_BYTES = 32;
/** base64url of 32 bytes; anything else cannot be one of ours and skips the database. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Deletes the tokens expired at `at` (each row names an address); answers how many went. Every issue
 * does it, and the purge on its schedule, for the hours when nobody signs in.
 */
export async function deleteExpiredTokens(db: Db, at: number): Promise<number> {
  const result = await db.deleteFrom('identity_tokens').where('expires_at', '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const isPurpose = (value: string): value is TokenPurpose => value === 'source' || value === 'destination' || value === 'status';

export function createTokenStore(db: Db, options: { ttlMs: number; now?: () => number }): TokenStore {
  if (!(options.ttlMs > 0)) throw new Error('createTokenStore: ttlMs must be a positive number');
  const now = options.now ?? Date.now;
  // Every signed-in call checks a token: the check is compiled once.
  const live = compileOnce(db, (tokenDigest: string, at: number) =>
    db
      .selectFrom('identity_tokens')
      .select(['email', 'purpose', 'provider'])
      .where('token_digest', '=', tokenDigest)
      .where('expires_at', '>', at),
  );

  /** Stores `token`'s digest with what it stands for; the plain token exists only in the caller's hands. */
  async function store(token: string, email: string, purpose: string, provider: string): Promise<string> {
    const issuedAt = now();
    // Expired rows are useless; dropping them here keeps the table small between the purge's passes.
    await deleteExpiredTokens(db, issuedAt);
    await db
      .insertInto('identity_tokens')
      .values({ token_digest: sha256Hex(token), email, purpose, provider, expires_at: issuedAt + options.ttlMs })
      .execute();
    return token;
  }

  return {
    issue: ({ email, purpose, provider }) => store(randomBytes(TOKEN_BYTES).toString('base64url'), email, purpose, provider),
    issueListing: (emailHash) => store(randomBytes(20).toString('hex'), emailHash, LISTING, LISTING),
    async listingOf(listing) {
      if (typeof listing !== 'string' || !LISTING_PATTERN.test(listing)) return null;
      const [row] = await live(sha256Hex(listing), now());
      return row?.purpose === LISTING ? row.email : null;
    },
    async verify(token) {
      if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
      const [row] = await live(sha256Hex(token), now());
      if (!row || !isPurpose(row.purpose)) return null;
      return { email: row.email, purpose: row.purpose, provider: row.provider };
    },
    async revoke(token) {
      if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return;
      await db.deleteFrom('identity_tokens').where('token_digest', '=', sha256Hex(token)).execute();
    },
  };
}
