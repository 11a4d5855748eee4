/** Whole flows on real timers (faked): the §9 delays by their length, the clock, the /loading routing. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  DELAYS,
  MESSAGES,
  selectCopied,
  selectDaysRemaining,
  selectSidebarSteps,
  selectErrorModal,
  selectFieldErrors,
  selectLocation,
  selectOtherForm,
  selectPasswordFormWords,
  selectScreen,
  selectJobStatus,
} from '../../machines/index.ts';
import type { ComcastInfoResponse, MigrationStatusResponse, OkResponse, StatusResponse } from '../../contract/index.ts';
import { CHECKED_AT, EXPORT_ID, fakeMachine, SOURCE, visit, type EffectCall } from './support.ts';
import { english } from '../support/status-words.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const flush = () => vi.advanceTimersByTimeAsync(0);

const withStatus = (status: MigrationStatusResponse, input = {}, checkedAt = CHECKED_AT) =>
  createActor(fakeMachine([], { fetchMigrationStatus: async () => ({ status, checkedAt }) }), { input }).start();

describe('the status page follows a running export', () => {
  const watch = (answers: StatusResponse[]) => {
    let calls = 0;
    const fetchJobStatus = async () => answers[Math.min(calls++, answers.length - 1)] ?? null;
    const actor = createActor(fakeMachine([], { fetchJobStatus }), { input: {} }).start();
    actor.send(visit('/status', { migration_id: EXPORT_ID }));
    return { actor, calls: () => calls };
  };
  const moving = (done: number): StatusResponse => ({ emailmigration: { status: 'started', progress: { total: 300, done, failed: 0 } } });

  it('asks again every 1.5 s while items move, so a new count shows within 2 s', async () => {
    const { actor, calls } = watch([moving(10), moving(44)]);
    await flush();
    expect(calls()).toBe(1);
    expect(english(selectJobStatus(actor.getSnapshot()).operations[0]?.counts ?? null)).toBe('10 of 300 messages');
    await vi.advanceTimersByTimeAsync(1_499);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(2);
    expect(english(selectJobStatus(actor.getSnapshot()).operations[0]?.counts ?? null)).toBe('44 of 300 messages');
  });

  it('asks every 10 s while everything running waits for the destination, and stops once it ended', async () => {
    const waiting: StatusResponse = {
      emailmigration: {
        ...moving(120).emailmigration,
        status: 'started',
        waiting: { reason: 'daily-limit', until: '2026-03-02T00:00:00Z' },
      },
    };
    const { calls } = watch([waiting, { emailmigration: { status: 'completed', progress: { total: 300, done: 300, failed: 0 } } }]);
    await flush();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls()).toBe(2);
  });
});

describe('the delays of §9, by name and by length', () => {
  it('are 1000, 400, 800, 500 and 500 ms (and our status polls, 1.5 s while items move and 10 s while they wait)', () => {
    expect(DELAYS).toEqual({
      emailDebounce: 1000,
      notificationEmailDebounce: 400,
      emptyNotificationEmailDelay: 800,
      copyConfirmation: 500,
      policyRedirect: 500,
      statusPollMoving: 1_500,
      statusPoll: 10_000,
    });
  });

  it('checks the Other email 1000 ms after typing stops; typing clears the old error', async () => {
    const actor = withStatus({ account: true, login: true, mailbox: true, optOutState: 'NONE' });
    actor.send(visit('/oauth-callback', SOURCE));
    await flush();
    actor.send({ type: 'OTHER.OPENED' });
    actor.send({ type: 'OTHER.FIELD_CHANGED', field: 'email', value: 'me@' });
    await vi.advanceTimersByTimeAsync(999);
    expect(selectFieldErrors(actor.getSnapshot()).email).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(selectFieldErrors(actor.getSnapshot()).email).toBe(MESSAGES.invalidEmail);
    actor.send({ type: 'OTHER.FIELD_CHANGED', field: 'email', value: SOURCE.email });
    expect(selectFieldErrors(actor.getSnapshot()).email).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectFieldErrors(actor.getSnapshot()).email).toBe(MESSAGES.sameAddress);
  });

  it('ends the tokens this browser holds when the customer starts over, then forgets them', async () => {
    const effects: EffectCall[] = [];
    const actor = createActor(fakeMachine(effects), { input: {} }).start();
    actor.send(visit('/oauth-callback', SOURCE));
    await flush();
    actor.send({ type: 'DESTINATION.SELECTED', provider: 'gmail' });
    actor.send({ type: 'START_OVER.REQUESTED' });
    expect(effects.filter((effect) => effect.name === 'signOut')).toEqual([{ name: 'signOut', params: { tokens: [SOURCE.token_id] } }]);
    expect(actor.getSnapshot().context.srcAccount).toBeNull();
  });

  it("opens a password provider's own form from its card, and checks the password there", async () => {
    const validateCredentials = vi.fn(async () => ({ ok: true, error: null }));
    const actor = createActor(fakeMachine([], { validateCredentials }), { input: {} }).start();
    actor.send(visit('/oauth-callback', SOURCE));
    await flush();
    actor.send({ type: 'DESTINATION.SELECTED', provider: 'icloud' });
    expect(selectOtherForm(actor.getSnapshot()).active).toBe(true);
    expect(selectPasswordFormWords(actor.getSnapshot())).toMatchObject({ title: 'icloud.formTitle' });
    expect(selectPasswordFormWords(actor.getSnapshot()).customImap).toBeUndefined();
    actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
    expect(selectScreen(actor.getSnapshot())).toBe('destinationAccount');

    actor.send({ type: 'OTHER.FIELD_CHANGED', field: 'email', value: 'casey@icloud.com' });
    actor.send({ type: 'OTHER.FIELD_CHANGED', field: 'password', value: 'abcd-efgh-ijkl-mnop' });
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
    await flush();
    expect(validateCredentials).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'casey@icloud.com', provider: 'icloud', imap: undefined }),
    );
    expect(selectScreen(actor.getSnapshot())).toBe('migrationOptions');
    expect(actor.getSnapshot().context.dstAccount).toMatchObject({ provider: 'icloud', email: 'casey@icloud.com' });
    // Other, opened afterwards, is Other again, with its own words.
    actor.send({ type: 'WIZARD.BACK_REQUESTED' });
    actor.send({ type: 'OTHER.OPENED' });
    expect(selectPasswordFormWords(actor.getSnapshot())).toMatchObject({ title: 'other.formTitle', customImap: true });
  });

  it('validates the notification email 400 ms after typing, and shows the empty message after 800 ms', async () => {
    const validateDomain = vi.fn(async ({ domain }: { domain: string }): Promise<OkResponse> => ({ ok: domain !== 'nowhere.test' }));
    const actor = createActor(fakeMachine([], { validateDomain }), { input: {} }).start();
    actor.send(visit('/oauth-callback', SOURCE));
    await flush();
    actor.send({ type: 'DESTINATION.SELECTED', provider: 'file' });
    actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
    await flush();
    actor.send({ type: 'OPERATIONS.SELECTED', choice: 'email' });
    // PST is taken like the others; the last choice stands.
    actor.send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format: 'PST' });
    expect(actor.getSnapshot().context.emailExportType).toBe('PST');
    actor.send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format: 'EML' });
    actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
    expect(selectScreen(actor.getSnapshot())).toBe('startMigration');

    actor.send({ type: 'NOTIFICATION_EMAIL.CHANGED', value: 'me@nowhere.test' });
    await vi.advanceTimersByTimeAsync(399);
    expect(validateDomain).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(validateDomain).toHaveBeenCalledTimes(1);
    await flush();
    expect(selectFieldErrors(actor.getSnapshot()).notificationEmail).toBe(MESSAGES.invalidNotificationEmail);
    expect(actor.getSnapshot().can({ type: 'EXPORT.START_REQUESTED' })).toBe(false);

    actor.send({ type: 'NOTIFICATION_EMAIL.CHANGED', value: '' });
    await vi.advanceTimersByTimeAsync(799);
    expect(selectFieldErrors(actor.getSnapshot()).notificationEmail).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(selectFieldErrors(actor.getSnapshot()).notificationEmail).toBe(MESSAGES.invalidNotificationEmail);

    actor.send({ type: 'NOTIFICATION_EMAIL.CHANGED', value: 'me@example.org' });
    await vi.advanceTimersByTimeAsync(400);
    await flush();
    expect(actor.getSnapshot().can({ type: 'EXPORT.START_REQUESTED' })).toBe(true);
    expect(actor.getSnapshot().context.notificationEmailError).toBeNull();
  });

  it('shows Copied! for 500 ms after Copy Export ID; a double Start starts one export', async () => {
    const effects: EffectCall[] = [];
    const startExport = vi.fn(async (): Promise<{ jobid: string }> => ({ jobid: EXPORT_ID }));
    const actor = createActor(fakeMachine(effects, { startExport }), { input: {} }).start();
    actor.send(visit('/oauth-callback', SOURCE));
    await flush();
    actor.send({ type: 'DESTINATION.SELECTED', provider: 'file' });
    actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
    await flush();
    actor.send({ type: 'OPERATIONS.SELECTED', choice: 'email' });
    actor.send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format: 'MBOX' });
    actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
    actor.send({ type: 'EXPORT.START_REQUESTED' });
    actor.send({ type: 'EXPORT.START_REQUESTED' });
    await flush();
    expect(startExport).toHaveBeenCalledTimes(1);
    expect(selectScreen(actor.getSnapshot())).toBe('complete');
    actor.send({ type: 'EXPORT_ID.COPY_REQUESTED' });
    expect(selectCopied(actor.getSnapshot())).toBe(true);
    expect(effects).toEqual([{ name: 'copyExportId', params: { exportId: EXPORT_ID } }]);
    await vi.advanceTimersByTimeAsync(499);
    expect(selectCopied(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectCopied(actor.getSnapshot())).toBe(false);
  });

  it('leaves for a policy page after 500 ms, not before', async () => {
    const effects: EffectCall[] = [];
    const actor = createActor(fakeMachine(effects), { input: {} }).start();
    actor.send(visit('/privacy-policy'));
    await vi.advanceTimersByTimeAsync(499);
    expect(effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(effects).toEqual([{ name: 'leaveForExternalPage', params: { page: 'privacyPolicy' } }]);
  });

  it('counts the 500 ms from when the page showed, when it was on screen before the machine knew', async () => {
    const effects: EffectCall[] = [];
    const actor = createActor(fakeMachine(effects), { input: {} }).start();
    actor.send({ ...visit('/terms-of-service'), shownFor: 320 });
    await vi.advanceTimersByTimeAsync(179);
    expect(effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(effects).toEqual([{ name: 'leaveForExternalPage', params: { page: 'termsOfService' } }]);

    // Shown longer than the whole moment: it leaves at once, once.
    const late: EffectCall[] = [];
    createActor(fakeMachine(late), { input: {} })
      .start()
      .send({ ...visit('/privacy-policy'), shownFor: 900 });
    await flush();
    expect(late).toEqual([{ name: 'leaveForExternalPage', params: { page: 'privacyPolicy' } }]);
  });

  it('gives the whole 500 ms to a policy page opened from the footer, whatever an earlier visit said', async () => {
    const effects: EffectCall[] = [];
    const actor = createActor(fakeMachine(effects), { input: {} }).start();
    actor.send({ ...visit('/support-form'), shownFor: 450 });
    actor.send({ type: 'POLICY.OPENED', page: 'privacyPolicy' });
    await vi.advanceTimersByTimeAsync(499);
    expect(effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(effects).toEqual([{ name: 'leaveForExternalPage', params: { page: 'privacyPolicy' } }]);
  });
});

describe('/loading', () => {
  it('turns the dates into whole days at the moment the status was read, not on the wall clock', async () => {
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const actor = withStatus({ account: true, login: true, mailbox: true, optOutState: 'NONE', deactivationDate: '2026-03-10T12:00:00Z' });
    actor.send(visit('/oauth-callback', SOURCE));
    await flush();
    expect(selectScreen(actor.getSnapshot())).toBe('destinationAccount');
    expect(selectDaysRemaining(actor.getSnapshot())).toBe(10);
  });

  it('a deactivation 36 hours after the pinned clock is 2 days away', async () => {
    const checkedAt = Date.parse('2026-06-01T09:00:00Z');
    const deactivationDate = new Date(checkedAt + 36 * 60 * 60 * 1000).toISOString();
    const actor = withStatus({ account: true, login: true, mailbox: true, optOutState: 'NONE', deactivationDate }, {}, checkedAt);
    actor.send(visit('/oauth-callback', SOURCE));
    await flush();
    expect(selectDaysRemaining(actor.getSnapshot())).toBe(2);
  });

  it('sends delete, yahoo and purged accounts to /opt-out-info, with the two-step sidebar', async () => {
    for (const status of [
      { account: true, optOutState: 'OPTED_OUT_DELETE' },
      { account: true, migrationStatus: 'YAHOO' },
      { account: false, purgeReason: 'BAU_DELETE' },
    ] satisfies MigrationStatusResponse[]) {
      const actor = withStatus(status);
      actor.send(visit('/oauth-callback', SOURCE));
      await flush();
      expect(selectLocation(actor.getSnapshot()).path).toBe('/opt-out-info');
      expect(selectSidebarSteps(actor.getSnapshot()).map((s) => s.text)).toEqual(['stepLogIn', 'stepAccount']);
    }
  });

  it('offers neither a closure nor an export once the mail moved to Yahoo or was purged', async () => {
    for (const status of [
      { account: true, login: true, mailbox: true, optOutState: 'NONE', migrationStatus: 'YAHOO' },
      { account: false, optOutState: 'NONE', migrationStatus: 'PURGED', purgeReason: 'TOS_TIMEOUT_DELETE' },
    ] satisfies MigrationStatusResponse[]) {
      const actor = withStatus(status);
      actor.send(visit('/oauth-callback', SOURCE));
      await flush();
      const snapshot = actor.getSnapshot();
      expect(selectScreen(snapshot)).toBe('optOutInfo');
      expect(snapshot.can({ type: 'OPT_OUT.REQUESTED' })).toBe(false);
      expect(snapshot.can({ type: 'WIZARD.NEXT_REQUESTED' })).toBe(false);
    }
  });

  it('sends an inactive mailbox home with the mapped error and AUTH_ERROR', async () => {
    const actor = withStatus({ account: true, login: true, mailbox: false, optOutState: 'NONE' });
    actor.send(visit('/oauth-callback', SOURCE));
    await flush();
    expect(selectLocation(actor.getSnapshot())).toEqual({ path: '/', search: '?error=MAILBOX_IS_NOT_ACTIVE&type=AUTH_ERROR', hash: '' });
    expect(selectErrorModal(actor.getSnapshot())?.message).toEqual({ key: 'signInInactive', values: { name: SOURCE.email } });
  });

  it('with opt-out off: carddav blocks contacts, other inactive values go home', async () => {
    const run = async (info: ComcastInfoResponse) => {
      const actor = createActor(fakeMachine([], { fetchComcastInfo: async () => info }), {
        input: { flags: { optOut: false } },
      }).start();
      actor.send(visit('/oauth-callback', SOURCE));
      await flush();
      return actor;
    };
    const carddav = await run({ inactive: 'carddav' });
    expect(selectScreen(carddav.getSnapshot())).toBe('destinationAccount');
    expect(carddav.getSnapshot().context.neverAllowContactsMigration).toBe(true);
    carddav.send({ type: 'DESTINATION.SELECTED', provider: 'outlook' });
    carddav.send({ type: 'WIZARD.NEXT_REQUESTED' });
    await flush();
    expect(carddav.getSnapshot().can({ type: 'OPERATIONS.SELECTED', choice: 'both' })).toBe(false);

    for (const [inactive, code] of [
      ['user', 'ACCOUNT_DOES_NOT_EXIST'],
      ['account', 'ACCOUNT_DOES_NOT_EXIST'],
      ['mailbox', 'MAILBOX_IS_NOT_ACTIVE'],
    ]) {
      const actor = await run({ inactive });
      expect(selectLocation(actor.getSnapshot()).search).toBe(`?error=${code}&type=AUTH_ERROR`);
    }
  });
});
