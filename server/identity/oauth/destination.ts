/**
 * A destination's OAuth client with what the portal makes of its answers: which uses a consent
 * actually granted (the token response's scopes decide MISSING_SCOPE, not what was asked), the
 * tokens to keep, and the refresh the destination grants call when an access token runs out.
 */
import type { GrantUse } from '../../ports.ts';
import type { Refresh, TokenSet } from '../destination-grants.ts';
import { OAuthFailure, type OAuthClient, type Redeemed } from './client.ts';
import { covers, scopesOf, type DestinationServer } from './destination-servers.ts';

export type Destination = {
  server: DestinationServer;
  client: OAuthClient;
  /** The tokens for every use asked for, or 'missing' when the person did not grant one of them. Throws OAuthFailure when the server cannot be asked. */
  grantedTokens(redeemed: Redeemed, uses: readonly GrantUse[]): Promise<TokenSet | 'missing'>;
  refresh: Refresh;
};

export function createDestination(server: DestinationServer, client: OAuthClient): Destination {
  /** An access token for one use from the refresh token: narrowed to the use's scopes where tokens are per resource. */
  const tokenFor = (refreshToken: string, use: GrantUse) =>
    client.refresh(refreshToken, server.tokenPerUse ? (scopesOf(server, use) ?? []).join(' ') : undefined);

  return {
    server,
    client,

    async grantedTokens(redeemed, uses) {
      let refreshToken = redeemed.refreshToken;
      const access: TokenSet['access'] = {};
      for (const use of uses) {
        if (covers(redeemed.scopes ?? [], server, use)) {
          access[use] = { token: redeemed.accessToken, expiresAt: redeemed.expiresAt };
          continue;
        }
        // Microsoft answers a consent with the first resource's token; the others come from the refresh token.
        if (!server.tokenPerUse || refreshToken === null) return 'missing';
        try {
          const tokens = await tokenFor(refreshToken, use);
          if (!covers(tokens.scopes ?? [], server, use)) return 'missing';
          access[use] = { token: tokens.accessToken, expiresAt: tokens.expiresAt };
          refreshToken = tokens.refreshToken ?? refreshToken;
        } catch (error) {
          if (error instanceof OAuthFailure && error.kind === 'denied') return 'missing';
          throw error;
        }
      }
      return { refreshToken, access };
    },

    async refresh(refreshToken, use) {
      try {
        const tokens = await tokenFor(refreshToken, use);
        // Never more than the consent granted: a token that does not cover this use is not one for it.
        if (tokens.scopes !== null && !covers(tokens.scopes, server, use)) return { kind: 'revoked' };
        return { kind: 'refreshed', accessToken: tokens.accessToken, expiresAt: tokens.expiresAt, refreshToken: tokens.refreshToken };
      } catch (error) {
        return error instanceof OAuthFailure && error.kind === 'denied' ? { kind: 'revoked' } : { kind: 'unavailable' };
      }
    },
  };
}
