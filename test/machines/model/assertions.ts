/**
 * What a user sees in each state, written from the spec rather than read back from the machine:
 * the route and step of every screen, and per state the facts its view shows (error texts, enabled
 * buttons, the effect that leaves the page). `STATE_ASSERTIONS` must name every state node.
 */
import { expect } from 'vitest';
import { errorWords } from '../../../contract/words/en/errors.ts';
import { say } from '../../../contract/words/translate.ts';
import {
  MESSAGES,
  OPTIONS_ERROR_MESSAGES,
  buildLoadRequest,
  selectCopied,
  selectDownloadSignIn,
  selectIsBusy,
  selectErrorModal,
  selectFieldErrors,
  selectLocation,
  selectMailChoice,
  selectOperations,
  selectOptOut,
  selectScreen,
  selectShowsStartOver,
  selectSidebar,
  selectStep,
  toStoredSnapshot,
  type PortalSnapshot,
  type Screen,
  selectCompleteCancel,
  selectJobs,
  selectJobStatus,
} from '../../../machines/index.ts';
import { copyPassText, estimateText, forwardingText, pausedText, waitingText } from '../../../machines/status-texts.ts';
import type { EffectCall } from './walk.ts';
import { LIMIT_TEXT, SOURCE_EMAIL } from './fixtures.ts';
import type { ModelEvent } from './types.ts';

/** §2 routes; step numbers of docs/decisions/0002-step-numbering.md. */
export const EXPECTED_SCREENS: Record<Screen, { path: string; step: number }> = {
  signIn: { path: '/', step: 1 },
  loading: { path: '/loading', step: 1 },
  optOutInfo: { path: '/opt-out-info', step: 2 },
  destinationAccount: { path: '/destination-account', step: 2 },
  acceptGoogleTerms: { path: '/accept-google-terms', step: 2 },
  migrationOptions: { path: '/migration-options', step: 3 },
  checkEmailScopes: { path: '/check-email-scopes', step: 3 },
  startMigration: { path: '/start-migration', step: 4 },
  complete: { path: '/complete', step: 5 },
  status: { path: '/status', step: 5 },
  statusFromEmail: { path: '/status-from-email', step: 5 },
  supportForm: { path: '/support-form', step: 6 },
  privacyPolicy: { path: '/privacy-policy', step: 0 },
  termsOfService: { path: '/terms-of-service', step: 0 },
};

export interface Seen {
  snapshot: PortalSnapshot;
  calls: readonly EffectCall[];
  /** The effects of the last step only. */
  newCalls: readonly EffectCall[];
  event: ModelEvent | undefined;
  previous: PortalSnapshot | undefined;
}

const next = { type: 'WIZARD.NEXT_REQUESTED' } as const;
const start = { type: 'EXPORT.START_REQUESTED' } as const;
const lastCall = (seen: Seen) => seen.calls.at(-1);
const enteredNow = (seen: Seen, key: string) => {
  const before = seen.previous;
  return before !== undefined && !before.matches(key as never);
};

/** §5 "Next on destination page is disabled …", stated independently of the machine's guards. */
const destinationNextExpected = (s: PortalSnapshot): boolean => {
  const c = s.context;
  if (!s.matches({ destinationAccount: 'choosing' })) return false;
  if (c.other.active) {
    const fieldsFilled = c.other.email.trim() !== '' && c.other.password !== '';
    const imapOk = !c.other.customImap || (c.other.imap.trim() !== '' && c.other.imapValidated);
    const noErrors = Object.values(c.other.errors).every((e) => e === null);
    return fieldsFilled && imapOk && noErrors;
  }
  return c.dstAccount !== null && c.dstAccount.provider !== 'other';
};

