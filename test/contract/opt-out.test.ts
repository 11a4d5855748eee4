import { describe, expect, it } from 'vitest';
import {
  daysRemaining,
  deriveOptOutInfo,
  migrationAllowedFor,
  optOutRequestAllowed,
  type MigrationStatusResponse,
  type OptOutInfo,
} from '../../contract/index.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const base: MigrationStatusResponse = { account: true, login: true, mailbox: true, carddav: true, optOutState: 'NONE' };

type Row = [name: string, response: MigrationStatusResponse, expected: Partial<OptOutInfo>];

// Every rule of §4 and the precedence between them: an earlier rule wins over every later one.
const rows: Row[] = [
  // Rule 1: YAHOO first.
  ['YAHOO', { ...base, migrationStatus: 'YAHOO' }, { optOutInfoState: 'yahoo' }],
  ['YAHOO beats PURGED reasons', { ...base, migrationStatus: 'YAHOO', purgeReason: 'OPTED_OUT_DELETE' }, { optOutInfoState: 'yahoo' }],
  ['YAHOO beats account false', { ...base, migrationStatus: 'YAHOO', account: false }, { optOutInfoState: 'yahoo', accountActive: false }],
  ['YAHOO beats an opt-out state', { ...base, migrationStatus: 'YAHOO', optOutState: 'OPTED_OUT_INITIAL' }, { optOutInfoState: 'yahoo' }],
  // Rule 2: PURGED or any purgeReason, with the three outcomes.
  [
    'PURGED, reason OPTED_OUT_DELETE',
    { ...base, migrationStatus: 'PURGED', purgeReason: 'OPTED_OUT_DELETE' },
    { optOutInfoState: 'purgedOptedOutDelete' },
  ],
  [
    'PURGED, reason TOS_TIMEOUT_DELETE',
    { ...base, migrationStatus: 'PURGED', purgeReason: 'TOS_TIMEOUT_DELETE' },
    { optOutInfoState: 'purgedTosTimeoutDelete' },
  ],
  [
    'PURGED, reason TOS_ACCEPTED_DELETE',
    { ...base, migrationStatus: 'PURGED', purgeReason: 'TOS_ACCEPTED_DELETE' },
    { optOutInfoState: 'purgedInactive' },
  ],
  [
    'PURGED, reason ACCOUNTS_CLEANUP_DELETE',
    { ...base, migrationStatus: 'PURGED', purgeReason: 'ACCOUNTS_CLEANUP_DELETE' },
    { optOutInfoState: 'purgedInactive' },
  ],
  ['PURGED, reason BAU_DELETE', { ...base, migrationStatus: 'PURGED', purgeReason: 'BAU_DELETE' }, { optOutInfoState: 'purgedInactive' }],
  [
    'PURGED, reason INACTIVE_COMMS_DELETE',
    { ...base, migrationStatus: 'PURGED', purgeReason: 'INACTIVE_COMMS_DELETE' },
    { optOutInfoState: 'purgedInactive' },
  ],
  ['PURGED without a reason', { ...base, migrationStatus: 'PURGED' }, { optOutInfoState: 'purgedInactive' }],
  [
    'a purgeReason without PURGED',
    { ...base, migrationStatus: 'COMCAST', purgeReason: 'TOS_TIMEOUT_DELETE' },
    { optOutInfoState: 'purgedTosTimeoutDelete' },
  ],
  [
    'purge beats account false and delete',
    { ...base, account: false, optOutState: 'OPTED_OUT_DELETE', purgeReason: 'BAU_DELETE' },
    { optOutInfoState: 'purgedInactive', accountActive: false },
  ],
  [
    'purge beats the state mapping',
    { ...base, optOutState: 'OPTED_OUT_INITIAL', migrationStatus: 'PURGED', purgeReason: 'OPTED_OUT_DELETE' },
    { optOutInfoState: 'purgedOptedOutDelete' },
  ],
  // Rule 3: account false, with its delete exception.
  ['account false', { ...base, account: false }, { optOutInfoState: 'purgedInactive', accountActive: false }],
  [
    'account false with delete',
    { ...base, account: false, optOutState: 'OPTED_OUT_DELETE' },
    { optOutInfoState: 'optedOutDelete', accountActive: false },
  ],
  [
    'account false beats initial',
    { ...base, account: false, optOutState: 'OPTED_OUT_INITIAL' },
    { optOutInfoState: 'purgedInactive', accountActive: false },
  ],
  [
    'account false beats cancel',
    { ...base, account: false, optOutState: 'OPTED_OUT_CANCEL' },
    { optOutInfoState: 'purgedInactive', accountActive: false },
  ],
  // Rule 4: the state mapping.
  ['initial', { ...base, optOutState: 'OPTED_OUT_INITIAL' }, { optOutInfoState: 'optedOutInitial', accountActive: true }],
  ['delete', { ...base, optOutState: 'OPTED_OUT_DELETE' }, { optOutInfoState: 'optedOutDelete' }],
  ['cancel', { ...base, optOutState: 'OPTED_OUT_CANCEL' }, { optOutInfoState: 'optedOutCancel' }],
  ['none', { ...base, optOutState: 'NONE' }, { optOutInfoState: 'neverOptedOut' }],
  ['mailbox purged state is not mapped', { ...base, optOutState: 'OPTED_OUT_MBOX_PURGED' }, { optOutInfoState: 'neverOptedOut' }],
  ['no state at all', { account: true }, { optOutInfoState: 'neverOptedOut', accountActive: true, loginActive: true }],
  [
    'COMCAST status maps by state',
    { ...base, migrationStatus: 'COMCAST', optOutState: 'OPTED_OUT_CANCEL' },
    { optOutInfoState: 'optedOutCancel' },
  ],
  // Login false sets loginActive false, whatever the state.
  ['login false', { ...base, login: false }, { loginActive: false, optOutInfoState: 'neverOptedOut' }],
  ['login false with YAHOO', { ...base, login: false, migrationStatus: 'YAHOO' }, { loginActive: false, optOutInfoState: 'yahoo' }],
  // Dates: whole days remaining, rounded up, never below 0.
  [
    'dates in the future',
    { ...base, deactivationDate: '2026-03-20T12:00:00Z', optedOutToBePurgedDate: '2026-03-11T12:00:01Z' },
    { deactivationDate: 10, optedOutToBePurgedDate: 2 },
  ],
  ['a part day rounds up', { ...base, deactivationDate: '2026-03-10T12:00:01Z' }, { deactivationDate: 1 }],
  [
    'dates in the past are 0',
    { ...base, deactivationDate: '2026-01-01T00:00:00Z', optedOutToBePurgedDate: '2026-03-10T11:59:59Z' },
    { deactivationDate: 0, optedOutToBePurgedDate: 0 },
  ],
  ['exactly now is 0', { ...base, deactivationDate: '2026-03-10T12:00:00Z' }, { deactivationDate: 0 }],
  [
    'missing or garbage dates are null',
    { ...base, deactivationDate: 'not a date', optedOutToBePurgedDate: null },
    { deactivationDate: null, optedOutToBePurgedDate: null },
  ],
];

