/**
 * Every guard of the machine by name, worded like the rule it checks (docs/spec-rules.md). The
 * rules themselves are pure predicates in facts.ts, validation.ts, opt-out.ts and routes.ts, shared
 * with the selectors; here they are read off the context or the event.
 */
import {
  canCancelOptOut,
  canRequestOptOut,
  deriveOptOutInfoState,
  routesToOptOutInfo,
  type ComcastInfoResponse,
  type DestinationProvider,
  type MigrationStatusResponse,
  type OkResponse,
  type OptOutUpdateResponse,
  type StatusResponse,
  type ValidateResponse,
} from '../../contract/index.ts';
import { signInRetryHelps } from '../errors.ts';
import * as facts from '../facts.ts';
import { formatOffered, isSuccessor, isTermsGated, type OperationsChoice } from '../providers.ts';
import { callbackFailed, carriesError, isRoute, normalizePath, queryValue, statusCallbackFailed } from '../routes.ts';
import { isEmailHash, isSupportFormValid, notificationDomain, validateExportId, validateImapAddress } from '../validation.ts';
import type { PolicyPage } from '../types.ts';
import { refusalOf, type Refusal } from './actors.ts';
import type { MachineArgs } from './typed.ts';

type Answer<T> = { response: T };

const routeGuards = {
  routeIs: ({ event }: MachineArgs, params: { path: string }) => isRoute(event) && normalizePath(event.path) === params.path,
  routeCarriesError: ({ event }: MachineArgs) => isRoute(event) && carriesError(event),
  callbackFailed: ({ event }: MachineArgs) => isRoute(event) && callbackFailed(event),
  statusCallbackFailed: ({ event }: MachineArgs) => isRoute(event) && statusCallbackFailed(event),
  callbackMissingScopeForTermsGated: ({ context, event }: MachineArgs) =>
    isRoute(event) && queryValue(event, 'error') === 'MISSING_SCOPE' && isTermsGated(context.dstAccount?.provider),
  scopesWereMissing: ({ context }: MachineArgs) => context.optionsError === 'MISSING_SCOPE' && isTermsGated(context.dstAccount?.provider),
  hasSource: ({ context }: MachineArgs) => facts.hasSourceCredentials(context),
  hasSourceToken: ({ context }: MachineArgs) => facts.hasSourceToken(context),
  awaitsDestinationToken: ({ context }: MachineArgs) => facts.awaitsDestinationToken(context),
  canEnterMigrationOptions: ({ context }: MachineArgs) => facts.canEnterMigrationOptions(context),
  needsGoogleTerms: ({ context }: MachineArgs) => facts.needsGoogleTerms(context),
  canStartMigration: ({ context }: MachineArgs) => facts.canStartMigration(context),
  hasExportId: ({ context }: MachineArgs) => context.exportId !== null,
  hasEmailHash: ({ context }: MachineArgs) => context.emailHash !== null && isEmailHash(context.emailHash),
  optOutFeatureOn: ({ context }: MachineArgs) => context.flags.optOut,
  optOutCanceled: ({ context }: MachineArgs) => facts.optOutCanceled(context),
  migrationAllowed: ({ context }: MachineArgs) => facts.migrationAllowed(context),
};

const accountGuards = {
  statusLookupIdValid: ({ context }: MachineArgs) => validateExportId(context.statusLookup.value) === null,
  statusRoutesToOptOutInfo: (_: MachineArgs, params: Answer<MigrationStatusResponse>) =>
    routesToOptOutInfo(deriveOptOutInfoState(params.response)),
  statusReportsProblem: (_: MachineArgs, params: Answer<MigrationStatusResponse>) =>
    Boolean(params.response.error) || params.response.account === false || params.response.mailbox === false,
  contactsInactive: (_: MachineArgs, params: Answer<ComcastInfoResponse>) => params.response.inactive === 'carddav',
  accountOrMailboxInactive: (_: MachineArgs, params: Answer<ComcastInfoResponse>) =>
    Boolean(params.response.inactive) && params.response.inactive !== 'carddav',
  mailboxStillHere: ({ context }: MachineArgs) => facts.mailboxStillHere(context),
  mayRequestOptOut: ({ context }: MachineArgs) =>
    context.flags.optOut &&
    facts.mailboxStillHere(context) &&
    canRequestOptOut(context.optOutState) &&
    context.optOutResult !== 'CANCELED_OPT_OUT',
  mayCancelOptOut: ({ context }: MachineArgs) => context.flags.optOut && canCancelOptOut(context.optOutState),
  optOutPanelShown: ({ context }: MachineArgs) => facts.optOutPanelShown(context),
  mayReviewOptOut: ({ context }: MachineArgs) =>
    facts.closureOffered(context) || (facts.optOutPanelShown(context) && !facts.optOutCanceled(context)),
  optOutUpdateSucceeded: (_: MachineArgs, params: Answer<OptOutUpdateResponse>) => params.response.status === 'success',
  optOutCancelSucceeded: ({ context }: MachineArgs, params: Answer<OptOutUpdateResponse>) =>
    params.response.status === 'success' && context.pendingOptOutRequest === 'OPT_OUT_CANCEL',
};

