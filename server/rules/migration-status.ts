/**
 * The comcast-get-migration-status answer: the scenario account, with the persisted opt-out state
 * over the scenario's, and the scenario's "days from now" turned into ISO dates.
 */
import { OPT_OUT_GRACE_DAYS, type MigrationStatusResponse, type ServerOptOutState } from '../../contract/index.ts';
import type { SourceAccount } from '../ports.ts';
import type { StoredOptOut } from '../db/opt-out-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const effectiveOptOutState = (account: SourceAccount, stored: StoredOptOut | null): ServerOptOutState =>
  stored?.state ?? account.migration.optOutState;

export function migrationStatus(account: SourceAccount, stored: StoredOptOut | null, now: number): MigrationStatusResponse {
  const { migration } = account;
  const optOutState = effectiveOptOutState(account, stored);
  const inDays = (days: number | null) => (days === null ? null : new Date(now + days * DAY_MS).toISOString());
  let optedOutToBePurgedDate = inDays(migration.optedOutToBePurgedInDays);
  if (stored?.state === 'OPTED_OUT_INITIAL' && optedOutToBePurgedDate === null) {
    optedOutToBePurgedDate = new Date(stored.updatedAt + OPT_OUT_GRACE_DAYS * DAY_MS).toISOString();
  }
  if (stored?.state === 'OPTED_OUT_CANCEL') optedOutToBePurgedDate = null;
  return {
    mailbox: migration.mailbox,
    account: migration.account,
    login: migration.login,
    carddav: migration.carddav,
    optOutState,
    migrationStatus: migration.migrationStatus,
    purgeReason: migration.purgeReason,
    deactivationDate: inDays(migration.deactivationInDays),
    optedOutToBePurgedDate,
  };
}