describe('deriveOptOutInfo (§4, in order)', () => {
  it.each(rows)('%s', (_name, response, expected) => {
    expect(deriveOptOutInfo(response, NOW)).toMatchObject(expected);
  });

  it('returns exactly the five store facts', () => {
    expect(Object.keys(deriveOptOutInfo(base, NOW)).sort()).toEqual(
      ['accountActive', 'deactivationDate', 'loginActive', 'optOutInfoState', 'optedOutToBePurgedDate'].sort(),
    );
  });

  it('depends on the time given, not on the clock', () => {
    const response = { ...base, deactivationDate: '2026-03-20T12:00:00Z' };
    expect(deriveOptOutInfo(response, new Date('2026-03-19T12:00:00Z')).deactivationDate).toBe(1);
    expect(deriveOptOutInfo(response, new Date('2026-03-01T12:00:00Z')).deactivationDate).toBe(19);
  });
});

describe('daysRemaining', () => {
  it('counts 24-hour days from now, rounding up', () => {
    expect(daysRemaining('2026-03-12T00:00:00Z', NOW)).toBe(2);
    expect(daysRemaining('2026-03-11T11:59:59Z', NOW)).toBe(1);
    expect(daysRemaining(undefined, NOW)).toBeNull();
  });
});

describe('the allow rules (shared by the machine and the export service)', () => {
  const display = (response: MigrationStatusResponse) => deriveOptOutInfo(response, NOW).optOutInfoState;

  it('allows a closure only from none or cancel, and a cancel only from initial or delete, while the mail is here', () => {
    expect(optOutRequestAllowed('OPT_OUT', display(base), 'NONE')).toBe(true);
    expect(optOutRequestAllowed('OPT_OUT', display({ ...base, optOutState: 'OPTED_OUT_CANCEL' }), 'OPTED_OUT_CANCEL')).toBe(true);
    expect(optOutRequestAllowed('OPT_OUT', display({ ...base, optOutState: 'OPTED_OUT_INITIAL' }), 'OPTED_OUT_INITIAL')).toBe(false);
    expect(optOutRequestAllowed('OPT_OUT_CANCEL', display({ ...base, optOutState: 'OPTED_OUT_INITIAL' }), 'OPTED_OUT_INITIAL')).toBe(true);
    expect(optOutRequestAllowed('OPT_OUT_CANCEL', display({ ...base, optOutState: 'OPTED_OUT_DELETE' }), 'OPTED_OUT_DELETE')).toBe(true);
    expect(optOutRequestAllowed('OPT_OUT_CANCEL', display(base), 'NONE')).toBe(false);
  });

  it.each<[string, MigrationStatusResponse]>([
    ['moved to Yahoo', { ...base, migrationStatus: 'YAHOO' }],
    ['purged', { ...base, migrationStatus: 'PURGED', purgeReason: 'TOS_TIMEOUT_DELETE' }],
    ['purged after a closure', { ...base, migrationStatus: 'PURGED', purgeReason: 'OPTED_OUT_DELETE', optOutState: 'OPTED_OUT_DELETE' }],
    ['inactive (account false)', { ...base, account: false }],
  ])('refuses every request and every export when the account is %s, whatever the raw state', (_name, response) => {
    for (const server of ['NONE', 'OPTED_OUT_INITIAL', 'OPTED_OUT_DELETE', 'OPTED_OUT_CANCEL'] as const) {
      expect(optOutRequestAllowed('OPT_OUT', display(response), server)).toBe(false);
      expect(optOutRequestAllowed('OPT_OUT_CANCEL', display(response), server)).toBe(false);
      expect(migrationAllowedFor(display(response), server)).toBe(false);
    }
  });

  it('allows an export for none, initial or cancel only', () => {
    expect(migrationAllowedFor('neverOptedOut', 'NONE')).toBe(true);
    expect(migrationAllowedFor('optedOutInitial', 'OPTED_OUT_INITIAL')).toBe(true);
    expect(migrationAllowedFor('optedOutCancel', 'OPTED_OUT_CANCEL')).toBe(true);
    expect(migrationAllowedFor('optedOutDelete', 'OPTED_OUT_DELETE')).toBe(false);
  });
});
