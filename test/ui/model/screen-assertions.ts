/**
 * What the user must see in each state, read from the rendered page: the screen's heading, the
 * address bar, the step the sidebar marks, Start over, the machine's messages, and per state the
 * things that state is about (a busy button, an open dialog, a result).
 */
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { errorWords } from '../../../contract/words/en/errors.ts';
import { say } from '../../../contract/words/translate.ts';
import type { KeyOf, Section, Values } from '../../../contract/index.ts';
import { stateKey } from '../../machines/model/graph.ts';
import { english } from '../../support/status-words.ts';
import {
  selectFieldErrors,
  selectLocation,
  selectOperations,
  selectScreen,
  selectShowsStartOver,
  selectSidebar,
  selectSidebarSteps,
  selectErrorModal,
  selectDownloadSignIn,
  selectStep,
  type PortalSnapshot,
  type Screen,
  selectJobStatus,
} from '../../../machines/index.ts';

export const HEADINGS: Record<Screen, string> = {
  signIn: 'Save your email and contacts',
  loading: 'Checking your account',
  optOutInfo: 'Your email account',
  destinationAccount: 'Save your email data',
  acceptGoogleTerms: 'Privacy statement',
  migrationOptions: 'Choose what to save',
  checkEmailScopes: 'We need a few more permissions',
  startMigration: 'Save your email data',
  complete: "We're pulling together your data",
  status: 'Check your export status',
  statusFromEmail: 'Your exports',
  supportForm: 'Contact support',
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
};

const text = (t: string | RegExp) => screen.getAllByText(t).length > 0;
const buttonNamed = (name: string | RegExp) => screen.queryByRole('button', { name });

const sayEnglish = <S extends Section>(section: S, key: KeyOf<S>, values?: Values) => say('en', section, key, values);

/** A stored error as the page shows it in English: a key of the errors section said, the service's own words as they came. */
const englishError = (stored: string): string =>
  stored in errorWords.en ? sayEnglish(errorWords, stored as KeyOf<typeof errorWords>) : stored;

