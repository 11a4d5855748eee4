/**
 * The export portal statechart (spec §2, §4, §5): one XState v5 machine for the steps, the guards,
 * the opt-out derivation and the OAuth round trips. Every effect is named here and supplied from
 * outside with `machine.provide(...)`: HTTP calls are actors that reject until provided, leaving the
 * page is an action that does nothing until provided. See docs/machine-api.md for the names.
 */
import { and, assign, fromPromise, not, setup } from 'xstate';
import {
  canCancelOptOut,
  canRequestOptOut,
  deriveOptOutInfo,
  routesToOptOutInfo,
  toServerOptOutState,
  type CapabilitiesRequest,
  type CapabilitiesResponse,
  type ComcastInfoResponse,
  type DestinationProvider,
  type JobsByEmailResponse,
  type LoadRequest,
  type LoadResponse,
  type MigrationStatusResponse,
  type OkResponse,
  type OptOutRequest,
  type OptOutUpdateResponse,
  type Operation,
  type StatusResponse,
  type SupportRequest,
  type ValidateRequest,
  type ValidateResponse,
} from '../contract/index.ts';
import { initialContext, emptyOtherForm, emptySupportFields, resetContext } from './context.ts';
import { inactiveToSignInError, MESSAGES } from './errors.ts';
import { toJobStatus } from './job-status.ts';
import * as facts from './facts.ts';
import { buildLoadRequest } from './load-request.ts';
import { isOAuthDestination, operationsFor, SUCCESSOR_DESTINATIONS, type OperationsChoice } from './providers.ts';
import { callbackError, callbackFailed, carriesError, hashOf, normalizePath, queryValue, statusCallbackFailed } from './routes.ts';
import { stepsFor, showsStartOver, type SidebarKind } from './sidebar.ts';
import type { PortalContext, PortalEvent, PortalInput, RouteVisited } from './types.ts';
import {
  isEmailHash,
  isSupportFormValid,
  mapImapAlias,
  notificationDomain,
  validateDifferentAddresses,
  validateEmail,
  validateExportId,
  validateImapAddress,
} from './validation.ts';

/** What every screen carries: its route, its step number, its sidebar (docs/decisions/0002). */
export interface ScreenMeta {
  route: string;
  step: number;
  sidebar: SidebarKind;
}

/** The debounce and redirect delays of §9, by name, so the inspector and the diagram show them. */
export const DELAYS = {
  emailDebounce: 1000,
  notificationEmailDebounce: 400,
  emptyNotificationEmailDelay: 800,
  copyConfirmation: 500,
  policyRedirect: 500,
} as const;

