/**
 * §4 enforced by the server with the browser's own rules (contract/opt-out.ts): the account's
 * standing is the migration-status answer turned into the derived display state, so an account
 * moved to Yahoo, purged or closed for inactivity is refused here exactly where the portal would
 * never offer the action, whatever its raw opt-out state says.
 */
import {
  deriveOptOutInfo,
  migrationAllowedFor,
  optOutRequestAllowed,
  toServerOptOutState,
  type OptOutInfoState,
  type OptOutRequest,
  type ServerOptOutState,
} from '../../contract/index.ts';
import type { StoredOptOut } from '../db/opt-out-store.ts';
import type { SourceAccount } from '../ports.ts';
import { migrationStatus } from './migration-status.ts';

export type Standing = { display: OptOutInfoState; server: ServerOptOutState };

export function standing(account: SourceAccount, stored: StoredOptOut | null, now: number): Standing {
  const answer = migrationStatus(account, stored, now);
  return { display: deriveOptOutInfo(answer, new Date(now)).optOutInfoState, server: toServerOptOutState(answer.optOutState) };
}

const RESULT: Record<OptOutRequest, ServerOptOutState> = { OPT_OUT: 'OPTED_OUT_INITIAL', OPT_OUT_CANCEL: 'OPTED_OUT_CANCEL' };

/** The state after `request`, or null when §4 does not allow it from where the account stands. */
export const nextOptOutState = (from: Standing, request: OptOutRequest): ServerOptOutState | null =>
  optOutRequestAllowed(request, from.display, from.server) ? RESULT[request] : null;

/** §4: an export may start only for none, initial or cancel, while the mailbox is still here. */
export const allowsMigration = (from: Standing): boolean => migrationAllowedFor(from.display, from.server);
