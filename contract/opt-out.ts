/**
 * The opt-out derivation of spec §4: a migration-status response and the current time become the
 * display state and the facts the views read, and the rules of what a customer may do from there.
 * Pure and shared: the browser's machine decides what to offer with it, and the export service
 * refuses with it what the machine would never have offered, so the two cannot disagree.
 */
import type { MigrationStatusResponse } from './export-service-calls.ts';
import type { OptOutRequest, ServerOptOutState } from './vocabulary.ts';

export const OPT_OUT_INFO_STATES = [
  'neverOptedOut',
  'optedOutInitial',
  'optedOutDelete',
  'optedOutCancel',
  'yahoo',
  'purgedOptedOutDelete',
  'purgedTosTimeoutDelete',
  'purgedInactive',
] as const;
export type OptOutInfoState = (typeof OPT_OUT_INFO_STATES)[number];

export interface OptOutInfo {
  optOutInfoState: OptOutInfoState;
  accountActive: boolean;
  loginActive: boolean;
  /** Whole days remaining, rounded up, never below 0; null when the server sent no date. */
  deactivationDate: number | null;
  optedOutToBePurgedDate: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a closure waits before the mailbox and contacts are deleted, when nothing else says: the
 * export service dates a new closure this many days out, and the confirmation tells the customer so.
 */
export const OPT_OUT_GRACE_DAYS = 30;

/**
 * The one deadline a customer is told (docs/spec-rules.md, "One deadline"): the last day the data
 * can still be saved, and what happens then. The mailbox closes on its deactivation date; a pending
 * closure deletes it on its purge date; whichever comes first is the deadline.
 */
export type SaveDeadline = { days: number; event: 'closes' | 'deleted' };

export const saveDeadline = (info: {
  optOutInfoState: OptOutInfoState | null;
  deactivationDate: number | null;
  optedOutToBePurgedDate: number | null;
}): SaveDeadline | null => {
  const closurePending = info.optOutInfoState === 'optedOutInitial' || info.optOutInfoState === 'optedOutDelete';
  const closes = info.deactivationDate;
  const deleted = closurePending ? info.optedOutToBePurgedDate : null;
  if (deleted !== null && (closes === null || deleted <= closes)) return { days: deleted, event: 'deleted' };
  return closes === null ? null : { days: closes, event: 'closes' };
};

/** Whole days from `now` until the ISO 8601 `iso`, rounded up, at least 0; null for none or garbage. */
export const daysRemaining = (iso: string | null | undefined, now: Date): number | null => {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / DAY_MS));
};

const purgedState = (purgeReason: string | null | undefined): OptOutInfoState => {
  if (purgeReason === 'OPTED_OUT_DELETE') return 'purgedOptedOutDelete';
  if (purgeReason === 'TOS_TIMEOUT_DELETE') return 'purgedTosTimeoutDelete';
  // TOS_ACCEPTED_DELETE, ACCOUNTS_CLEANUP_DELETE, BAU_DELETE, INACTIVE_COMMS_DELETE, or none given.
  return 'purgedInactive';
};

const stateFromServer = (optOutState: string | null | undefined): OptOutInfoState => {
  switch (optOutState) {
    case 'OPTED_OUT_INITIAL':
      return 'optedOutInitial';
    case 'OPTED_OUT_DELETE':
      return 'optedOutDelete';
    case 'OPTED_OUT_CANCEL':
      return 'optedOutCancel';
    default:
      return 'neverOptedOut';
  }
};

/** §4 in its order: YAHOO; PURGED or any purgeReason; account false (delete excepted); the state mapping. */
export const deriveOptOutInfoState = (response: MigrationStatusResponse): OptOutInfoState => {
  if (response.migrationStatus === 'YAHOO') return 'yahoo';
  if (response.migrationStatus === 'PURGED' || response.purgeReason) return purgedState(response.purgeReason);
  if (response.account === false) return response.optOutState === 'OPTED_OUT_DELETE' ? 'optedOutDelete' : 'purgedInactive';
  return stateFromServer(response.optOutState);
};

/** The display state plus the store facts, with dates turned into whole days remaining at `now`. */
export const deriveOptOutInfo = (response: MigrationStatusResponse, now: Date): OptOutInfo => {
  const accountActive = response.account !== false;
  const optOutInfoState = deriveOptOutInfoState(response);
  return {
    optOutInfoState,
    accountActive,
    loginActive: response.login !== false,
    deactivationDate: daysRemaining(response.deactivationDate, now),
    optedOutToBePurgedDate: daysRemaining(response.optedOutToBePurgedDate, now),
  };
};

/** The server's opt-out state, with anything unknown read as none (§4 "or none"). */
export const toServerOptOutState = (value: string | null | undefined): ServerOptOutState =>
  value === 'OPTED_OUT_INITIAL' || value === 'OPTED_OUT_DELETE' || value === 'OPTED_OUT_CANCEL' || value === 'OPTED_OUT_MBOX_PURGED'
    ? value
    : 'NONE';

/** Migration is allowed only for none, initial or cancel (§4). */
export const isMigrationAllowed = (state: ServerOptOutState): boolean =>
  state === 'NONE' || state === 'OPTED_OUT_INITIAL' || state === 'OPTED_OUT_CANCEL';
/** OPT_OUT is allowed from none or cancel (§4). */
export const canRequestOptOut = (state: ServerOptOutState): boolean => state === 'NONE' || state === 'OPTED_OUT_CANCEL';
/** OPT_OUT_CANCEL is allowed from initial or delete (§4). */
export const canCancelOptOut = (state: ServerOptOutState): boolean => state === 'OPTED_OUT_INITIAL' || state === 'OPTED_OUT_DELETE';

/**
 * The mail is still with the provider: not moved to Yahoo, not purged, not closed for inactivity.
 * Only then can a closure be scheduled or cancelled, or the mail exported; the server's opt-out
 * state alone (NONE for a moved or purged account) does not say so.
 */
export const mailboxRemains = (state: OptOutInfoState): boolean => state !== 'yahoo' && !state.startsWith('purged');

/** §4: may this opt-out request be made, given the derived display state and the server's state. */
export const optOutRequestAllowed = (request: OptOutRequest, display: OptOutInfoState, server: ServerOptOutState): boolean =>
  mailboxRemains(display) && (request === 'OPT_OUT' ? canRequestOptOut(server) : canCancelOptOut(server));

/** §4: may an export start, given the derived display state and the server's state. */
export const migrationAllowedFor = (display: OptOutInfoState, server: ServerOptOutState): boolean =>
  mailboxRemains(display) && isMigrationAllowed(server);

/** Display states that route to /opt-out-info after the status check (§4). */
export const routesToOptOutInfo = (state: OptOutInfoState): boolean =>
  state === 'yahoo' || state === 'optedOutDelete' || state.startsWith('purged');