/** A default actor that rejects: the machine never calls the network by itself. */
const notProvided = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${name} is not provided: supply it with machine.provide()`)));

const isRoute = (event: PortalEvent): event is RouteVisited => event.type === 'ROUTE.VISITED';

/** The one source of the clock: tests move it with fake timers. */
const now = (): Date => new Date();

const screen = (meta: ScreenMeta) => ({ meta, entry: { type: 'enterScreen' as const, params: meta } });

const route = (path: string) => ({ type: 'routeIs' as const, params: { path } });

/** Every HTTP call of §7 the machine makes, by name (docs/machine-api.md "Actors"). */
const portalActors = {
  fetchCapabilities: notProvided<CapabilitiesResponse, CapabilitiesRequest>('fetchCapabilities'),
  validateCredentials: notProvided<ValidateResponse, ValidateRequest>('validateCredentials'),
  validateImap: notProvided<OkResponse, { imap: string }>('validateImap'),
  validateDomain: notProvided<OkResponse, { domain: string }>('validateDomain'),
  startExport: notProvided<LoadResponse, LoadRequest>('startExport'),
  fetchMigrationStatus: notProvided<MigrationStatusResponse, { tokenId: string; inQa: boolean }>('fetchMigrationStatus'),
  fetchComcastInfo: notProvided<ComcastInfoResponse, { tokenId: string }>('fetchComcastInfo'),
  updateOptOutState: notProvided<OptOutUpdateResponse, { tokenId: string; inQa: boolean; optOutState: OptOutRequest }>(
    'updateOptOutState',
  ),
  fetchJobStatus: notProvided<StatusResponse | null, { exportId: string }>('fetchJobStatus'),
  fetchJobsByEmail: notProvided<JobsByEmailResponse, { hash: string }>('fetchJobsByEmail'),
  submitSupportRequest: notProvided<{ ok: boolean }, SupportRequest>('submitSupportRequest'),
};
export type PortalActorName = keyof typeof portalActors;

export const exportPortalMachine = setup({
  types: {
    context: {} as PortalContext,
    events: {} as PortalEvent,
    input: {} as PortalInput,
    meta: {} as ScreenMeta,
  },
  delays: DELAYS,
  actors: portalActors,

  guards: {
    routeIs: ({ event }, params: { path: string }) => isRoute(event) && normalizePath(event.path) === params.path,
    routeCarriesError: ({ event }) => isRoute(event) && carriesError(event),
    callbackFailed: ({ event }) => isRoute(event) && callbackFailed(event),
    statusCallbackFailed: ({ event }) => isRoute(event) && statusCallbackFailed(event),
    callbackMissingScopeForTermsGated: ({ context, event }) =>
      isRoute(event) && queryValue(event, 'error') === 'MISSING_SCOPE' && context.dstAccount?.provider === 'gmail',
    scopesWereMissing: ({ context }) => context.optionsError === 'MISSING_SCOPE' && context.dstAccount?.provider === 'gmail',
    hasSource: ({ context }) => facts.hasSourceCredentials(context),
    hasSourceToken: ({ context }) => facts.hasSourceToken(context),
    awaitsDestinationToken: ({ context }) => facts.awaitsDestinationToken(context),
    canEnterMigrationOptions: ({ context }) => facts.canEnterMigrationOptions(context),
    needsGoogleTerms: ({ context }) => facts.needsGoogleTerms(context),
    canStartMigration: ({ context }) => facts.canStartMigration(context),
    hasExportId: ({ context }) => context.exportId !== null,
    hasEmailHash: ({ context }) => context.emailHash !== null && isEmailHash(context.emailHash),
    optOutFeatureOn: ({ context }) => context.flags.optOut,
    optOutCanceled: ({ context }) => facts.optOutCanceled(context),
    startOverShown: ({ context }) => showsStartOver(context.currentStep),
    migrationAllowed: ({ context }) => facts.migrationAllowed(context),
    mailboxStillHere: ({ context }) => facts.mailboxStillHere(context),
    // Sign-in home.
    statusLookupIdValid: ({ context }) => validateExportId(context.statusLookup.value) === null,
    // Loading.
    statusRoutesToOptOutInfo: (_, params: { response: MigrationStatusResponse }) =>
      routesToOptOutInfo(deriveOptOutInfo(params.response, now()).optOutInfoState),
    statusReportsProblem: (_, params: { response: MigrationStatusResponse }) =>
      Boolean(params.response.error) || params.response.account === false || params.response.mailbox === false,
    contactsInactive: (_, params: { response: ComcastInfoResponse }) => params.response.inactive === 'carddav',
    accountOrMailboxInactive: (_, params: { response: ComcastInfoResponse }) =>
      Boolean(params.response.inactive) && params.response.inactive !== 'carddav',
    // Opt-out.
    mayRequestOptOut: ({ context }) =>
      context.flags.optOut &&
      facts.mailboxStillHere(context) &&
      canRequestOptOut(context.optOutState) &&
      context.optOutResult !== 'CANCELED_OPT_OUT',
    mayCancelOptOut: ({ context }) => context.flags.optOut && canCancelOptOut(context.optOutState),
    optOutPanelShown: ({ context }) => facts.optOutPanelShown(context),
    optOutUpdateSucceeded: (_, params: { response: OptOutUpdateResponse }) => params.response.status === 'success',
    optOutCancelSucceeded: ({ context }, params: { response: OptOutUpdateResponse }) =>
      params.response.status === 'success' && context.pendingOptOutRequest === 'OPT_OUT_CANCEL',
    // Destination page.
    destinationOffered: ({ context }, params: { provider: DestinationProvider }) => {
      if (params.provider === 'other') return false;
      if (params.provider === 'file') return context.flags.fileExport;
      if (SUCCESSOR_DESTINATIONS.includes(params.provider)) return !context.loginActive;
      return true;
    },
    isOtherEmailField: ({ event }) => event.type === 'OTHER.FIELD_CHANGED' && event.field === 'email',
    otherFormReady: ({ context }) => facts.otherFormReady(context),
    providerChosen: ({ context }) => facts.providerChosen(context),
    customImapSyntaxInvalid: ({ context }) =>
      context.other.customImap && validateImapAddress(context.other.imap) !== null,
    customImapNeedsCheck: ({ context }) => context.other.customImap && !context.other.imapValidated,
    imapResolved: (_, params: { response: OkResponse }) => params.response.ok,
    credentialsOk: (_, params: { response: ValidateResponse }) => params.response.ok && !params.response.error,
    credentialsImapRejected: (_, params: { response: ValidateResponse }) => params.response.error === 'INVALID_IMAP',
    // The service answers unknown and malformed export IDs alike: both are an invalid ID to the user.
    jobUnknown: (_, params: { response: StatusResponse | null }) => params.response === null,
    // Options page.
    operationsChoiceAllowed: ({ context }, params: { choice: OperationsChoice }) =>
      params.choice === 'email' ||
      (params.choice === 'both' ? facts.contactsOffered(context) : facts.justContactsOffered(context)),
    isFileExport: ({ context }) => context.dstAccount?.provider === 'file',
    optionsComplete: ({ context }) => facts.optionsComplete(context),
    destinationUsesOAuth: ({ context }) => context.dstAccount !== null && isOAuthDestination(context.dstAccount.provider),
    // Start page.
    notificationEmailEmpty: ({ event }) => event.type === 'NOTIFICATION_EMAIL.CHANGED' && event.value.trim() === '',
    notificationEmailSyntaxValid: ({ context }) => notificationDomain(context.notificationEmail) !== null,
    notificationEmailAccepted: ({ context }) => facts.notificationEmailAccepted(context),
    domainOk: (_, params: { response: OkResponse }) => params.response.ok,
    // Status pages and support.
    migrationIdValid: ({ context }) => context.migrationId.trim().length === 32,
    supportFormValid: ({ context }) => isSupportFormValid(context.support),
  },
  actions: {
    // Effects supplied by the app (no-ops here, so the machine runs in Node and the inspector).
    leaveForSourceSignIn: () => {},
    leaveForDestinationConsent: (_, _params: { provider: DestinationProvider; operations: Operation[] }) => {},
    leaveForStatusSignIn: () => {},
    leaveForExternalPage: (_, _params: { page: 'privacyPolicy' | 'termsOfService' }) => {},
    copyExportId: (_, _params: { exportId: string }) => {},

    enterScreen: assign(({ context }, params: ScreenMeta) => {
      // The destination page uses the two-step sidebar while the opt-out panel shows (§2).
      const sidebar = params.route === '/destination-account' && facts.optOutPanelShown(context) ? 'two' : params.sidebar;
      return { currentStep: params.step, sidebarSteps: stepsFor(sidebar) };
    }),
    resetStoredState: assign(({ context }) => resetContext(context)),

    // Sign-in home and its modals.
    openErrorFromQuery: assign(({ event }) => {
      if (!isRoute(event)) return {};
      const hash = hashOf(event) === '#error';
      return {
        errorModal: {
          code: queryValue(event, 'error') || (hash ? 'EXTERNAL_OAUTH_ERROR' : 'GENERAL_ERROR'),
          type: queryValue(event, 'type') || (hash ? 'AUTH_ERROR' : null),
          name: queryValue(event, 'message') || queryValue(event, 'email') || null,
          hash,
        },
      };
    }),
    openErrorFromCallback: assign(({ event }) =>
      isRoute(event)
        ? {
            errorModal: {
              code: callbackError(event),
              type: 'AUTH_ERROR',
              name: queryValue(event, 'message') || queryValue(event, 'email') || null,
              hash: false,
            },
          }
        : {},
    ),
    /** A guard of §2 failed: `/` carries the error and the `#error` hash. */
    openGuardError: assign({
      errorModal: { code: 'EXTERNAL_OAUTH_ERROR', type: 'AUTH_ERROR', name: null, hash: true },
    }),
    openSignInError: assign(({ context }, params: { code: string }) => ({
      errorModal: { code: params.code, type: 'AUTH_ERROR', name: context.srcAccount?.email ?? null, hash: false },
    })),
    dismissErrorModal: assign({ errorModal: null }),
    openStatusLookup: assign({ statusLookup: { open: true, value: '', error: null } }),
    closeStatusLookup: assign({ statusLookup: { open: false, value: '', error: null } }),
    setStatusLookupId: assign(({ context, event }) =>
      event.type === 'STATUS_LOOKUP.ID_CHANGED'
        ? { statusLookup: { ...context.statusLookup, value: event.value.slice(0, 64), error: null } }
        : {},
    ),
    rejectStatusLookupId: assign(({ context }) => ({
      statusLookup: { ...context.statusLookup, error: validateExportId(context.statusLookup.value) },
    })),
    useStatusLookupId: assign(({ context }) => ({
      migrationId: context.statusLookup.value.trim(),
      statusLookup: { open: false, value: '', error: null },
      jobStatus: null,
    })),

    // Callbacks.
    storeSourceFromCallback: assign(({ context, event }) => {
      if (!isRoute(event)) return {};
      return {
        ...resetContext(context),
        srcAccount: { email: queryValue(event, 'email'), tokenId: queryValue(event, 'token_id'), provider: 'northwave' },
        validToken: true,
      };
    }),
    storeDestinationFromCallback: assign(({ context, event }) => {
      if (!isRoute(event) || !context.dstAccount) return {};
      return {
        dstAccount: {
          provider: context.dstAccount.provider,
          email: queryValue(event, 'email'),
          tokenId: queryValue(event, 'token_id'),
        },
        optionsError: null,
      };
    }),
    storeStatusSourceFromCallback: assign(({ context, event }) => {
      if (!isRoute(event)) return {};
      return {
        ...resetContext(context),
        srcAccount: { email: queryValue(event, 'email'), tokenId: queryValue(event, 'token_id'), provider: 'northwave' },
        emailHash: queryValue(event, 'hash'),
        jobs: [],
      };
    }),
    recordOptionsError: assign(({ event }) => (isRoute(event) ? { optionsError: callbackError(event) } : {})),
    storeMigrationIdFromQuery: assign(({ event }) =>
      isRoute(event) ? { migrationId: queryValue(event, 'migration_id'), jobStatus: null } : {},
    ),

    // Loading.
    applyMigrationStatus: assign((_, params: { response: MigrationStatusResponse }) => ({
      ...deriveOptOutInfo(params.response, now()),
      optOutState: toServerOptOutState(params.response.optOutState),
      neverAllowContactsMigration: params.response.carddav === false,
      validToken: true,
    })),
    blockContactsMigration: assign({ neverAllowContactsMigration: true, validToken: true }),
    markTokenValid: assign({ validToken: true }),

    // Opt-out.
    setPendingOptOut: assign((_, params: { request: OptOutRequest }) => ({
      pendingOptOutRequest: params.request,
      optOutError: null,
    })),
    applyOptOut: assign({
      optOutState: 'OPTED_OUT_INITIAL',
      optOutInfoState: 'optedOutInitial',
      optOutResult: 'OPTED_OUT',
      pendingOptOutRequest: null,
    }),
    applyOptOutCancel: assign({
      optOutState: 'OPTED_OUT_CANCEL',
      optOutInfoState: 'optedOutCancel',
      optOutResult: 'CANCELED_OPT_OUT',
      pendingOptOutRequest: null,
    }),
    recordOptOutError: assign({ optOutError: MESSAGES.optOutUpdateFailed, pendingOptOutRequest: null }),

    // Destination page.
    selectDestination: assign(({ event }) =>
      event.type === 'DESTINATION.SELECTED'
        ? { dstAccount: { provider: event.provider }, other: emptyOtherForm(), destinationError: null, operations: [] }
        : {},
    ),
    openOther: assign(({ context }) => ({
      dstAccount: { provider: 'other' as const },
      other: { ...context.other, active: true },
      destinationError: null,
      operations: [],
    })),
    setOtherField: assign(({ context, event }) => {
      if (event.type !== 'OTHER.FIELD_CHANGED') return {};
      const errors = { ...context.other.errors, form: null };
      if (event.field === 'email') return { other: { ...context.other, email: event.value, errors: { ...errors, email: null } } };
      if (event.field === 'password') return { other: { ...context.other, password: event.value, errors } };
      return {
        other: { ...context.other, imap: mapImapAlias(event.value), imapValidated: false, errors: { ...errors, imap: null } },
      };
    }),
    toggleCustomImap: assign(({ context, event }) =>
      event.type === 'OTHER.CUSTOM_IMAP_TOGGLED'
        ? {
            other: {
              ...context.other,
              customImap: event.enabled,
              imapValidated: false,
              errors: { ...context.other.errors, imap: null },
            },
          }
        : {},
    ),
    checkOtherEmail: assign(({ context }) => ({
      other: {
        ...context.other,
        errors: {
          ...context.other.errors,
          email: validateEmail(context.other.email) ?? validateDifferentAddresses(context.srcAccount?.email, context.other.email),
        },
      },
    })),
    rejectImap: assign(({ context }) => ({
      other: { ...context.other, imapValidated: false, errors: { ...context.other.errors, imap: MESSAGES.invalidImap } },
    })),
    rejectUnresolvedImap: assign(({ context }) => ({
      other: { ...context.other, imapValidated: false, errors: { ...context.other.errors, imap: MESSAGES.unresolvedImap } },
    })),
    acceptImap: assign(({ context }) => ({
      other: { ...context.other, imapValidated: true, errors: { ...context.other.errors, imap: null } },
    })),
    storeOtherDestination: assign(({ context }) => ({
      dstAccount: {
        provider: 'other' as const,
        email: context.other.email.trim(),
        password: context.other.password,
        imap: context.other.customImap ? context.other.imap.trim() : undefined,
      },
    })),
    rejectCredentials: assign(({ context }) => ({
      other: { ...context.other, errors: { ...context.other.errors, form: MESSAGES.incorrectCredentials } },
    })),
    failCredentialsUnknown: assign(({ context }) => ({
      other: { ...context.other, errors: { ...context.other.errors, form: MESSAGES.unknownError } },
    })),
    applyCapabilities: assign(({ context }, params: { response: CapabilitiesResponse }) => {
      const allowed = params.response.allowed_operations.includes('contactsmigration') && !context.neverAllowContactsMigration;
      return { allowedContactsMigration: allowed, destinationError: null };
    }),
    failDestinationUnknown: assign({ destinationError: MESSAGES.unknownError }),

    // Terms and options.
    acceptGoogleTerms: assign({ googleTermsAccepted: true }),
    keepOfferedOperations: assign(({ context }) => ({
      operations: context.operations.filter((op) => op !== 'contactsmigration' || facts.contactsOffered(context)),
    })),
    selectOperations: assign((_, params: { choice: OperationsChoice }) => ({ operations: operationsFor(params.choice) })),
    selectExportFormat: assign(({ event }) => {
      if (event.type !== 'EXPORT_FORMAT.SELECTED') return {};
      return event.kind === 'email' ? { emailExportType: event.format } : { contactsExportType: event.format };
    }),
    clearOptionsError: assign({ optionsError: null }),

    // Start page.
    defaultNotificationEmail: assign(({ context }) =>
      context.notificationEmail === '' ? { notificationEmail: context.srcAccount?.email ?? '', notificationEmailError: null } : {},
    ),
    setNotificationEmail: assign(({ event }) =>
      event.type === 'NOTIFICATION_EMAIL.CHANGED' ? { notificationEmail: event.value, notificationEmailError: null } : {},
    ),
    rejectNotificationEmail: assign({ notificationEmailError: MESSAGES.invalidNotificationEmail }),
    acceptNotificationEmail: assign({ notificationEmailError: null }),
    clearStartError: assign({ startError: null }),
    storeExportId: assign((_, params: { response: LoadResponse }) => ({ exportId: params.response.jobid, startError: null })),
    failStart: assign({ startError: MESSAGES.unknownError }),
    /** §2 /complete: stored migration data goes; the export ID stays to be shown and copied. */
    clearMigrationData: assign(({ context }) => ({
      ...resetContext(context),
      exportId: context.exportId,
      srcAccount: context.srcAccount ? { email: context.srcAccount.email, provider: context.srcAccount.provider } : null,
    })),

    // Status pages.
    storeJobStatus: assign((_, params: { response: StatusResponse | null }) => {
      if (!params.response) return {};
      const failed = Boolean(params.response.error);
      const status = (op: StatusResponse['emailmigration']) => (op ? (failed ? 'error' : toJobStatus(op.status)) : null);
      return {
        jobStatus: {
          emailmigration: status(params.response.emailmigration),
          contactsmigration: status(params.response.contactsmigration),
          downloadUrl: params.response.emailmigration?.download_url ?? params.response.contactsmigration?.download_url ?? null,
        },
      };
    }),
    storeJobs: assign((_, params: { response: JobsByEmailResponse }) => ({
      // At most five, newest first (§2, §9).
      jobs: Object.entries(params.response)
        .map(([id, startedAt]) => ({ id, startedAt }))
        .sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt))
        .slice(0, 5),
    })),

    // Support form.
    setSupportField: assign(({ context, event }) =>
      event.type === 'SUPPORT.FIELD_CHANGED' ? { support: { ...context.support, [event.field]: event.value }, supportError: null } : {},
    ),
    clearSupportForm: assign({ support: emptySupportFields(), supportError: null }),
    failSupport: assign({ supportError: MESSAGES.unknownError }),
  },
}).createMachine({
  id: 'exportPortal',
  context: ({ input }) => initialContext(input),
  initial: 'signIn',
  on: {
    // URL → machine. Each "Guard: … else …" of §2 is one guarded transition here, in order.
    'ROUTE.VISITED': [
      { guard: and([route('/'), 'routeCarriesError']), target: '.signIn', actions: 'openErrorFromQuery' },
      { guard: route('/'), target: '.signIn', actions: 'resetStoredState' },

      {
        guard: and([route('/oauth-callback'), 'callbackFailed', 'canEnterMigrationOptions', 'callbackMissingScopeForTermsGated']),
        target: '.checkEmailScopes',
        actions: 'recordOptionsError',
      },
      {
        guard: and([route('/oauth-callback'), 'callbackFailed', 'canEnterMigrationOptions', 'needsGoogleTerms']),
        target: '.acceptGoogleTerms',
        actions: 'recordOptionsError',
      },
      {
        guard: and([route('/oauth-callback'), 'callbackFailed', 'canEnterMigrationOptions']),
        target: '.migrationOptions',
        actions: 'recordOptionsError',
      },
      { guard: and([route('/oauth-callback'), 'callbackFailed']), target: '.signIn', actions: 'openErrorFromCallback' },
      {
        guard: and([route('/oauth-callback'), 'hasSource', 'awaitsDestinationToken', 'migrationAllowed']),
        target: '.startMigration',
        actions: 'storeDestinationFromCallback',
      },
      { guard: route('/oauth-callback'), target: '.loading', actions: 'storeSourceFromCallback' },

      {
        guard: and([route('/oauth-callback-for-status'), not('statusCallbackFailed')]),
        target: '.statusFromEmail',
        actions: 'storeStatusSourceFromCallback',
      },
      { guard: route('/oauth-callback-for-status'), target: '.signIn', actions: 'openErrorFromCallback' },

      { guard: and([route('/loading'), 'hasSourceToken']), target: '.loading' },
      { guard: and([route('/destination-account'), 'hasSourceToken']), target: '.destinationAccount' },

      {
        guard: and([route('/accept-google-terms'), 'canEnterMigrationOptions', 'needsGoogleTerms']),
        target: '.acceptGoogleTerms',
      },
      { guard: and([route('/accept-google-terms'), 'canEnterMigrationOptions']), target: '.migrationOptions' },
      {
        guard: and([route('/migration-options'), 'canEnterMigrationOptions', 'needsGoogleTerms']),
        target: '.acceptGoogleTerms',
      },
      { guard: and([route('/migration-options'), 'canEnterMigrationOptions']), target: '.migrationOptions' },
      {
        guard: and([route('/check-email-scopes'), 'canEnterMigrationOptions', 'scopesWereMissing']),
        target: '.checkEmailScopes',
      },
      { guard: route('/migration-options'), target: '.signIn', actions: 'openGuardError' },

      { guard: and([route('/start-migration'), 'canStartMigration']), target: '.startMigration' },
      { guard: and([route('/complete'), 'hasExportId']), target: '.complete' },

      {
        guard: and([route('/opt-out-info'), 'optOutFeatureOn', 'hasSource', 'optOutCanceled']),
        target: '.destinationAccount',
      },
      { guard: and([route('/opt-out-info'), 'optOutFeatureOn', 'hasSource']), target: '.optOutInfo' },

      { guard: route('/status'), target: '.status', actions: 'storeMigrationIdFromQuery' },
      { guard: and([route('/status-from-email'), 'hasEmailHash']), target: '.statusFromEmail' },
      { guard: route('/privacy-policy'), target: '.privacyPolicy' },
      { guard: route('/terms-of-service'), target: '.termsOfService' },
      { guard: route('/support-form'), target: '.supportForm' },

      // Any other route, or a guard above that failed: the home, which resets without an error.
      { target: '.signIn', actions: 'resetStoredState' },
    ],
    'START_OVER.REQUESTED': { guard: 'startOverShown', target: '.signIn', actions: 'resetStoredState' },
  },
  states: {
    signIn: {
      ...screen({ route: '/', step: 1, sidebar: 'five' }),
      initial: 'idle',
      states: {
        idle: {
          on: {
            'SIGN_IN.REQUESTED': { target: 'leavingForSignIn', actions: 'resetStoredState' },
            'STATUS_LOOKUP.OPENED': { actions: 'openStatusLookup' },
            'STATUS_LOOKUP.CLOSED': { actions: 'closeStatusLookup' },
            'STATUS_LOOKUP.ID_CHANGED': { actions: 'setStatusLookupId' },
            'STATUS_LOOKUP.SUBMITTED': [
              { guard: 'statusLookupIdValid', target: '#exportPortal.status', actions: 'useStatusLookupId' },
              { actions: 'rejectStatusLookupId' },
            ],
            'STATUS_LOOKUP.SIGN_IN_REQUESTED': { target: 'leavingForStatusSignIn', actions: 'closeStatusLookup' },
            'ERROR_MODAL.DISMISSED': { actions: 'dismissErrorModal' },
          },
        },
        // Waiting states: the redirect is their entry, so a restored snapshot never redirects twice.
        leavingForSignIn: { entry: 'leaveForSourceSignIn' },
        leavingForStatusSignIn: { entry: 'leaveForStatusSignIn' },
      },
    },

    loading: {
      ...screen({ route: '/loading', step: 1, sidebar: 'five' }),
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'optOutFeatureOn', target: 'fetchingMigrationStatus' }, { target: 'fetchingComcastInfo' }],
        },
        fetchingMigrationStatus: {
          invoke: {
            id: 'fetchMigrationStatus',
            src: 'fetchMigrationStatus',
            input: ({ context }) => ({ tokenId: context.srcAccount?.tokenId ?? '', inQa: context.inQa }),
            onDone: [
              {
                guard: { type: 'statusRoutesToOptOutInfo', params: ({ event }) => ({ response: event.output }) },
                target: '#exportPortal.optOutInfo',
                actions: { type: 'applyMigrationStatus', params: ({ event }) => ({ response: event.output }) },
              },
              {
                guard: { type: 'statusReportsProblem', params: ({ event }) => ({ response: event.output }) },
                target: '#exportPortal.signIn',
                actions: {
                  type: 'openSignInError',
                  params: ({ event }) => ({
                    code:
                      event.output.error === 'ACCOUNT_DOES_NOT_EXIST' || event.output.account === false
                        ? 'ACCOUNT_DOES_NOT_EXIST'
                        : event.output.error
                          ? 'GENERAL_ERROR'
                          : 'MAILBOX_IS_NOT_ACTIVE',
                  }),
                },
              },
              {
                target: '#exportPortal.destinationAccount',
                actions: { type: 'applyMigrationStatus', params: ({ event }) => ({ response: event.output }) },
              },
            ],
            onError: {
              target: '#exportPortal.signIn',
              actions: { type: 'openSignInError', params: { code: 'GENERAL_ERROR' } },
            },
          },
        },
        fetchingComcastInfo: {
          invoke: {
            id: 'fetchComcastInfo',
            src: 'fetchComcastInfo',
            input: ({ context }) => ({ tokenId: context.srcAccount?.tokenId ?? '' }),
            onDone: [
              {
                guard: { type: 'contactsInactive', params: ({ event }) => ({ response: event.output }) },
                target: '#exportPortal.destinationAccount',
                actions: 'blockContactsMigration',
              },
              {
                guard: { type: 'accountOrMailboxInactive', params: ({ event }) => ({ response: event.output }) },
                target: '#exportPortal.signIn',
                actions: {
                  type: 'openSignInError',
                  params: ({ event }) => ({ code: inactiveToSignInError(event.output.inactive ?? '') }),
                },
              },
              { target: '#exportPortal.destinationAccount', actions: 'markTokenValid' },
            ],
            onError: {
              target: '#exportPortal.signIn',
              actions: { type: 'openSignInError', params: { code: 'GENERAL_ERROR' } },
            },
          },
        },
      },
    },

    optOutInfo: {
      ...screen({ route: '/opt-out-info', step: 2, sidebar: 'two' }),
      initial: 'idle',
      states: {
        idle: {
          on: {
            'OPT_OUT.REQUESTED': {
              guard: 'mayRequestOptOut',
              target: 'updating',
              actions: { type: 'setPendingOptOut', params: { request: 'OPT_OUT' } },
            },
            'OPT_OUT.CANCEL_REQUESTED': { guard: 'mayCancelOptOut', target: 'confirmingCancel' },
            'WIZARD.NEXT_REQUESTED': {
              guard: and(['migrationAllowed', 'hasSourceToken', 'mailboxStillHere']),
              target: '#exportPortal.destinationAccount',
            },
          },
        },
        confirmingCancel: {
          on: {
            'OPT_OUT.CANCEL_CONFIRMED': {
              target: 'updating',
              actions: { type: 'setPendingOptOut', params: { request: 'OPT_OUT_CANCEL' } },
            },
            'OPT_OUT.CANCEL_DISMISSED': 'idle',
          },
        },
        updating: {
          invoke: {
            id: 'updateOptOutState',
            src: 'updateOptOutState',
            input: ({ context }) => ({
              tokenId: context.srcAccount?.tokenId ?? '',
              inQa: context.inQa,
              optOutState: context.pendingOptOutRequest ?? 'OPT_OUT',
            }),
            onDone: [
              {
                guard: { type: 'optOutCancelSucceeded', params: ({ event }) => ({ response: event.output }) },
                // After a cancel there is no way back to the closure (§1): the wizard goes on.
                target: '#exportPortal.destinationAccount',
                actions: 'applyOptOutCancel',
              },
              {
                guard: { type: 'optOutUpdateSucceeded', params: ({ event }) => ({ response: event.output }) },
                target: 'idle',
                actions: 'applyOptOut',
              },
              { target: 'idle', actions: 'recordOptOutError' },
            ],
            onError: { target: 'idle', actions: 'recordOptOutError' },
          },
        },
      },
    },

    destinationAccount: {
      ...screen({ route: '/destination-account', step: 2, sidebar: 'five' }),
      initial: 'choosing',
      on: {
        'DESTINATION.SELECTED': {
          guard: { type: 'destinationOffered', params: ({ event }) => ({ provider: event.provider }) },
          target: '.choosing',
          actions: 'selectDestination',
        },
        'OTHER.OPENED': { target: '.choosing', actions: 'openOther' },
        'OTHER.FIELD_CHANGED': [
          // Typing the email restarts its 1000 ms check and clears the earlier error (§5).
          { guard: 'isOtherEmailField', target: '.emailPending', reenter: true, actions: 'setOtherField' },
          { actions: 'setOtherField' },
        ],
        'OTHER.CUSTOM_IMAP_TOGGLED': { actions: 'toggleCustomImap' },
        'OPT_OUT.CANCEL_REQUESTED': {
          guard: and(['optOutPanelShown', 'mayCancelOptOut']),
          target: '#exportPortal.optOutInfo.confirmingCancel',
        },
      },
      states: {
        choosing: {
          on: {
            'WIZARD.NEXT_REQUESTED': [
              { guard: 'otherFormReady', target: 'validatingCredentials' },
              { guard: 'providerChosen', target: 'fetchingCapabilities' },
            ],
            'OTHER.IMAP_BLURRED': [
              { guard: 'customImapSyntaxInvalid', actions: 'rejectImap' },
              { guard: 'customImapNeedsCheck', target: 'validatingImap' },
            ],
          },
        },
        emailPending: {
          after: { emailDebounce: { target: 'choosing', actions: 'checkOtherEmail' } },
          on: {
            'OTHER.IMAP_BLURRED': [
              { guard: 'customImapSyntaxInvalid', target: 'choosing', actions: ['checkOtherEmail', 'rejectImap'] },
              { guard: 'customImapNeedsCheck', target: 'validatingImap', actions: 'checkOtherEmail' },
            ],
          },
        },
        validatingImap: {
          invoke: {
            id: 'validateImap',
            src: 'validateImap',
            input: ({ context }) => ({ imap: context.other.imap.trim() }),
            onDone: [
              {
                guard: { type: 'imapResolved', params: ({ event }) => ({ response: event.output }) },
                target: 'choosing',
                actions: 'acceptImap',
              },
              { target: 'choosing', actions: 'rejectUnresolvedImap' },
            ],
            onError: { target: 'choosing', actions: 'rejectImap' },
          },
        },
        validatingCredentials: {
          invoke: {
            id: 'validateCredentials',
            src: 'validateCredentials',
            input: ({ context }) => ({
              email: context.other.email.trim(),
              password: context.other.password,
              imap: context.other.customImap ? context.other.imap.trim() : undefined,
              provider: 'other',
            }),
            onDone: [
              {
                guard: { type: 'credentialsOk', params: ({ event }) => ({ response: event.output }) },
                target: 'fetchingCapabilities',
                actions: 'storeOtherDestination',
              },
              {
                guard: { type: 'credentialsImapRejected', params: ({ event }) => ({ response: event.output }) },
                target: 'choosing',
                actions: 'rejectImap',
              },
              { target: 'choosing', actions: 'rejectCredentials' },
            ],
            onError: { target: 'choosing', actions: 'failCredentialsUnknown' },
          },
        },
        fetchingCapabilities: {
          invoke: {
            id: 'fetchCapabilities',
            src: 'fetchCapabilities',
            input: ({ context }) => ({ email: context.srcAccount?.email ?? '' }),
            onDone: [
              {
                guard: 'needsGoogleTerms',
                target: '#exportPortal.acceptGoogleTerms',
                actions: { type: 'applyCapabilities', params: ({ event }) => ({ response: event.output }) },
              },
              {
                target: '#exportPortal.migrationOptions',
                actions: { type: 'applyCapabilities', params: ({ event }) => ({ response: event.output }) },
              },
            ],
            onError: { target: 'choosing', actions: 'failDestinationUnknown' },
          },
        },
      },
    },

    acceptGoogleTerms: {
      ...screen({ route: '/accept-google-terms', step: 2, sidebar: 'five' }),
      on: {
        'WIZARD.NEXT_REQUESTED': { target: 'migrationOptions', actions: 'acceptGoogleTerms' },
        'WIZARD.BACK_REQUESTED': 'destinationAccount',
      },
    },

    migrationOptions: {
      ...screen({ route: '/migration-options', step: 3, sidebar: 'five' }),
      entry: [{ type: 'enterScreen', params: { route: '/migration-options', step: 3, sidebar: 'five' } }, 'keepOfferedOperations'],
      initial: 'idle',
      on: { 'WIZARD.BACK_REQUESTED': 'destinationAccount' },
      states: {
        idle: {
          on: {
            'OPERATIONS.SELECTED': {
              guard: { type: 'operationsChoiceAllowed', params: ({ event }) => ({ choice: event.choice }) },
              actions: { type: 'selectOperations', params: ({ event }) => ({ choice: event.choice }) },
            },
            'EXPORT_FORMAT.SELECTED': { guard: 'isFileExport', actions: 'selectExportFormat' },
            'WIZARD.NEXT_REQUESTED': [
              {
                guard: and(['optionsComplete', 'destinationUsesOAuth']),
                target: 'leavingForConsent',
                actions: 'clearOptionsError',
              },
              { guard: 'optionsComplete', target: '#exportPortal.startMigration', actions: 'clearOptionsError' },
            ],
          },
        },
        // The consent redirect is this state's entry: a restored snapshot never leaves twice.
        leavingForConsent: {
          entry: {
            type: 'leaveForDestinationConsent',
            params: ({ context }) => ({
              provider: context.dstAccount?.provider ?? 'gmail',
              operations: context.operations,
            }),
          },
        },
      },
    },

    checkEmailScopes: {
      ...screen({ route: '/check-email-scopes', step: 3, sidebar: 'five' }),
      on: {
        'WIZARD.NEXT_REQUESTED': [
          { guard: 'needsGoogleTerms', target: 'acceptGoogleTerms', actions: 'clearOptionsError' },
          { target: 'migrationOptions', actions: 'clearOptionsError' },
        ],
      },
    },

    startMigration: {
      ...screen({ route: '/start-migration', step: 4, sidebar: 'five' }),
      entry: [
        { type: 'enterScreen', params: { route: '/start-migration', step: 4, sidebar: 'five' } },
        'defaultNotificationEmail',
        'clearStartError',
      ],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'NOTIFICATION_EMAIL.CHANGED': [
              { guard: 'notificationEmailEmpty', target: 'notificationEmailEmpty', actions: 'setNotificationEmail' },
              { target: 'notificationEmailPending', actions: 'setNotificationEmail' },
            ],
            'WIZARD.BACK_REQUESTED': '#exportPortal.migrationOptions',
            'EXPORT.START_REQUESTED': { guard: 'notificationEmailAccepted', target: 'starting', actions: 'clearStartError' },
          },
        },
        notificationEmailPending: {
          after: {
            notificationEmailDebounce: [
              { guard: 'notificationEmailSyntaxValid', target: 'validatingNotificationEmail' },
              { target: 'idle', actions: 'rejectNotificationEmail' },
            ],
          },
          on: {
            'NOTIFICATION_EMAIL.CHANGED': [
              { guard: 'notificationEmailEmpty', target: 'notificationEmailEmpty', actions: 'setNotificationEmail' },
              { target: 'notificationEmailPending', reenter: true, actions: 'setNotificationEmail' },
            ],
            'WIZARD.BACK_REQUESTED': '#exportPortal.migrationOptions',
          },
        },
        notificationEmailEmpty: {
          after: { emptyNotificationEmailDelay: { target: 'idle', actions: 'rejectNotificationEmail' } },
          on: {
            'NOTIFICATION_EMAIL.CHANGED': [
              { guard: 'notificationEmailEmpty', target: 'notificationEmailEmpty', reenter: true, actions: 'setNotificationEmail' },
              { target: 'notificationEmailPending', actions: 'setNotificationEmail' },
            ],
            'WIZARD.BACK_REQUESTED': '#exportPortal.migrationOptions',
          },
        },
        validatingNotificationEmail: {
          invoke: {
            id: 'validateDomain',
            src: 'validateDomain',
            input: ({ context }) => ({ domain: notificationDomain(context.notificationEmail) ?? '' }),
            onDone: [
              {
                guard: { type: 'domainOk', params: ({ event }) => ({ response: event.output }) },
                target: 'idle',
                actions: 'acceptNotificationEmail',
              },
              { target: 'idle', actions: 'rejectNotificationEmail' },
            ],
            onError: { target: 'idle', actions: 'rejectNotificationEmail' },
          },
          on: {
            'NOTIFICATION_EMAIL.CHANGED': [
              { guard: 'notificationEmailEmpty', target: 'notificationEmailEmpty', actions: 'setNotificationEmail' },
              { target: 'notificationEmailPending', actions: 'setNotificationEmail' },
            ],
            'WIZARD.BACK_REQUESTED': '#exportPortal.migrationOptions',
          },
        },
        // No START handler here: a double click never starts two exports.
        starting: {
          invoke: {
            id: 'startExport',
            src: 'startExport',
            input: ({ context }) => buildLoadRequest(context),
            onDone: {
              target: '#exportPortal.complete',
              actions: { type: 'storeExportId', params: ({ event }) => ({ response: event.output }) },
            },
            onError: { target: 'idle', actions: 'failStart' },
          },
        },
      },
    },

    complete: {
      ...screen({ route: '/complete', step: 5, sidebar: 'five' }),
      // Clear first: the reset would otherwise wipe the step and sidebar enterScreen just set.
      entry: ['clearMigrationData', { type: 'enterScreen', params: { route: '/complete', step: 5, sidebar: 'five' } }],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'EXPORT_ID.COPY_REQUESTED': {
              target: 'copied',
              actions: { type: 'copyExportId', params: ({ context }) => ({ exportId: context.exportId ?? '' }) },
            },
          },
        },
        copied: {
          after: { copyConfirmation: 'idle' },
          on: {
            'EXPORT_ID.COPY_REQUESTED': {
              target: 'copied',
              reenter: true,
              actions: { type: 'copyExportId', params: ({ context }) => ({ exportId: context.exportId ?? '' }) },
            },
          },
        },
      },
    },

    status: {
      ...screen({ route: '/status', step: 5, sidebar: 'five' }),
      initial: 'checkingId',
      states: {
        checkingId: { always: [{ guard: 'migrationIdValid', target: 'loading' }, { target: 'invalidId' }] },
        loading: {
          invoke: {
            id: 'fetchJobStatus',
            src: 'fetchJobStatus',
            input: ({ context }) => ({ exportId: context.migrationId.trim() }),
            onDone: [
              { guard: { type: 'jobUnknown', params: ({ event }) => ({ response: event.output }) }, target: 'invalidId' },
              {
                target: 'shown',
                actions: { type: 'storeJobStatus', params: ({ event }) => ({ response: event.output }) },
              },
            ],
            onError: 'failed',
          },
        },
        shown: { on: { 'STATUS.RETRY_REQUESTED': 'loading' } },
        invalidId: {},
        failed: { on: { 'STATUS.RETRY_REQUESTED': 'loading' } },
      },
    },

    statusFromEmail: {
      ...screen({ route: '/status-from-email', step: 5, sidebar: 'five' }),
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchJobsByEmail',
            src: 'fetchJobsByEmail',
            input: ({ context }) => ({ hash: context.emailHash ?? '' }),
            onDone: {
              target: 'shown',
              actions: { type: 'storeJobs', params: ({ event }) => ({ response: event.output }) },
            },
            onError: 'failed',
          },
        },
        shown: {},
        failed: { on: { 'STATUS.RETRY_REQUESTED': 'loading' } },
      },
    },

    supportForm: {
      ...screen({ route: '/support-form', step: 6, sidebar: 'none' }),
      initial: 'idle',
      states: {
        idle: {
          on: {
            'SUPPORT.FIELD_CHANGED': { actions: 'setSupportField' },
            'SUPPORT.SUBMITTED': { guard: 'supportFormValid', target: 'sending' },
          },
        },
        sending: {
          invoke: {
            id: 'submitSupportRequest',
            src: 'submitSupportRequest',
            input: ({ context }) => ({ ...context.support }),
            onDone: { target: 'sent', actions: 'clearSupportForm' },
            onError: { target: 'failed', actions: 'failSupport' },
          },
        },
        sent: { on: { 'SUPPORT.FIELD_CHANGED': { target: 'idle', actions: 'setSupportField' } } },
        failed: {
          on: {
            'SUPPORT.FIELD_CHANGED': { target: 'idle', actions: 'setSupportField' },
            'SUPPORT.SUBMITTED': { guard: 'supportFormValid', target: 'sending' },
          },
        },
      },
    },

    privacyPolicy: {
      ...screen({ route: '/privacy-policy', step: 0, sidebar: 'none' }),
      initial: 'waiting',
      states: {
        waiting: { after: { policyRedirect: 'leaving' } },
        leaving: { entry: { type: 'leaveForExternalPage', params: { page: 'privacyPolicy' } } },
      },
    },
    termsOfService: {
      ...screen({ route: '/terms-of-service', step: 0, sidebar: 'none' }),
      initial: 'waiting',
      states: {
        waiting: { after: { policyRedirect: 'leaving' } },
        leaving: { entry: { type: 'leaveForExternalPage', params: { page: 'termsOfService' } } },
      },
    },
  },
});

export type ExportPortalMachine = typeof exportPortalMachine;