/** Per state (dotted key below the root): what that state shows. */
const BY_STATE: Record<string, (s: PortalSnapshot) => void> = {
  'signIn.idle': (s) => {
    expect(buttonNamed('Sign in')).toBeEnabled();
    if (s.context.statusLookup.open) expect(screen.getByRole('dialog', { name: 'Check your export status' })).toBeInTheDocument();
    const error = selectErrorModal(s);
    if (error) {
      const dialog = screen.getByRole('alertdialog', { name: sayEnglish(errorWords, error.title) });
      expect(within(dialog).getByText(sayEnglish(errorWords, error.message.key, error.message.values))).toBeInTheDocument();
      // The next steps: trying again only where it can help, support always.
      expect(within(dialog).queryByRole('button', { name: 'Try again' }) !== null).toBe(error.retry);
      expect(within(dialog).getByRole('button', { name: 'Contact support' })).toBeInTheDocument();
    } else expect(screen.queryByRole('alertdialog')).toBeNull();
  },
  'signIn.leavingForSignIn': () => expect(buttonNamed('Sign in')).toHaveAttribute('aria-busy', 'true'),
  'signIn.leavingForStatusSignIn': () => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
  'loading.fetchingMigrationStatus': (s) =>
    expect(text(`Fetching information for ${s.context.srcAccount?.email ?? 'your account'}...`)).toBe(true),
  'loading.fetchingComcastInfo': (s) =>
    expect(text(`Fetching information for ${s.context.srcAccount?.email ?? 'your account'}...`)).toBe(true),
  'optOutInfo.confirmingSchedule': () => {
    const dialog = screen.getByRole('alertdialog', { name: 'Close your account?' });
    expect(within(dialog).getByText(/will be deleted in 30 days, on/)).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  },
  'optOutInfo.confirmingCancel': () => {
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your account closure?' });
    expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
  },
  'optOutInfo.updating': () => expect(buttonNamed(/Updating your account/)).toBeDisabled(),
  'destinationAccount.validatingCredentials': () => expect(screen.getByTestId('loading-overlay')).toBeInTheDocument(),
  'destinationAccount.fetchingCapabilities': () => expect(screen.getByTestId('loading-overlay')).toBeInTheDocument(),
  'startMigration.starting': () => expect(buttonNamed('Start Export')).toBeDisabled(),
  'complete.shown.idle': (s) => {
    expect(buttonNamed('Copy Export ID')).toBeEnabled();
    expect(screen.getByLabelText('Your export ID')).toHaveValue(s.context.exportId ?? '');
  },
  'complete.shown.copied': () => expect(buttonNamed('Copied!')).toBeInTheDocument(),
  'complete.confirmingCancel': () => expect(screen.getByRole('alertdialog', { name: 'Stop this export?' })).toBeInTheDocument(),
  'complete.cancelling': () => expect(buttonNamed('Yes, stop the export')).toHaveAttribute('aria-busy', 'true'),
  'status.loading': () => expect(text('Fetching your export status...')).toBe(true),
  'status.shown.watching': (s) => shownStatus(s),
  'status.leavingForSignIn': () => expect(buttonNamed('Sign in to download your file')).toHaveAttribute('aria-busy', 'true'),
  // A quiet refresh keeps what is shown.
  'status.shown.refreshing': (s) => shownStatus(s),
  // Copy new mail (decision 0032): said while it starts and runs, its result once it ended.
  'status.shown.copyNewMail.starting': () => expect(text('Copying new mail…')).toBe(true),
  'status.shown.copyNewMail.running': () => expect(text('Copying new mail…')).toBe(true),
  'status.shown.copyNewMail.checking': () => expect(text('Copying new mail…')).toBe(true),
  'status.shown.copyNewMail.done': (s) => {
    const view = selectJobStatus(s).copyNewMail;
    if (view.result) expect(text(english(view.result))).toBe(true);
    expect(buttonNamed('Copy new mail') !== null).toBe(view.canCopy);
    expect(buttonNamed('Stop copying new mail') !== null).toBe(view.forwarding?.canStop === true);
  },
  'status.shown.confirmingStopForwarding': () =>
    expect(screen.getByRole('alertdialog', { name: 'Stop copying new mail?' })).toBeInTheDocument(),
  'status.shown.stoppingForwarding': () => expect(buttonNamed('Yes, stop copying')).toHaveAttribute('aria-busy', 'true'),
  'status.shown.confirmingCancel': () => expect(screen.getByRole('alertdialog', { name: 'Stop this export?' })).toBeInTheDocument(),
  'status.shown.cancelling': () => expect(buttonNamed('Yes, stop the export')).toHaveAttribute('aria-busy', 'true'),
  // The pressed button stays where it was, busy, until the answer after the call arrives.
  'status.shown.pausing': () => expect(buttonNamed('Pause export')).toHaveAttribute('aria-busy', 'true'),
  'status.shown.resuming': () => expect(buttonNamed('Resume export')).toHaveAttribute('aria-busy', 'true'),
  'status.invalidId': () => {
    expect(text(errorWords.en.statusInvalidId)).toBe(true);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Contact support' })).toBeInTheDocument();
  },
  'status.failed': () => {
    expect(text(errorWords.en.statusLookupFailed)).toBe(true);
    expect(buttonNamed('Try again')).toBeEnabled();
  },
  'statusFromEmail.loading': () => expect(text('Looking up your exports...')).toBe(true),
  'statusFromEmail.shown': (s) => {
    if (s.context.jobs.length === 0) expect(text(/^No exports were found from/)).toBe(true);
    else
      expect(within(screen.getByRole('list', { name: 'Exports' })).getAllByRole('listitem')).toHaveLength(
        Math.min(5, s.context.jobs.length),
      );
  },
  'statusFromEmail.failed': () => expect(text(errorWords.en.statusFromEmailFailed)).toBe(true),
  // What the machine holds is what the form shows (a reason brought from the sign-in modal included).
  'supportForm.idle': (s) => expect(screen.getByLabelText(/^What happened\?/)).toHaveValue(s.context.support.issue),
  'supportForm.sending': () => expect(buttonNamed('Submit')).toHaveAttribute('aria-busy', 'true'),
  'supportForm.sent': () => expect(text('Thanks — we received your message.')).toBe(true),
  'supportForm.failed': (s) => expect(screen.getByRole('alert')).toHaveTextContent(englishError(s.context.supportError ?? '')),
  'privacyPolicy.waiting': () => expect(text('Taking you to our Privacy Policy...')).toBe(true),
  'termsOfService.waiting': () => expect(text('Taking you to our Terms of Service...')).toBe(true),
};

