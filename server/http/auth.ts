/**
 * Token checks. The session client sends the source account's tokenId as `Authorization: Bearer`;
 * the v2 account calls carry it as `token_id`. Both are looked up in the token store (S2's
 * server/identity/token-store.ts), which knows only their hashes and refuses expired ones.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { TokenClaims, TokenPurpose, TokenStore } from '../identity/token-store.ts';
import { apiError } from './errors.ts';

export type TokenIdentity = TokenClaims;

/** The part of the token store the routes need. */
export type TokenVerifier = Pick<TokenStore, 'verify'>;
/** What the routes do with tokens besides checking them: end one (sign-out), read a status listing. */
export type ServiceTokens = Pick<TokenStore, 'verify' | 'revoke' | 'listingOf'>;

export type AuthEnv = { Variables: { identity: TokenIdentity } };

/** Longer than any token the store issues; refused before it reaches the store. */
const MAX_TOKEN_LENGTH = 512;

export async function verifyToken(
  tokens: TokenVerifier,
  token: string | undefined,
  purposes: readonly TokenPurpose[],
): Promise<TokenIdentity | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const identity = await tokens.verify(token);
  return identity && purposes.includes(identity.purpose) ? identity : null;
}

export const unauthorized = (c: Context) => apiError(c, 401, 'UNAUTHORIZED', 'Your sign-in has expired. Please, sign in again.');

/** The token of `Authorization: Bearer <token>`, unchecked; undefined when there is none. */
export const bearerToken = (c: Context): string | undefined => /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];

/** The identity of `Authorization: Bearer <token>` for these purposes, or null (absent, unknown, expired). */
export const bearerIdentity = (c: Context, tokens: TokenVerifier, purposes: readonly TokenPurpose[]) =>
  verifyToken(tokens, bearerToken(c), purposes);

/** Requires `Authorization: Bearer <token>` of these purposes (a sign-in by default); the identity is then in c.var.identity. */
export function requireBearer(tokens: TokenVerifier, purposes: readonly TokenPurpose[] = ['source']): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const identity = await bearerIdentity(c, tokens, purposes);
    if (!identity) return unauthorized(c);
    c.set('identity', identity);
    await next();
  };
}