/** One check per state node id; compound nodes check their screen, atomic ones their view. */
export const STATE_ASSERTIONS: Record<string, (seen: Seen) => void> = {
  'exportPortal.signIn': ({ snapshot }) => {
    const modal = selectErrorModal(snapshot);
    expect(modal === null).toBe(snapshot.context.errorModal === null);
    const location = selectLocation(snapshot);
    if (snapshot.context.errorModal?.hash) expect(location.hash).toBe('#error');
    else if (snapshot.context.errorModal) expect(location.search).toContain(`error=${snapshot.context.errorModal.code}`);
    else expect(location.search + location.hash).toBe('');
  },
  'exportPortal.signIn.idle': ({ snapshot }) => {
    const modal = selectErrorModal(snapshot);
    const message = modal && say('en', errorWords, modal.message.key, modal.message.values);
    if (snapshot.context.errorModal?.hash && snapshot.context.errorModal.code === 'EXTERNAL_OAUTH_ERROR') {
      expect(message).toBe('An external authentication error has happened. Please, try to sign in again.');
    }
    if (snapshot.context.errorModal?.code === 'ACCOUNT_DOES_NOT_EXIST') expect(message).toMatch(/^The user .*does not exist\.$/);
    if (snapshot.context.statusLookup.error) expect(snapshot.context.statusLookup.error).toBe(MESSAGES.invalidExportId);
  },
  'exportPortal.signIn.leavingForSignIn': (seen) => {
    // From the error modal, "Try again" only where signing in again can end differently.
    if (seen.event?.type === 'ERROR_MODAL.RETRY_REQUESTED') {
      expect(['ACCOUNT_DOES_NOT_EXIST', 'MAILBOX_IS_NOT_ACTIVE']).not.toContain(seen.previous?.context.errorModal?.code);
    }
    // In the visit's language, which the sign-in page is asked to speak (ui_locales).
    if (enteredNow(seen, 'signIn.leavingForSignIn'))
      expect(seen.newCalls).toEqual([{ name: 'leaveForSourceSignIn', params: { language: seen.snapshot.context.language } }]);
    else expect(seen.newCalls).toEqual([]);
  },
  'exportPortal.signIn.leavingForStatusSignIn': (seen) => {
    if (enteredNow(seen, 'signIn.leavingForStatusSignIn')) expect(lastCall(seen)?.name).toBe('leaveForStatusSignIn');
  },
  'exportPortal.loading': ({ snapshot }) => {
    expect(snapshot.context.srcAccount?.tokenId).toBeTruthy();
    expect(snapshot.context.srcAccount?.email).toBeTruthy();
  },
  'exportPortal.loading.deciding': () => {
    throw new Error('loading.deciding is transient: no snapshot may rest there');
  },
  'exportPortal.loading.fetchingMigrationStatus': ({ snapshot }) => expect(snapshot.context.flags.optOut).toBe(true),
  'exportPortal.loading.fetchingComcastInfo': ({ snapshot }) => expect(snapshot.context.flags.optOut).toBe(false),
  'exportPortal.optOutInfo': ({ snapshot }) => {
    expect(snapshot.context.flags.optOut).toBe(true);
    expect(snapshot.context.srcAccount).not.toBeNull();
    expect(selectSidebar(snapshot)).toBe('two');
  },
  'exportPortal.optOutInfo.idle': ({ snapshot }) => {
    if (snapshot.context.optOutError) expect(selectFieldErrors(snapshot).optOut).toBe(MESSAGES.optOutUpdateFailed);
    // After a cancel there is no way back to the closure.
    if (snapshot.context.optOutResult === 'CANCELED_OPT_OUT') expect(snapshot.can({ type: 'OPT_OUT.REQUESTED' })).toBe(false);
  },
  'exportPortal.optOutInfo.confirmingSchedule': ({ snapshot }) => {
    expect(['NONE', 'OPTED_OUT_CANCEL']).toContain(snapshot.context.optOutState);
    // Nothing is asked of the server until the customer says yes.
    expect(snapshot.context.pendingOptOutRequest).toBeNull();
    expect(selectOptOut(snapshot).confirmingSchedule).toBe(true);
  },
  'exportPortal.optOutInfo.confirmingCancel': ({ snapshot }) =>
    expect(['OPTED_OUT_INITIAL', 'OPTED_OUT_DELETE']).toContain(snapshot.context.optOutState),
  'exportPortal.optOutInfo.updating': ({ snapshot }) => expect(snapshot.context.pendingOptOutRequest).not.toBeNull(),
  'exportPortal.destinationAccount': ({ snapshot }) => {
    expect(snapshot.context.srcAccount?.tokenId).toBeTruthy();
    expect(snapshot.can(next)).toBe(destinationNextExpected(snapshot));
    const panel =
      snapshot.context.flags.optOut &&
      snapshot.context.loginActive &&
      snapshot.context.optOutInfoState !== null &&
      snapshot.context.optOutInfoState !== 'neverOptedOut';
    expect(selectSidebar(snapshot)).toBe(panel ? 'two' : 'five');
  },
  'exportPortal.destinationAccount.choosing': ({ snapshot }) => {
    // The successor products only when login is not active; the file export only with its flag (§2, §9).
    expect(snapshot.can({ type: 'DESTINATION.SELECTED', provider: 'successor_next' })).toBe(!snapshot.context.loginActive);
    expect(snapshot.can({ type: 'DESTINATION.SELECTED', provider: 'file' })).toBe(snapshot.context.flags.fileExport);
    expect(snapshot.can({ type: 'DESTINATION.SELECTED', provider: 'gmail' })).toBe(true);
    const errors = selectFieldErrors(snapshot);
    const allowed: string[] = [
      MESSAGES.invalidEmail,
      MESSAGES.sameAddress,
      MESSAGES.invalidImap,
      MESSAGES.unresolvedImap,
      MESSAGES.incorrectCredentials,
      MESSAGES.unknownError,
      LIMIT_TEXT,
    ];
    for (const text of Object.values(errors)) expect(allowed).toContain(text);
  },
  'exportPortal.destinationAccount.emailPending': ({ snapshot }) => expect(snapshot.context.other.errors.email).toBeNull(),
  'exportPortal.destinationAccount.validatingImap': ({ snapshot }) => expect(snapshot.context.other.customImap).toBe(true),
  'exportPortal.destinationAccount.validatingCredentials': ({ snapshot }) => expect(snapshot.context.other.active).toBe(true),
  'exportPortal.destinationAccount.fetchingCapabilities': ({ snapshot }) => expect(snapshot.context.dstAccount).not.toBeNull(),
  'exportPortal.acceptGoogleTerms': ({ snapshot }) => {
    expect(snapshot.context.dstAccount?.provider).toBe('gmail');
    expect(snapshot.context.googleTermsAccepted).toBe(false);
    expect(snapshot.can(next)).toBe(true);
  },
  'exportPortal.migrationOptions': ({ snapshot }) => {
    expect(snapshot.context.dstAccount).not.toBeNull();
    expect(['NONE', 'OPTED_OUT_INITIAL', 'OPTED_OUT_CANCEL']).toContain(snapshot.context.optOutState);
    if (snapshot.context.dstAccount?.provider === 'gmail') expect(snapshot.context.googleTermsAccepted).toBe(true);
  },
  'exportPortal.migrationOptions.idle': ({ snapshot }) => {
    const c = snapshot.context;
    const formatsOk =
      c.dstAccount?.provider !== 'file' ||
      ((!c.operations.includes('emailmigration') || c.emailExportType !== null) &&
        (!c.operations.includes('contactsmigration') || c.contactsExportType !== null));
    // What to move: a first day when the range is "from a date", and at least one folder ticked.
    const choice = c.mailChoice;
    const listed = choice.folders?.folders ?? [];
    const choiceOk =
      !c.operations.includes('emailmigration') ||
      ((choice.range !== 'from-date' || /^\d{4}-\d{2}-\d{2}$/.test(choice.fromDate)) &&
        !(listed.length > 0 && listed.every((folder) => choice.excludedFolders.includes(folder.path))));
    expect(snapshot.can(next)).toBe(c.operations.length > 0 && formatsOk && choiceOk);
    expect(selectFieldErrors(snapshot).operations).toBe(c.operations.length === 0 ? MESSAGES.noOperation : undefined);
    const justContacts = snapshot.can({ type: 'OPERATIONS.SELECTED', choice: 'contacts' });
    if (c.dstAccount?.provider === 'gmail' || !c.allowedContactsMigration) expect(justContacts).toBe(false);
    // §9's forwarding option: on the page for a mailbox when the service lists it and mail moves; the
    // load carries `emailforwarding` (with email, §3) only when it is there and ticked.
    const forwardingShown =
      c.forwarding.offered && c.operations.includes('emailmigration') && c.dstAccount !== null && c.dstAccount.provider !== 'file';
    expect(selectOperations(snapshot).forwardingShown).toBe(forwardingShown);
    expect(snapshot.can({ type: 'FORWARDING.TOGGLED', chosen: true })).toBe(forwardingShown);
    const loaded = buildLoadRequest(c).operations;
    expect(loaded.includes('emailforwarding')).toBe(forwardingShown && c.forwarding.chosen);
    if (loaded.includes('emailforwarding')) expect(loaded).toContain('emailmigration');
    if (c.optionsError) {
      const text =
        (OPTIONS_ERROR_MESSAGES as Record<string, string>)[c.optionsError] ??
        'Unknown error during the authentication process, please try again.';
      expect(selectFieldErrors(snapshot).authentication).toBe(text);
    }
  },
  'exportPortal.migrationOptions.idle.choiceClosed': ({ snapshot }) => {
    expect(selectMailChoice(snapshot).open).toBe(false);
    expect(snapshot.can({ type: 'MAIL_RANGE.SELECTED', range: 'last-month' })).toBe(false);
  },
  'exportPortal.migrationOptions.idle.choiceOpen': ({ snapshot }) => {
    expect(selectMailChoice(snapshot).open).toBe(true);
    expect(snapshot.can({ type: 'MAIL_RANGE.SELECTED', range: 'last-month' })).toBe(true);
  },
  'exportPortal.migrationOptions.idle.choiceOpen.loadingFolders': ({ snapshot }) => {
    expect(selectMailChoice(snapshot).loading).toBe(true);
    expect(snapshot.can({ type: 'MAIL_FOLDER.TOGGLED', path: 'INBOX' })).toBe(false);
  },
  'exportPortal.migrationOptions.idle.choiceOpen.foldersShown': ({ snapshot }) => {
    const view = selectMailChoice(snapshot);
    const listed = snapshot.context.mailChoice.folders?.folders ?? [];
    expect(view.folders.map((folder) => folder.path)).toEqual(listed.map((folder) => folder.path));
    // Only listed folders can be left out, and each unticked one is shown so.
    for (const path of snapshot.context.mailChoice.excludedFolders) expect(listed.map((folder) => folder.path)).toContain(path);
    for (const folder of view.folders) expect(folder.ticked).toBe(!snapshot.context.mailChoice.excludedFolders.includes(folder.path));
    expect(view.foldersError).toBeNull();
  },
  'exportPortal.migrationOptions.idle.choiceOpen.foldersUnavailable': ({ snapshot }) => {
    const view = selectMailChoice(snapshot);
    expect(view.foldersError).toBe('foldersUnavailable');
    // Without the list every folder moves.
    expect(snapshot.context.mailChoice.excludedFolders).toEqual([]);
    expect(view.folders).toEqual([]);
    expect(view.canRetry).toBe(true);
  },
  'exportPortal.migrationOptions.leavingForConsent': (seen) => {
    if (enteredNow(seen, 'migrationOptions.leavingForConsent')) {
      expect(lastCall(seen)).toEqual({
        name: 'leaveForDestinationConsent',
        params: {
          provider: seen.snapshot.context.dstAccount?.provider,
          operations: seen.snapshot.context.operations,
          language: seen.snapshot.context.language,
        },
      });
      // Forwarding is never a consent scope: the consent refuses it (docs/identity.md).
      expect(seen.snapshot.context.operations).not.toContain('emailforwarding');
    }
  },
  'exportPortal.checkEmailScopes': ({ snapshot }) => {
    expect(snapshot.context.dstAccount?.provider).toBe('gmail');
    expect(snapshot.context.optionsError).toBe('MISSING_SCOPE');
  },
  'exportPortal.startMigration': ({ snapshot }) => {
    const c = snapshot.context;
    expect(c.operations.length).toBeGreaterThan(0);
    expect(c.srcAccount?.tokenId).toBeTruthy();
    expect(c.dstAccount).not.toBeNull();
  },
  // While the address is edited, Back and Start over stay open; while starting, nothing else is taken.
  'exportPortal.startMigration.editing': ({ snapshot }) => {
    expect(snapshot.can({ type: 'WIZARD.BACK_REQUESTED' })).toBe(true);
    expect(snapshot.can({ type: 'START_OVER.REQUESTED' })).toBe(true);
  },
  'exportPortal.startMigration.editing.idle': ({ snapshot }) => {
    const c = snapshot.context;
    const wellFormed = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(c.notificationEmail.trim());
    expect(snapshot.can(start)).toBe(wellFormed && c.notificationEmailError === null);
    if (c.notificationEmailError) expect(c.notificationEmailError).toBe(MESSAGES.invalidNotificationEmail);
    if (c.startError) expect([MESSAGES.unknownError, LIMIT_TEXT]).toContain(c.startError);
  },
  'exportPortal.startMigration.editing.notificationEmailPending': ({ snapshot }) => expect(snapshot.can(start)).toBe(false),
  'exportPortal.startMigration.editing.notificationEmailEmpty': ({ snapshot }) => {
    expect(snapshot.context.notificationEmail.trim()).toBe('');
    expect(snapshot.can(start)).toBe(false);
  },
  'exportPortal.startMigration.editing.validatingNotificationEmail': ({ snapshot }) => expect(snapshot.can(start)).toBe(false),
  // A double click never starts two exports.
  'exportPortal.startMigration.starting': ({ snapshot }) => {
    expect(snapshot.can(start)).toBe(false);
    expect(snapshot.can({ type: 'WIZARD.BACK_REQUESTED' })).toBe(false);
  },
  'exportPortal.complete': ({ snapshot }) => {
    expect(snapshot.context.exportId).toMatch(/^[A-Za-z0-9]{32}$/);
    // Stored migration data is cleared on entry.
    expect(snapshot.context.dstAccount).toBeNull();
    expect(snapshot.context.operations).toEqual([]);
  },
  'exportPortal.complete.shown': ({ snapshot }) => expect(snapshot.can({ type: 'EXPORT.CANCEL_REQUESTED' })).toBe(true),
  'exportPortal.complete.shown.idle': ({ snapshot }) => expect(selectCopied(snapshot)).toBe(false),
  'exportPortal.complete.shown.copied': (seen) => {
    expect(selectCopied(seen.snapshot)).toBe(true);
    if (seen.event?.type === 'EXPORT_ID.COPY_REQUESTED') {
      expect(lastCall(seen)).toEqual({ name: 'copyExportId', params: { exportId: seen.snapshot.context.exportId } });
    }
  },
  'exportPortal.status': ({ snapshot }) =>
    expect(selectLocation(snapshot).search).toBe(snapshot.context.statusExportId ? `?migration_id=${snapshot.context.statusExportId}` : ''),
  'exportPortal.status.checkingId': () => {
    throw new Error('status.checkingId is transient: no snapshot may rest there');
  },
  'exportPortal.status.loading': ({ snapshot, previous, event }) => {
    expect(snapshot.context.statusExportId).toHaveLength(32);
    // Back from the sign-in asked for to download: signed in, on the same export, asking as that account.
    if (previous?.matches({ status: 'leavingForSignIn' }) && event?.type === 'ROUTE.VISITED') {
      expect(snapshot.context.statusExportId).toBe(previous.context.statusExportId);
      expect(snapshot.context.srcAccount).toMatchObject({ email: SOURCE_EMAIL, tokenId: 'tok-9' });
    }
  },
  'exportPortal.status.leavingForSignIn': (seen) => {
    if (enteredNow(seen, 'status.leavingForSignIn'))
      expect(seen.newCalls).toEqual([{ name: 'leaveForStatusSignIn', params: { language: seen.snapshot.context.language } }]);
    expect(selectDownloadSignIn(seen.snapshot)).toMatchObject({ leaving: true });
  },
  'exportPortal.status.shown': ({ snapshot }) => {
    const answer = snapshot.context.jobStatus;
    expect(answer).not.toBeNull();
    const { operations, message } = selectJobStatus(snapshot);
    for (const kind of ['emailmigration', 'contactsmigration'] as const) {
      const raw = answer?.[kind];
      const shown = operations.find((operation) => operation.kind === kind);
      if (!raw) expect(shown).toBeUndefined();
      // started and completed as they came; anything else is an error (§4).
      else expect(shown?.status).toBe(raw.status === 'started' || raw.status === 'completed' ? raw.status : 'error');
    }
    // A cancelled operation is not "stopped due to an error": the page says it was cancelled.
    const cancelled = [answer?.emailmigration, answer?.contactsmigration].some((op) => op?.reason === 'cancelled');
    const failed = operations.some((operation) => operation.status === 'error');
    expect(message).toBe(failed && !cancelled ? MESSAGES.statusFailed : null);
    // While an operation runs, its estimate and its wait are said in words; once it ended, neither.
    for (const operation of operations) {
      const raw = answer?.[operation.kind];
      const running = operation.status === 'started';
      expect(operation.estimate).toEqual(running && raw?.estimate ? estimateText(raw.estimate) : null);
      expect(operation.waiting).toEqual(running && raw?.waiting ? waitingText(raw.waiting) : null);
      // Paused by its owner: its own label and words, never the destination's wait or a time to finish.
      expect(operation.paused).toEqual(running && raw?.paused ? pausedText(raw.paused) : null);
      expect(operation.outcome === 'paused').toBe(running && Boolean(raw?.paused));
    }
  },
  // It asks again only while something still moves; Cancel is offered to the owner of a running export.
  'exportPortal.status.shown.watching': ({ snapshot }) => {
    const running = [snapshot.context.jobStatus?.emailmigration, snapshot.context.jobStatus?.contactsmigration].some(
      (op) => op?.status === 'started',
    );
    expect(selectJobStatus(snapshot).canCancel).toBe(running && snapshot.context.jobStatus?.can_cancel === true);
    // Pause or Resume, whichever the owner's answer offers, ready to press; a paused export is not followed every 1.5 s.
    const { hold } = selectJobStatus(snapshot);
    const answer = snapshot.context.jobStatus;
    const offered = answer?.can_resume ? 'EXPORT.RESUME_REQUESTED' : answer?.can_pause ? 'EXPORT.PAUSE_REQUESTED' : null;
    expect(hold?.event ?? null).toBe(running ? offered : null);
    expect(hold?.busy ?? false).toBe(false);
    const paused = [snapshot.context.jobStatus?.emailmigration, snapshot.context.jobStatus?.contactsmigration].every(
      (op) => op?.status !== 'started' || op.paused,
    );
    if (running && paused) expect(snapshot.can({ type: 'EXPORT.PAUSE_REQUESTED' })).toBe(false);
    // Forwarding (decision 0032): what goes on in words, and Stop while its copies go on.
    const forwarding = answer?.copy_new_mail?.forwarding;
    const forwardingView = selectJobStatus(snapshot).copyNewMail.forwarding;
    expect(forwardingView?.text ?? null).toEqual(forwardingText(forwarding));
    expect(forwardingView?.canStop ?? false).toBe(Boolean(forwarding));
    expect(forwardingView?.confirming ?? false).toBe(false);
    // A ready file with no link in this answer: the page offers the sign-in that gets it.
    const linked = Boolean(answer?.emailmigration?.download_url ?? answer?.contactsmigration?.download_url);
    expect(selectDownloadSignIn(snapshot)).toEqual(
      answer?.file_ready === true && !linked ? { leaving: false, signedInAs: snapshot.context.srcAccount?.email ?? null } : null,
    );
  },
  // Copy new mail (decision 0032): while a pass is started or runs, the page says so and offers no second one.
  'exportPortal.status.shown.copyNewMail': ({ snapshot }) => {
    expect(selectJobStatus(snapshot).copyNewMail.error).toBeNull();
    expect(selectJobStatus(snapshot).canCancel).toBe(false);
  },
  'exportPortal.status.shown.copyNewMail.starting': ({ snapshot }) => {
    expect(selectJobStatus(snapshot).copyNewMail).toMatchObject({ copying: true, canCopy: false });
  },
  'exportPortal.status.shown.copyNewMail.running': ({ snapshot }) => {
    expect(selectJobStatus(snapshot).copyNewMail).toMatchObject({ copying: true, canCopy: false });
    expect(snapshot.context.jobStatus?.copy_new_mail?.passes.at(-1)?.status).toBe('started');
  },
  'exportPortal.status.shown.copyNewMail.checking': ({ snapshot }) => {
    expect(selectJobStatus(snapshot).copyNewMail).toMatchObject({ copying: true, canCopy: false });
  },
  // Ended: its result in words, and another pass on offer when the service offers it.
  'exportPortal.status.shown.copyNewMail.done': ({ snapshot }) => {
    const answer = snapshot.context.jobStatus;
    const view = selectJobStatus(snapshot).copyNewMail;
    expect(view.copying).toBe(false);
    const last = answer?.copy_new_mail?.passes.at(-1);
    expect(view.result).toEqual(last ? copyPassText(last) : null);
    const running = [answer?.emailmigration, answer?.contactsmigration].some((op) => op?.status === 'started');
    expect(view.canCopy).toBe(answer?.copy_new_mail?.offered === true && !running);
    // Forwarding's stop is on offer here too, while its copies go on.
    expect(view.forwarding?.canStop ?? false).toBe(Boolean(answer?.copy_new_mail?.forwarding));
  },
  'exportPortal.status.shown.refreshing': ({ snapshot }) => expect(selectIsBusy(snapshot)).toBe(false),
  'exportPortal.status.shown.confirmingCancel': ({ snapshot }) => expect(selectJobStatus(snapshot).confirmingCancel).toBe(true),
  'exportPortal.status.shown.cancelling': ({ snapshot }) => {
    expect(selectJobStatus(snapshot).cancelling).toBe(true);
    expect(snapshot.can({ type: 'EXPORT.CANCEL_CONFIRMED' })).toBe(false);
  },
  // While the call is out, the button says so and cannot be pressed again (a double click is one call).
  'exportPortal.status.shown.pausing': ({ snapshot }) => {
    expect(selectJobStatus(snapshot).hold).toEqual({ event: 'EXPORT.PAUSE_REQUESTED', busy: true });
    expect(snapshot.can({ type: 'EXPORT.PAUSE_REQUESTED' })).toBe(false);
  },
  'exportPortal.status.shown.resuming': ({ snapshot }) => {
    expect(selectJobStatus(snapshot).hold).toEqual({ event: 'EXPORT.RESUME_REQUESTED', busy: true });
    expect(snapshot.can({ type: 'EXPORT.RESUME_REQUESTED' })).toBe(false);
  },
  'exportPortal.status.shown.confirmingStopForwarding': ({ snapshot }) => {
    expect(selectJobStatus(snapshot).copyNewMail.forwarding).toMatchObject({ confirming: true, stopping: false, canStop: false });
  },
  'exportPortal.status.shown.stoppingForwarding': ({ snapshot }) => {
    expect(selectJobStatus(snapshot).copyNewMail.forwarding).toMatchObject({ confirming: false, stopping: true, canStop: false });
    expect(snapshot.can({ type: 'FORWARDING.STOP_CONFIRMED' })).toBe(false);
  },
  'exportPortal.complete.confirmingCancel': ({ snapshot }) => expect(selectCompleteCancel(snapshot).confirming).toBe(true),
  'exportPortal.complete.cancelling': ({ snapshot }) => {
    expect(selectCompleteCancel(snapshot).cancelling).toBe(true);
    expect(snapshot.can({ type: 'EXPORT.CANCEL_CONFIRMED' })).toBe(false);
  },
  'exportPortal.status.invalidId': ({ snapshot }) => {
    // Either not 32 characters, or a well-formed ID the service does not know (404).
    const { statusExportId: migrationId } = snapshot.context;
    if (migrationId.trim().length === 32) expect(snapshot.context.jobStatus).toBeNull();
    else expect(migrationId).not.toHaveLength(32);
    expect(selectJobStatus(snapshot).message).toBe(MESSAGES.statusInvalidId);
  },
  'exportPortal.status.failed': ({ snapshot }) => expect(selectJobStatus(snapshot).message).toBe(MESSAGES.statusLookupFailed),
  'exportPortal.statusFromEmail': ({ snapshot }) => expect(snapshot.context.emailHash).toMatch(/^[0-9a-f]{40}$/),
  'exportPortal.statusFromEmail.loading': ({ snapshot }) => expect(snapshot.context.jobs).toEqual([]),
  'exportPortal.statusFromEmail.shown': ({ snapshot }) => {
    const { jobs, message } = selectJobs(snapshot);
    expect(jobs.length).toBeLessThanOrEqual(5);
    const times = jobs.map((j) => Date.parse(j.startedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(message).toBe(jobs.length === 0 ? `No exports were found from ${snapshot.context.srcAccount?.email}` : null);
  },
  'exportPortal.statusFromEmail.failed': ({ snapshot }) =>
    expect(selectJobs(snapshot).message).toEqual({ key: MESSAGES.statusFromEmailFailed }),
  'exportPortal.supportForm': ({ snapshot }) => expect(selectShowsStartOver(snapshot)).toBe(true),
  'exportPortal.supportForm.idle': ({ snapshot, event, previous }) => {
    const s = snapshot.context.support;
    // From the sign-in modal: its reason is in "What happened?", and the modal is closed.
    const modal = previous?.context.errorModal;
    if (event?.type === 'ERROR_MODAL.SUPPORT_REQUESTED' && modal) {
      expect(s.issue).toBe(event.issue);
      expect(snapshot.context.errorModal).toBeNull();
    }
    expect(snapshot.can({ type: 'SUPPORT.SUBMITTED' })).toBe(s.issue.trim().length > 5 && s.email_address.includes('@'));
  },
  'exportPortal.supportForm.sending': ({ snapshot }) => expect(snapshot.can({ type: 'SUPPORT.SUBMITTED' })).toBe(false),
  'exportPortal.supportForm.sent': ({ snapshot }) =>
    expect(snapshot.context.support).toEqual({ email_address: '', destination_email: '', migration_id: '', issue: '' }),
  'exportPortal.supportForm.failed': ({ snapshot }) => expect([MESSAGES.unknownError, LIMIT_TEXT]).toContain(snapshot.context.supportError),
  'exportPortal.privacyPolicy': () => {},
  // The 500 ms wait has not passed: nothing left the page in this step.
  'exportPortal.privacyPolicy.waiting': ({ newCalls }) => expect(newCalls).toEqual([]),
  'exportPortal.privacyPolicy.leaving': (seen) => {
    if (enteredNow(seen, 'privacyPolicy.leaving'))
      expect(lastCall(seen)).toEqual({ name: 'leaveForExternalPage', params: { page: 'privacyPolicy' } });
  },
  'exportPortal.termsOfService': () => {},
  'exportPortal.termsOfService.waiting': ({ newCalls }) => expect(newCalls).toEqual([]),
  'exportPortal.termsOfService.leaving': (seen) => {
    if (enteredNow(seen, 'termsOfService.leaving'))
      expect(lastCall(seen)).toEqual({ name: 'leaveForExternalPage', params: { page: 'termsOfService' } });
  },
};

/** Checks every state: the screen's route and step, Start over, no password in storage, then the state's own checks. */
export const assertSeen = (seen: Seen, activeIds: readonly string[]): void => {
  const { snapshot } = seen;
  const screen = selectScreen(snapshot);
  const expected = EXPECTED_SCREENS[screen];
  expect(selectLocation(snapshot).path).toBe(expected.path);
  expect(selectStep(snapshot)).toBe(expected.step);
  expect(selectShowsStartOver(snapshot)).toBe([2, 3, 4, 6].includes(expected.step));
  expect(snapshot.can({ type: 'START_OVER.REQUESTED' })).toBe([2, 3, 4, 6].includes(expected.step));
  const stored = toStoredSnapshot({ getPersistedSnapshot: () => snapshot });
  for (const secret of [snapshot.context.other.password, snapshot.context.dstAccount?.password].filter(Boolean)) {
    expect(stored).not.toContain(`"${secret}"`);
  }
  for (const id of activeIds) {
    const check = STATE_ASSERTIONS[id];
    if (!check) throw new Error(`no assertion for state ${id}`);
    check(seen);
  }
};
