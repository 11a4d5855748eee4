/**
 * What views read. Everything derived is computed here from the snapshot, never stored twice;
 * enabled/disabled buttons come from `snapshot.can(event)`.
 */
import type { SnapshotFrom } from 'xstate';
import type { DestinationWordKey } from '../contract/words/en/destinations.ts';
import { MESSAGES, optionsErrorMessage, signInErrorText, signInRetryHelps, type ErrorKey, type SaidError } from './errors.ts';
import * as facts from './facts.ts';
import type { ExportPortalMachine } from './machine.ts';
import { choiceOf, isSuccessor, isTermsGated } from './providers.ts';
import { showsStartOver, stepsFor, type SidebarKind, type SidebarStep } from './sidebar.ts';
import {
  DESTINATIONS,
  destinationOf,
  OPT_OUT_GRACE_DAYS,
  saveDeadline,
  type DestinationProvider,
  type SaveDeadline,
} from '../contract/index.ts';
import type { ScreenMeta } from './types.ts';
import type { Language } from '../contract/index.ts';
import { validateSupportForm } from './validation.ts';

export type PortalSnapshot = SnapshotFrom<ExportPortalMachine>;

export const SCREENS = [
  'signIn',
  'loading',
  'optOutInfo',
  'destinationAccount',
  'acceptGoogleTerms',
  'migrationOptions',
  'checkEmailScopes',
  'startMigration',
  'complete',
  'status',
  'statusFromEmail',
  'supportForm',
  'privacyPolicy',
  'termsOfService',
] as const;
export type Screen = (typeof SCREENS)[number];

/** The top-level state: which view renders. */
export const selectScreen = (snapshot: PortalSnapshot): Screen => {
  const value = snapshot.value;
  const key = typeof value === 'string' ? value : Object.keys(value)[0];
  return (SCREENS as readonly string[]).includes(key ?? '') ? (key as Screen) : 'signIn';
};

export const selectScreenMeta = (snapshot: PortalSnapshot): ScreenMeta => {
  const screen = selectScreen(snapshot);
  const meta = snapshot.getMeta()[`exportPortal.${screen}`];
  return meta ?? { route: '/', step: 1, sidebar: 'five' };
};

/** The address bar the sync layer must show (replace where the spec says redirect). */
export const selectLocation = (snapshot: PortalSnapshot): { path: string; search: string; hash: string } => {
  const { route } = selectScreenMeta(snapshot);
  const context = snapshot.context;
  if (route === '/' && context.errorModal) {
    const params = new URLSearchParams();
    if (!context.errorModal.hash) params.set('error', context.errorModal.code);
    if (context.errorModal.type && !context.errorModal.hash) params.set('type', context.errorModal.type);
    const search = params.toString();
    return { path: '/', search: search ? `?${search}` : '', hash: context.errorModal.hash ? '#error' : '' };
  }
  if (route === '/status' && context.statusExportId) {
    return { path: route, search: `?${new URLSearchParams({ migration_id: context.statusExportId }).toString()}`, hash: '' };
  }
  return { path: route, search: '', hash: '' };
};

/** The language the customer reads (decision 0033). */
export const selectLanguage = (snapshot: PortalSnapshot): Language => snapshot.context.language;

export const selectStep = (snapshot: PortalSnapshot): number => selectScreenMeta(snapshot).step;

export const selectSidebar = (snapshot: PortalSnapshot): SidebarKind => {
  const { sidebar, route } = selectScreenMeta(snapshot);
  return route === '/destination-account' && facts.optOutPanelShown(snapshot.context) ? 'two' : sidebar;
};

export const selectSidebarSteps = (snapshot: PortalSnapshot): readonly SidebarStep[] => stepsFor(selectSidebar(snapshot));

export const selectShowsStartOver = (snapshot: PortalSnapshot): boolean => showsStartOver(selectStep(snapshot));

