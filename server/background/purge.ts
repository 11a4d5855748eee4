/**
 * The retention policy, enforced (decision 0026, docs/security.md "What we keep, where, and for how
 * long"): one pass that deletes what has outlived its time — archives whose download expired, ended
 * exports and all that was written about them after their history period, support requests after
 * theirs, destination grants of ended exports, expired sign-in tokens, ended limit windows. Every worker node runs it on a
 * timer; passes on several nodes at once, or twice on one, delete each thing once and fail nothing.
 *
 * A step that fails is logged and the others still run; the next pass tries it again. What went is
 * logged as counts only, never what it was about.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { createFollowUpsStore } from '../db/follow-ups-store.ts';
import { createRetentionStore } from '../db/retention-store.ts';
import type { GrantKeeper } from '../identity/destination-grants.ts';
import { deleteExpiredTokens } from '../identity/token-store.ts';
import { purgeExpiredCounters } from '../limits/limiter-store.ts';
import { purgeArchiveFiles } from './archive-files.ts';

export type PurgeDeps = {
  db: Db;
  /** Where the archives are, and how long what is kept. */
  config: Pick<Config, 'filesDir' | 'supportRetentionMs' | 'retention'>;
  grants: Pick<GrantKeeper, 'purge'>;
  now: () => number;
  logger: Pick<Logger, 'info' | 'error'>;
};

/** What one pass deleted, by kind: exports whose archive files went, exports, support requests, grants, sign-in tokens, limit counters, accounts' lock rows. */
export type PurgeCounts = {
  archives: number;
  exports: number;
  supportRequests: number;
  /** Copy new mail's follow-ups past their time, with their kept passwords. */
  followUps: number;
  grants: number;
  tokens: number;
  counters: number;
  accountStarts: number;
};

export type PurgeResult = { purged: PurgeCounts; failed: (keyof PurgeCounts)[] };

export type Purge = { run(): Promise<PurgeResult> };

export function createPurge(deps: PurgeDeps): Purge {
  const store = createRetentionStore(deps.db);
  const { filesDir, supportRetentionMs, retention } = deps.config;
  // Files first: an archive is judged by its export's row, which the next step may delete.
  const steps: Record<keyof PurgeCounts, (now: number) => Promise<number>> = {
    archives: (now) => purgeArchiveFiles(filesDir, store, now),
    exports: (now) => store.exportsEndedBefore(now - retention.exportHistoryMs, now),
    supportRequests: (now) => store.supportRequestsBefore(now - supportRetentionMs),
    // Copy new mail past its time (decision 0032): the kept password goes, and then the grant below.
    followUps: (now) => createFollowUpsStore(deps.db).closeExpired(now),
    grants: () => deps.grants.purge(),
    tokens: (now) => deleteExpiredTokens(deps.db, now),
    counters: () => purgeExpiredCounters(deps.db),
    // Kept as long as the export history: the last start of an account is part of it.
    accountStarts: (now) => store.accountStartsBefore(now - retention.exportHistoryMs),
  };

  return {
    async run() {
      const now = deps.now();
      const purged: PurgeCounts = {
        archives: 0,
        exports: 0,
        supportRequests: 0,
        followUps: 0,
        grants: 0,
        tokens: 0,
        counters: 0,
        accountStarts: 0,
      };
      const failed: (keyof PurgeCounts)[] = [];
      for (const [step, purge] of Object.entries(steps) as [keyof PurgeCounts, (now: number) => Promise<number>][]) {
        try {
          purged[step] = await purge(now);
        } catch (error) {
          failed.push(step);
          deps.logger.error({ err: error, step }, 'purge: a step failed; the next pass tries again');
        }
      }
      if (Object.values(purged).some((count) => count > 0)) deps.logger.info({ purged }, 'purge: deleted what outlived its retention');
      return { purged, failed };
    },
  };
}
