/**
 * The development account directory: the scenario accounts of issue 7, all under example.com, so a
 * person (or an e2e journey) can walk every branch of spec §4 without the real provider. The real
 * provider's account service would implement the same AccountDirectory port.
 */
import type { AccountDirectory, SourceAccount } from '../ports.ts';

/** A development scenario: an account as the provider would describe it, and what only development needs of it. */
export type ScenarioAccount = SourceAccount & {
  /** Shown on the development sign-in page. */
  label: string;
  /** Exports of this account end in error (the failing scenario, through the simulated vendor). */
  exportsFail: boolean;
};

/** The directory of the scenario accounts (an AccountDirectory), with what the development parts read of them. */
export type ScenarioDirectory = {
  find(email: string): ScenarioAccount;
  /** The scenario accounts offered on the development sign-in page. */
  scenarios(): readonly ScenarioAccount[];
};

type Migration = ScenarioAccount['migration'];

/** Everything active, nothing opted out: the base every scenario changes a few fields of. */
const ACTIVE: Migration = {
  mailbox: true,
  account: true,
  login: true,
  carddav: true,
  optOutState: 'NONE',
  migrationStatus: null,
  purgeReason: null,
  deactivationInDays: 60,
  optedOutToBePurgedInDays: null,
};

function scenario(
  email: string,
  label: string,
  changes: { inactive?: ScenarioAccount['inactive']; migration?: Partial<Migration>; exportsFail?: boolean } = {},
): ScenarioAccount {
  // Frozen: every caller shares these objects, and no request may change a scenario for the next.
  return Object.freeze({
    email,
    label,
    inactive: changes.inactive ?? null,
    migration: Object.freeze({ ...ACTIVE, ...changes.migration }),
    exportsFail: changes.exportsFail ?? false,
  });
}

const PURGED = { mailbox: false, account: false, login: false, carddav: false, migrationStatus: 'PURGED' } as const;

/** In the order the sign-in page lists them. */
export const SCENARIO_ACCOUNTS: readonly ScenarioAccount[] = Object.freeze([
  scenario('active@example.com', 'Active account with contacts'),
  scenario('no-contacts@example.com', 'Contacts service off (carddav inactive)', {
    inactive: 'carddav',
    migration: { carddav: false },
  }),
  scenario('mailbox-inactive@example.com', 'Mailbox not active', {
    inactive: 'mailbox',
    migration: { mailbox: false },
  }),
  // The service answers ACCOUNT_DOES_NOT_EXIST for inactive 'user' (comcastinfo and migration status).
  scenario('no-account@example.com', 'Account does not exist', {
    inactive: 'user',
    migration: { mailbox: false, account: false, login: false, carddav: false, deactivationInDays: null },
  }),
  // Login gone but the mailbox still exportable: the successor-product destinations appear.
  scenario('login-inactive@example.com', 'Login not active (account gone)', {
    migration: { login: false, deactivationInDays: 10 },
  }),
  scenario('opted-out@example.com', 'Opted out, closure scheduled (days left)', {
    migration: { optOutState: 'OPTED_OUT_INITIAL', deactivationInDays: 30, optedOutToBePurgedInDays: 21 },
  }),
  scenario('opted-out-delete@example.com', 'Opted out, mailbox to be deleted', {
    migration: { optOutState: 'OPTED_OUT_DELETE', deactivationInDays: 7, optedOutToBePurgedInDays: 7 },
  }),
  scenario('opted-out-cancel@example.com', 'Opt-out cancelled', {
    migration: { optOutState: 'OPTED_OUT_CANCEL' },
  }),
  scenario('moved-to-yahoo@example.com', 'Moved to Yahoo', {
    inactive: 'mailbox',
    migration: { mailbox: false, migrationStatus: 'YAHOO', deactivationInDays: null },
  }),
  scenario('purged-opted-out@example.com', 'Purged after opt-out', {
    inactive: 'account',
    migration: {
      ...PURGED,
      optOutState: 'OPTED_OUT_MBOX_PURGED',
      purgeReason: 'OPTED_OUT_DELETE',
      deactivationInDays: null,
    },
  }),
  scenario('purged-tos-timeout@example.com', 'Purged after terms timeout', {
    inactive: 'account',
    migration: { ...PURGED, purgeReason: 'TOS_TIMEOUT_DELETE', deactivationInDays: null },
  }),
  scenario('purged-inactive@example.com', 'Purged as inactive', {
    inactive: 'account',
    migration: { ...PURGED, purgeReason: 'INACTIVE_COMMS_DELETE', deactivationInDays: null },
  }),
  scenario('export-fails@example.com', 'Exports end in error', { exportsFail: true }),
]);

const byAddress = new Map(SCENARIO_ACCOUNTS.map((account) => [account.email, account]));

/** Addresses compare without case and surrounding spaces, as mail systems do for the domain part. */
const normalise = (email: string) => email.trim().toLowerCase();

export const scenarioDirectory = {
  find(email) {
    const address = normalise(email);
    return byAddress.get(address) ?? scenario(address, 'Any other address (active with contacts)');
  },
  scenarios() {
    return SCENARIO_ACCOUNTS;
  },
} satisfies ScenarioDirectory & AccountDirectory;