/** Each operation's state, its counts while it runs, and the owner's Cancel, Pause and Resume exactly when offered. */
function shownStatus(s: PortalSnapshot): void {
  const view = selectJobStatus(s);
  const labels = { started: 'In progress', completed: 'Completed', error: 'Error' } as const;
  for (const operation of view.operations) {
    expect(text(operation.outcome === 'paused' ? 'Paused' : labels[operation.status])).toBe(true);
    // The bar is for a running operation (a paused one too); an ended one says what arrived in words.
    if (operation.status === 'started' && operation.progress?.total) {
      expect(
        screen.getByRole('progressbar', { name: `${operation.kind === 'emailmigration' ? 'Email' : 'Contacts'} progress` }),
      ).toBeInTheDocument();
    }
    if (operation.reason) expect(text(operation.reason)).toBe(true);
    // The estimate and the wait sit in a live region, so a screen reader announces them as they change.
    for (const words of [operation.estimate, operation.waiting, operation.paused]) {
      if (words) expect(screen.getByText(english(words)).closest('[role="status"]')).not.toBeNull();
    }
  }
  expect(buttonNamed('Cancel export') !== null).toBe(view.canCancel);
  expect(buttonNamed('Copy new mail') !== null).toBe(view.copyNewMail.canCopy);
  // Forwarding's daily copies: until when, in words, and Stop while they go on.
  const forwarding = view.copyNewMail.forwarding;
  if (forwarding) expect(text(english(forwarding.text))).toBe(true);
  expect(buttonNamed('Stop copying new mail') !== null).toBe(forwarding?.canStop === true);
  // Pause or Resume, by its name, exactly when the owner's answer offers it.
  const holds = { 'Pause export': 'EXPORT.PAUSE_REQUESTED', 'Resume export': 'EXPORT.RESUME_REQUESTED' } as const;
  for (const [label, event] of Object.entries(holds)) expect(buttonNamed(label) !== null, label).toBe(view.hold?.event === event);
  // A ready file this answer has no link to: the sign-in that gets it, never the link.
  expect(buttonNamed('Sign in to download your file') !== null).toBe(selectDownloadSignIn(s) !== null);
  if (view.downloadUrl) expect(screen.getByRole('link', { name: 'Download your file' })).toHaveAttribute('href', view.downloadUrl);
  if (view.receipt.length > 0) expect(screen.getByRole('table', { name: 'What arrived, folder by folder' })).toBeInTheDocument();
  if (view.reportUrl)
    expect(screen.getByRole('link', { name: /list of items that could not be moved/ })).toHaveAttribute('href', view.reportUrl);
}

/** Asserts the page shows `s`. */
export function assertScreen(s: PortalSnapshot): void {
  const current = selectScreen(s);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(HEADINGS[current]);

  const { path, search, hash } = selectLocation(s);
  expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(`${path}${search}${hash}`);

  const progress = screen.queryByRole('navigation', { name: 'Progress' });
  if (selectSidebar(s) === 'none' || selectSidebarSteps(s).length === 0) expect(progress).toBeNull();
  else {
    const active = within(progress as HTMLElement)
      .getAllByRole('listitem')
      .filter((li) => li.getAttribute('aria-current') === 'step');
    expect(active.map((li) => li.dataset.status)).toEqual(
      selectStep(s) >= 1 && selectStep(s) <= (selectSidebar(s) === 'two' ? 2 : 5) ? ['active'] : [],
    );
  }
  expect(buttonNamed('Start over') !== null).toBe(selectShowsStartOver(s));

  for (const message of Object.values(selectFieldErrors(s))) expect(text(englishError(message))).toBe(true);

  const next = buttonNamed(/^Next$/);
  if (next) expect(next.hasAttribute('disabled')).toBe(!s.can({ type: 'WIZARD.NEXT_REQUESTED' }));

  // §9's forwarding option: a checkbox exactly when the options page offers it, ticked as chosen.
  if (current === 'migrationOptions') {
    const forwarding = screen.queryByRole('checkbox', { name: 'Keep copying new mail until my account closes' });
    const options = selectOperations(s);
    expect(forwarding !== null).toBe(options.forwardingShown);
    if (forwarding) expect((forwarding as HTMLInputElement).checked).toBe(options.forwardingChosen);
  }

  BY_STATE[stateKey(s)]?.(s);
}

/** The states with an assertion of their own, beyond the screen-level ones. */
export const STATES_WITH_OWN_ASSERTIONS = Object.keys(BY_STATE);