/** The sign-in modal's title and text (§8), or null when closed. */
export const selectErrorModal = (snapshot: PortalSnapshot): { title: ErrorKey; message: SaidError; retry: boolean } | null => {
  const modal = snapshot.context.errorModal;
  if (!modal || selectScreen(snapshot) !== 'signIn') return null;
  // "Try again" only where signing in again can end differently; "Contact support" always.
  return { ...signInErrorText(modal), retry: signInRetryHelps(modal.code) };
};

/** Every field error the current screen shows, by field. */
export const selectFieldErrors = (snapshot: PortalSnapshot): Record<string, string> => {
  const c = snapshot.context;
  const entries: Array<[string, string | null]> = [];
  switch (selectScreen(snapshot)) {
    case 'signIn':
      entries.push(['statusLookupId', c.statusLookup.error]);
      break;
    case 'destinationAccount':
      entries.push(['email', c.other.errors.email], ['imap', c.other.errors.imap], ['form', c.other.errors.form]);
      entries.push(['destination', c.destinationError]);
      break;
    case 'migrationOptions':
      entries.push(['operations', c.operations.length === 0 ? MESSAGES.noOperation : null]);
      entries.push(['authentication', c.optionsError ? optionsErrorMessage(c.optionsError) : null]);
      break;
    case 'startMigration':
      entries.push(['notificationEmail', c.notificationEmailError], ['start', c.startError]);
      break;
    case 'optOutInfo':
      entries.push(['optOut', c.optOutError]);
      break;
    case 'supportForm':
      entries.push(['form', c.supportError]);
      break;
    default:
      break;
  }
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== null));
};

/** The destination buttons on offer (§2), in the descriptors' order: successor products only when login is not active, the file when its flag is on. */
export const selectDestinationChoices = (snapshot: PortalSnapshot): DestinationProvider[] => {
  const c = snapshot.context;
  return DESTINATIONS.filter(({ id, authorization }) => {
    if (authorization === 'file') return c.flags.fileExport;
    return !isSuccessor(id) || !c.loginActive;
  }).map(({ id }) => id);
};

export const selectDestination = (snapshot: PortalSnapshot) => snapshot.context.dstAccount;
export const selectSource = (snapshot: PortalSnapshot) => snapshot.context.srcAccount;
export const selectOtherForm = (snapshot: PortalSnapshot) => snapshot.context.other;
/** A password form's heading and line (keys of the destinations' words) and whether it takes an IMAP server. */
type PasswordFormWords = { title: DestinationWordKey; intro: DestinationWordKey; customImap?: true };

/** The open password form's heading, line and whether it takes an IMAP server: its destination's (Other's until one is chosen). */
export const selectPasswordFormWords = (snapshot: PortalSnapshot): PasswordFormWords => {
  const chosen = snapshot.context.dstAccount?.provider;
  // Other always has its form: it stands in before a destination is chosen.
  const id = chosen && destinationOf(chosen).passwordForm ? chosen : 'other';
  const form = destinationOf(id).passwordForm;
  return {
    title: `${id}.formTitle` as DestinationWordKey,
    intro: `${id}.formIntro` as DestinationWordKey,
    ...(form?.customImap ? { customImap: true as const } : {}),
  };
};
export const selectOptOutPanelShown = (snapshot: PortalSnapshot): boolean => facts.optOutPanelShown(snapshot.context);
/** The days left to save the data and what ends them, from the one place that decides (contract saveDeadline). */
export const selectDeadline = (snapshot: PortalSnapshot): SaveDeadline | null => saveDeadline(snapshot.context);
export const selectOptOut = (snapshot: PortalSnapshot) => ({
  infoState: snapshot.context.optOutInfoState,
  serverState: snapshot.context.optOutState,
  result: snapshot.context.optOutResult,
  accountActive: snapshot.context.accountActive,
  loginActive: snapshot.context.loginActive,
  /** The one deadline both the opt-out view and the destination page tell (selectDeadline). */
  deadline: selectDeadline(snapshot),
  /** Days from a closure scheduled now to the deletion, for the confirmation. */
  closureDays: OPT_OUT_GRACE_DAYS,
  /** The opt-out view has something to show: a closure that was not cancelled. */
  reviewable: !facts.optOutCanceled(snapshot.context),
  /** The destination page may invite a never-opted-out customer to close the account instead. */
  closureOffered: facts.closureOffered(snapshot.context),
  confirmingSchedule: snapshot.matches({ optOutInfo: 'confirmingSchedule' }),
  confirmingCancel: snapshot.matches({ optOutInfo: 'confirmingCancel' }),
  /**
   * The Schedule and Cancel buttons: shown when the machine takes their request now, and kept (under
   * the inert page) while their own question is open, so closing the dialog gives them back focus.
   */
  scheduleShown: snapshot.can({ type: 'OPT_OUT.REQUESTED' }) || snapshot.matches({ optOutInfo: 'confirmingSchedule' }),
  cancelShown: snapshot.can({ type: 'OPT_OUT.CANCEL_REQUESTED' }) || snapshot.matches({ optOutInfo: 'confirmingCancel' }),
  updating: snapshot.matches({ optOutInfo: 'updating' }),
});
/** 'You have N days' on the destination page: the same days the opt-out view gives. */
export const selectDaysRemaining = (snapshot: PortalSnapshot): number | null => selectDeadline(snapshot)?.days ?? null;
export const selectIsBusy = (snapshot: PortalSnapshot): boolean =>
  snapshot.matches('loading') ||
  snapshot.matches({ destinationAccount: 'validatingCredentials' }) ||
  snapshot.matches({ destinationAccount: 'fetchingCapabilities' }) ||
  snapshot.matches({ startMigration: 'starting' }) ||
  snapshot.matches({ status: 'loading' }) ||
  snapshot.matches({ statusFromEmail: 'loading' });

