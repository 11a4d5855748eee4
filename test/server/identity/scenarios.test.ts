import { describe, expect, it } from 'vitest';
import { scenarioDirectory } from '../../../server/development/scenarios.ts';

describe('scenario directory', () => {
  const accounts = scenarioDirectory.scenarios();

  it('offers the 13 scenario accounts of issue 7, all distinct and under example.com', () => {
    expect(accounts).toHaveLength(13);
    expect(new Set(accounts.map((a) => a.email)).size).toBe(13);
    for (const account of accounts) expect(account.email).toMatch(/^[a-z-]+@example\.com$/);
  });

  it('covers every branch of the §4 derivation', () => {
    const find = (email: string) => scenarioDirectory.find(email);
    expect(find('no-contacts@example.com')).toMatchObject({ inactive: 'carddav', migration: { carddav: false } });
    expect(find('mailbox-inactive@example.com')).toMatchObject({ inactive: 'mailbox', migration: { mailbox: false } });
    expect(find('no-account@example.com').inactive).toBe('user');
    expect(find('login-inactive@example.com')).toMatchObject({ inactive: null, migration: { login: false, account: true } });
    expect(find('opted-out@example.com').migration).toMatchObject({ optOutState: 'OPTED_OUT_INITIAL' });
    expect(find('opted-out@example.com').migration.optedOutToBePurgedInDays).toBeGreaterThan(0);
    expect(find('opted-out-delete@example.com').migration.optOutState).toBe('OPTED_OUT_DELETE');
    expect(find('opted-out-cancel@example.com').migration.optOutState).toBe('OPTED_OUT_CANCEL');
    expect(find('moved-to-yahoo@example.com').migration.migrationStatus).toBe('YAHOO');
    expect(find('purged-opted-out@example.com').migration).toMatchObject({ migrationStatus: 'PURGED', purgeReason: 'OPTED_OUT_DELETE' });
    expect(find('purged-tos-timeout@example.com').migration.purgeReason).toBe('TOS_TIMEOUT_DELETE');
    expect(find('purged-inactive@example.com').migration.purgeReason).toBe('INACTIVE_COMMS_DELETE');
    expect(find('export-fails@example.com').exportsFail).toBe(true);
    expect(accounts.filter((a) => a.exportsFail).map((a) => a.email)).toEqual(['export-fails@example.com']);
  });

  it('finds scenario accounts regardless of case and spaces', () => {
    expect(scenarioDirectory.find('  Opted-Out@EXAMPLE.com ').migration.optOutState).toBe('OPTED_OUT_INITIAL');
  });

  it('treats any unknown address as active with contacts', () => {
    const other = scenarioDirectory.find('Someone@Elsewhere.example');
    expect(other.email).toBe('someone@elsewhere.example');
    expect(other.inactive).toBeNull();
    expect(other.exportsFail).toBe(false);
    expect(other.migration).toMatchObject({ mailbox: true, account: true, login: true, carddav: true, optOutState: 'NONE' });
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(accounts)).toBe(true);
    const active = scenarioDirectory.find('active@example.com');
    expect(Object.isFrozen(active) && Object.isFrozen(active.migration)).toBe(true);
    expect(() => {
      (active.migration as { login: boolean }).login = false;
    }).toThrow(TypeError);
    expect(scenarioDirectory.find('active@example.com').migration.login).toBe(true);
  });
});