const wizardGuards = {
  destinationOffered: ({ context }: MachineArgs, params: { provider: DestinationProvider }) => {
    if (params.provider === 'other') return false;
    if (params.provider === 'file') return context.flags.fileExport;
    if (isSuccessor(params.provider)) return !context.loginActive;
    return true;
  },
  isOtherEmailField: ({ event }: MachineArgs) => event.type === 'OTHER.FIELD_CHANGED' && event.field === 'email',
  otherFormReady: ({ context }: MachineArgs) => facts.otherFormReady(context),
  providerChosen: ({ context }: MachineArgs) => facts.providerChosen(context),
  customImapSyntaxInvalid: ({ context }: MachineArgs) => context.other.customImap && validateImapAddress(context.other.imap) !== null,
  customImapNeedsCheck: ({ context }: MachineArgs) => context.other.customImap && !context.other.imapValidated,
  imapResolved: (_: MachineArgs, params: Answer<OkResponse>) => params.response.ok,
  credentialsOk: (_: MachineArgs, params: Answer<ValidateResponse | Refusal>) =>
    'ok' in params.response && params.response.ok && !params.response.error,
  credentialsImapRejected: (_: MachineArgs, params: Answer<ValidateResponse | Refusal>) =>
    'error' in params.response && params.response.error === 'INVALID_IMAP',
  operationsChoiceAllowed: ({ context }: MachineArgs, params: { choice: OperationsChoice }) =>
    params.choice === 'email' || (params.choice === 'both' ? facts.contactsOffered(context) : facts.justContactsOffered(context)),
  isFileExport: ({ context }: MachineArgs) => context.dstAccount?.provider === 'file',
  formatOffered: ({ event }: MachineArgs) => event.type === 'EXPORT_FORMAT.SELECTED' && formatOffered(event.kind, event.format),
  optionsComplete: ({ context }: MachineArgs) => facts.optionsComplete(context),
  /** The folder list came earlier (this visit or before a consent round trip): opening the choice shows it again. */
  sourceFoldersKnown: ({ context }: MachineArgs) => context.mailChoice.folders !== null,
  folderListed: ({ context, event }: MachineArgs) =>
    event.type === 'MAIL_FOLDER.TOGGLED' && (context.mailChoice.folders?.folders ?? []).some((folder) => folder.path === event.path),
  destinationUsesOAuth: ({ context }: MachineArgs) => facts.destinationUsesOAuth(context),
  notificationEmailEmpty: ({ event }: MachineArgs) => event.type === 'NOTIFICATION_EMAIL.CHANGED' && event.value.trim() === '',
  notificationEmailSyntaxValid: ({ context }: MachineArgs) => notificationDomain(context.notificationEmail) !== null,
  notificationEmailAccepted: ({ context }: MachineArgs) => facts.notificationEmailAccepted(context),
  domainOk: (_: MachineArgs, params: Answer<OkResponse>) => params.response.ok,
};

/** The service declined for now and said why (a limit). */
const refused = (_: MachineArgs, params: Answer<object>) => refusalOf(params.response) !== null;

const statusGuards = {
  refused,
  policyIs: ({ event }: MachineArgs, params: { page: PolicyPage }) => event.type === 'POLICY.OPENED' && event.page === params.page,
  statusExportIdValid: ({ context }: MachineArgs) => context.statusExportId.trim().length === 32,
  // The service answers unknown and malformed export IDs alike: both are an invalid ID to the user.
  jobUnknown: (_: MachineArgs, params: Answer<StatusResponse | null>) => params.response === null,
  jobRunning: ({ context }: MachineArgs) => facts.jobRunning(context),
  fileAwaitsSignIn: ({ context }: MachineArgs) => facts.fileAwaitsSignIn(context),
  jobMoving: ({ context }: MachineArgs) => facts.jobMoving(context),
  jobWaiting: ({ context }: MachineArgs) => facts.jobWaiting(context),
  mayCancelExport: ({ context }: MachineArgs) => context.jobStatus?.can_cancel === true && facts.jobRunning(context),
  mayPauseExport: ({ context }: MachineArgs) => context.jobStatus?.can_pause === true && facts.jobRunning(context),
  mayResumeExport: ({ context }: MachineArgs) => context.jobStatus?.can_resume === true && facts.jobRunning(context),
  /** The owner's cancel, pause or resume went through (a refusal answers `{ ok: false }`). */
  exportCallAccepted: (_: MachineArgs, params: Answer<OkResponse>) => params.response.ok,
  /** The owner may copy new mail now: the service offers it (a completed mailbox export, source active, no pass running). */
  mayCopyNewMail: ({ context }: MachineArgs) => context.jobStatus?.copy_new_mail?.offered === true && !facts.jobRunning(context),
  copyPassRunning: ({ context }: MachineArgs) => facts.copyPassRunning(context),
  forwardingAvailable: ({ context }: MachineArgs) => facts.forwardingAvailable(context),
  mayStopForwarding: ({ context }: MachineArgs) => facts.forwardingGoesOn(context),
  copyPassRunningIn: (_: MachineArgs, params: Answer<StatusResponse | null>) =>
    params.response?.copy_new_mail?.passes.at(-1)?.status === 'started',
  copyNewMailAccepted: (_: MachineArgs, params: Answer<OkResponse | Refusal>) => 'ok' in params.response && params.response.ok,
  supportFormValid: ({ context }: MachineArgs) => isSupportFormValid(context.support),
  errorModalOpen: ({ context }: MachineArgs) => context.errorModal !== null,
  signInRetryHelps: ({ context }: MachineArgs) => context.errorModal !== null && signInRetryHelps(context.errorModal.code),
};

export const portalGuards = { ...routeGuards, ...accountGuards, ...wizardGuards, ...statusGuards };
