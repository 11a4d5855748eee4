/**
 * The DestinationGrants port (server/ports.ts) over the `destination_grants` table: a consent's
 * access and refresh tokens, sealed with the service secret for their own row, kept from the
 * consent (under the destination token the browser got) through the load that attaches them to an
 * export, until that export ends. The transfer engine asks for an access token per use; one that
 * expires within a minute, or that the destination just refused, is refreshed first, by one node at a time.
 */
import * as v from 'valibot';
import type { Logger } from 'pino';
import { openJson, type Vault } from '../crypto/vault.ts';
import { createDestinationGrantsStore, grantKeyOf } from '../db/destination-grants-store.ts';
import type { Db } from '../db/open.ts';
import type { DestinationGrants, GrantAnswer, GrantUse } from '../ports.ts';

const AccessSchema = v.object({ token: v.string(), expiresAt: v.number() });
const TokenSetSchema = v.object({
  refreshToken: v.nullable(v.string()),
  access: v.object({ mail: v.optional(AccessSchema), contacts: v.optional(AccessSchema) }),
});

/** What a consent yields: a refresh token (when the provider gave one) and access tokens by use. */
export type TokenSet = v.InferOutput<typeof TokenSetSchema>;

/** A provider's answer to a refresh for one use: a new access token (and perhaps a rotated refresh token). */
export type RefreshResult =
  | { kind: 'refreshed'; accessToken: string; expiresAt: number; refreshToken: string | null }
  | { kind: 'revoked' }
  | { kind: 'unavailable' };

/** Redeems a refresh token for an access token good for `use`, at the provider that issued it. */
export type Refresh = (refreshToken: string, use: GrantUse) => Promise<RefreshResult>;

export type GrantKeeper = DestinationGrants & {
  /** Keeps a consent's tokens under the destination token handed to the browser. */
  keep(destinationToken: string, grant: { provider: string; email: string; tokens: TokenSet }): Promise<void>;
  /**
   * Gives the consent behind `destinationToken` to an export; false when it is unknown, expired or
   * already used. `within`: the transaction that starts the export (the job service's), so the consent
   * goes to an export that exists.
   */
  attach(destinationToken: string, exportId: string, within?: Db): Promise<boolean>;
  /** Deletes grants past their time and those of ended exports. */
  purge(): Promise<number>;
};

export type GrantKeeperOptions = {
  db: Db;
  vault: Vault;
  /** The refresher of each destination provider ('gmail', 'outlook') whose consent is offered. */
  refreshers: Partial<Record<string, Refresh>>;
  logger: Logger;
  now?: () => number;
  /** How long a consent waits for its load: the destination token's own lifetime. */
  unusedTtlMs: number;
};

/** An access token is handed out only with at least this long to live. */
export const MIN_LIFETIME_MS = 60_000;
/** The longest an attached grant is kept, whatever its export does (a paced transfer can take days). */
export const ATTACHED_GRANT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long one node may hold the right to refresh a grant before another may take it. */
const REFRESH_LEASE_MS = 30_000;
/** How often, and how many times, a reader looks again while another node refreshes. */
const WAIT_STEP_MS = 100;
const WAIT_STEPS = 150;

const purposeOf = (grant: { key: string }) => `destination-grant:${grant.key}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createGrantKeeper(options: GrantKeeperOptions): GrantKeeper {
  const store = createDestinationGrantsStore(options.db);
  const { vault, logger } = options;
  const now = options.now ?? Date.now;

  /** One look at the row: an answer, or 'again' when another node is refreshing it right now. */
  async function attempt(exportId: string, use: GrantUse, rejected: string | undefined): Promise<GrantAnswer | 'again'> {
    const at = now();
    const grant = await store.byExport(exportId, at);
    if (!grant) return { kind: 'none' };
    const tokens = openJson(vault, grant.sealed, purposeOf(grant), TokenSetSchema);
    if (!tokens) {
      // Sealed under another secret, or altered: nothing here can be used, and nothing is logged of it.
      logger.error({ exportId }, 'destination grant: the stored tokens do not open');
      return { kind: 'revoked' };
    }
    const current = tokens.access[use];
    if (current && current.token !== rejected && current.expiresAt - at > MIN_LIFETIME_MS) {
      return { kind: 'access', email: grant.email, accessToken: current.token, expiresAt: current.expiresAt };
    }
    if (tokens.refreshToken === null) return { kind: 'revoked' };
    const refresh = options.refreshers[grant.provider];
    if (!refresh) {
      logger.error({ exportId, provider: grant.provider }, 'destination grant: no OAuth client to refresh it with');
      return { kind: 'unavailable' };
    }
    if (grant.refreshingUntil !== null && grant.refreshingUntil > at) return 'again';
    if (!(await store.claimRefresh(exportId, grant.version, at + REFRESH_LEASE_MS, at))) return 'again';

    const result = await refresh(tokens.refreshToken, use).catch((): RefreshResult => ({ kind: 'unavailable' }));
    if (result.kind !== 'refreshed') {
      await store.releaseRefresh(exportId, grant.version);
      logger.warn({ exportId, provider: grant.provider, use, outcome: result.kind }, 'destination grant: refresh refused');
      return result;
    }
    const next: TokenSet = {
      refreshToken: result.refreshToken ?? tokens.refreshToken,
      access: { ...tokens.access, [use]: { token: result.accessToken, expiresAt: result.expiresAt } },
    };
    // Saved over the version read, or not at all: the row ended (deleted) or moved on meanwhile.
    if (!(await store.saveRefreshed(exportId, grant.version, vault.seal(JSON.stringify(next), purposeOf(grant))))) return 'again';
    return { kind: 'access', email: grant.email, accessToken: result.accessToken, expiresAt: result.expiresAt };
  }

  return {
    async keep(destinationToken, grant) {
      const key = grantKeyOf(destinationToken);
      await store.insert({
        key,
        provider: grant.provider,
        email: grant.email,
        sealed: vault.seal(JSON.stringify(grant.tokens), purposeOf({ key })),
        expiresAt: now() + options.unusedTtlMs,
      });
    },
    attach(destinationToken, exportId, within) {
      const at = now();
      const into = within ? createDestinationGrantsStore(within) : store;
      return into.attach(grantKeyOf(destinationToken), exportId, at + ATTACHED_GRANT_TTL_MS, at);
    },
    async forExport(exportId, use, rejected) {
      for (let step = 0; step < WAIT_STEPS; step += 1) {
        const answer = await attempt(exportId, use, rejected);
        if (answer !== 'again') return answer;
        await sleep(WAIT_STEP_MS);
      }
      return { kind: 'unavailable' };
    },
    async delete(exportId) {
      await store.deleteByExport(exportId);
    },
    purge() {
      return store.purge(now());
    },
  };
}
