/**
 * Whether the source account is still active, as Copy new mail needs it (decision 0032): the account
 * and its mailbox exist, and §4 still lets it be exported (not closing past its grace, not moved, not
 * purged) — the same two tests a load passes, so new mail can be copied exactly while an export could start.
 */
import type { OptOutStore } from '../db/opt-out-store.ts';
import type { AccountDirectory } from '../ports.ts';
import { allowsMigration, standing } from './opt-out.ts';

export function sourceActiveCheck(directory: AccountDirectory, optOuts: Pick<OptOutStore, 'find'>, now: () => number) {
  return async (email: string): Promise<boolean> => {
    const account = directory.find(email);
    if (account.inactive === 'user' || account.inactive === 'account' || account.inactive === 'mailbox') return false;
    return allowsMigration(standing(account, await optOuts.find(email), now()));
  };
}
