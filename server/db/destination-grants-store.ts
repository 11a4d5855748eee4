/**
 * The rows of `destination_grants`: a consent's tokens, already sealed by the caller
 * (server/identity/destination-grants.ts), kept under the digest of the destination token until a
 * load attaches them to its export, then until that export ends. Refreshing is claimed per row
 * (`refreshing_until`) and saved only over the version that was read, so two nodes never spend one
 * refresh token twice and a slow node never overwrites a newer token with an older one.
 */
import type { Selectable } from 'kysely';
import { sha256Hex } from '../crypto/digest.ts';
import type { Db } from './open.ts';
import type { DestinationGrantsTable } from './schema.ts';

export type StoredGrant = {
  key: string;
  provider: string;
  email: string;
  sealed: string;
  version: number;
  refreshingUntil: number | null;
};

/** The row key of the grant a destination token stands for: its digest, as the token store keeps tokens. */
export const grantKeyOf = (destinationToken: string): string => sha256Hex(destinationToken);

const COLUMNS = ['grant_key', 'provider', 'email', 'sealed', 'version', 'refreshing_until'] as const;

const toGrant = (row: Pick<Selectable<DestinationGrantsTable>, (typeof COLUMNS)[number]>): StoredGrant => ({
  key: row.grant_key,
  provider: row.provider,
  email: row.email,
  sealed: row.sealed,
  version: Number(row.version),
  refreshingUntil: row.refreshing_until,
});

export function createDestinationGrantsStore(db: Db) {
  return {
    async insert(grant: { key: string; provider: string; email: string; sealed: string; expiresAt: number }): Promise<void> {
      await db
        .insertInto('destination_grants')
        .values({ grant_key: grant.key, provider: grant.provider, email: grant.email, sealed: grant.sealed, expires_at: grant.expiresAt })
        .execute();
    },

    /** Gives an unused, unexpired grant to an export; false when there is none (used, expired, unknown). */
    async attach(key: string, exportId: string, expiresAt: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('destination_grants')
        .set({ export_id: exportId, expires_at: expiresAt })
        .where('grant_key', '=', key)
        .where('export_id', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async byExport(exportId: string, now: number): Promise<StoredGrant | null> {
      const row = await db
        .selectFrom('destination_grants')
        .select(COLUMNS)
        .where('export_id', '=', exportId)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row ? toGrant(row) : null;
    },

    /** Takes the right to refresh this version until `until`; false when another node holds it or the row moved on. */
    async claimRefresh(exportId: string, version: number, until: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('destination_grants')
        .set({ refreshing_until: until })
        .where('export_id', '=', exportId)
        .where('version', '=', version)
        .where((where) => where.or([where('refreshing_until', 'is', null), where('refreshing_until', '<=', now)]))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Saves refreshed tokens over the version that was read, and lets the claim go; false when the row moved on. */
    async saveRefreshed(exportId: string, version: number, sealed: string): Promise<boolean> {
      const result = await db
        .updateTable('destination_grants')
        .set((row) => ({ sealed, version: row('version', '+', 1), refreshing_until: null }))
        .where('export_id', '=', exportId)
        .where('version', '=', version)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Lets a claim go without a new token (the refresh failed): the next reader may try. */
    async releaseRefresh(exportId: string, version: number): Promise<void> {
      await db
        .updateTable('destination_grants')
        .set({ refreshing_until: null })
        .where('export_id', '=', exportId)
        .where('version', '=', version)
        .execute();
    },

    async deleteByExport(exportId: string): Promise<void> {
      await db.deleteFrom('destination_grants').where('export_id', '=', exportId).execute();
    },

    /** Deletes grants past their time and those of exports that have ended; returns how many went. */
    async purge(now: number): Promise<number> {
      const result = await db
        .deleteFrom('destination_grants')
        .where((where) =>
          where.or([
            where('expires_at', '<=', now),
            // An ended export's, unless its follow-up still copies new mail with it (decision 0032).
            where.and([
              where('export_id', 'in', where.selectFrom('jobs').select('export_id').where('finished_at', 'is not', null)),
              where('export_id', 'not in', where.selectFrom('mail_followups').select('export_id').where('open_until', '>', now)),
            ]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