export const selectOperations = (snapshot: PortalSnapshot) => ({
  choice: choiceOf(snapshot.context.operations),
  contactsOffered: facts.contactsOffered(snapshot.context),
  justContactsOffered: facts.justContactsOffered(snapshot.context),
  isFileExport: snapshot.context.dstAccount?.provider === 'file',
  emailFormat: snapshot.context.emailExportType,
  contactsFormat: snapshot.context.contactsExportType,
  /** Privacy terms gate this destination, so contacts alone are not on offer there. */
  termsGated: isTermsGated(snapshot.context.dstAccount?.provider),
  /** Why contacts cannot go to this destination, when the destination is the reason (null: the account is). */
  mailOnlyReason: destinationFact(snapshot, 'mailOnlyReason'),
  /** How to reach this destination with an app password instead of its sign-in (its descriptor's help). */
  appPasswordHelp: destinationFact(snapshot, 'appPasswordHelp'),
  /** §9's forwarding option: on the page at all, and ticked. */
  forwardingShown: facts.forwardingAvailable(snapshot.context),
  forwardingChosen: snapshot.context.forwarding.chosen,
});

/** The key of one of the chosen destination's words, when its descriptor has them. */
const destinationFact = (snapshot: PortalSnapshot, fact: 'mailOnlyReason' | 'appPasswordHelp'): DestinationWordKey | null => {
  const provider = snapshot.context.dstAccount?.provider;
  return provider && destinationOf(provider)[fact] ? (`${provider}.${fact}` as DestinationWordKey) : null;
};
export const selectNotificationEmail = (snapshot: PortalSnapshot) => snapshot.context.notificationEmail;
export const selectExportId = (snapshot: PortalSnapshot) => snapshot.context.exportId;
export const selectCopied = (snapshot: PortalSnapshot): boolean => snapshot.matches({ complete: { shown: 'copied' } });
export const selectStatusLookup = (snapshot: PortalSnapshot) => snapshot.context.statusLookup;
export const selectSupportForm = (snapshot: PortalSnapshot) => {
  const fields = snapshot.context.support;
  return {
    fields,
    /** The address rule's message, once something was typed (§5). */
    emailError: fields.email_address !== '' ? validateSupportForm(fields).email_address : null,
    sent: snapshot.matches({ supportForm: 'sent' }),
    sending: snapshot.matches({ supportForm: 'sending' }),
    error: snapshot.context.supportError,
  };
};
