/** The sign-in home: its error modal and status lookup, and what the OAuth callbacks bring back. */
import { assertEvent } from 'xstate';
import { SOURCE_PROVIDER } from '../../../contract/index.ts';
import { resetContext } from '../../context.ts';
import { callbackError, hashOf, queryValue } from '../../routes.ts';
import type { PortalContext, RouteVisited } from '../../types.ts';
import { validateExportId } from '../../validation.ts';
import { update } from '../typed.ts';

const closedLookup = { open: false, value: '', error: null };

/** The account a sign-in callback brings: the provider's address and the token for the export service. */
const signedInSource = (event: RouteVisited) => ({
  email: queryValue(event, 'email'),
  tokenId: queryValue(event, 'token_id'),
  provider: SOURCE_PROVIDER,
});

/** A status sign-in's callback: a fresh start, signed in, with the email hash that lists the account's exports. */
const statusSignIn = (context: PortalContext, event: RouteVisited): PortalContext => ({
  ...resetContext(context),
  srcAccount: signedInSource(event),
  emailHash: queryValue(event, 'hash'),
  jobs: [],
});

/** The modal names the address the error is about: `message` or `email` of the query. */
const nameInQuery = (event: RouteVisited) => queryValue(event, 'message') || queryValue(event, 'email') || null;

export const signInActions = {
  resetStoredState: update(({ context }) => resetContext(context)),

  openErrorFromQuery: update(({ event }) => {
    assertEvent(event, 'ROUTE.VISITED');
    const hash = hashOf(event) === '#error';
    return {
      errorModal: {
        code: queryValue(event, 'error') || (hash ? 'EXTERNAL_OAUTH_ERROR' : 'GENERAL_ERROR'),
        type: queryValue(event, 'type') || (hash ? 'AUTH_ERROR' : null),
        name: nameInQuery(event),
        hash,
      },
    };
  }),
  openErrorFromCallback: update(({ event }) => {
    assertEvent(event, 'ROUTE.VISITED');
    return { errorModal: { code: callbackError(event), type: 'AUTH_ERROR', name: nameInQuery(event), hash: false } };
  }),
  /** A route's guard failed: `/` carries the error and the `#error` hash. */
  openGuardError: update(() => ({ errorModal: { code: 'EXTERNAL_OAUTH_ERROR', type: 'AUTH_ERROR', name: null, hash: true } })),
  openSignInError: update(({ context }, params: { code: string }) => ({
    errorModal: { code: params.code, type: 'AUTH_ERROR', name: context.srcAccount?.email ?? null, hash: false },
  })),
  dismissErrorModal: update(() => ({ errorModal: null })),
  /** The support form opens with the modal's reason, and the address it named (when it is one); the modal closes. */
  supportFromErrorModal: update(({ context, event }) => {
    assertEvent(event, 'ERROR_MODAL.SUPPORT_REQUESTED');
    const modal = context.errorModal;
    if (!modal) return {};
    const address = modal.name?.includes('@') ? modal.name : context.support.email_address;
    return {
      errorModal: null,
      support: { ...context.support, email_address: address, issue: event.issue },
      supportError: null,
    };
  }),

  openStatusLookup: update(() => ({ statusLookup: { open: true, value: '', error: null } })),
  closeStatusLookup: update(() => ({ statusLookup: closedLookup })),
  setStatusLookupId: update(({ context, event }) => {
    assertEvent(event, 'STATUS_LOOKUP.ID_CHANGED');
    // The field's length attribute is 64; a pasted longer text is cut the same way.
    return { statusLookup: { ...context.statusLookup, value: event.value.slice(0, 64), error: null } };
  }),
  rejectStatusLookupId: update(({ context }) => ({
    statusLookup: { ...context.statusLookup, error: validateExportId(context.statusLookup.value) },
  })),
  useStatusLookupId: update(({ context }) => ({
    statusExportId: context.statusLookup.value.trim(),
    statusLookup: closedLookup,
    jobStatus: null,
  })),

  storeSourceFromCallback: update(({ context, event }) => {
    assertEvent(event, 'ROUTE.VISITED');
    return { ...resetContext(context), srcAccount: signedInSource(event), validToken: true };
  }),
  storeDestinationFromCallback: update(({ context, event }) => {
    assertEvent(event, 'ROUTE.VISITED');
    if (!context.dstAccount) return {};
    return {
      dstAccount: { provider: context.dstAccount.provider, email: queryValue(event, 'email'), tokenId: queryValue(event, 'token_id') },
      optionsError: null,
    };
  }),
  storeStatusSourceFromCallback: update(({ context, event }) => {
    assertEvent(event, 'ROUTE.VISITED');
    return statusSignIn(context, event);
  }),
  /** Back from the sign-in asked for to download a file: signed in, on the same export. */
  storeStatusSourceForExport: update(({ context, event }) => {
    assertEvent(event, 'ROUTE.VISITED');
    return { ...statusSignIn(context, event), statusExportId: context.statusExportId };
  }),
  recordOptionsError: update(({ event }) => {
    assertEvent(event, 'ROUTE.VISITED');
    return { optionsError: callbackError(event) };
  }),
  storeStatusExportIdFromQuery: update(({ event }) => {
    assertEvent(event, 'ROUTE.VISITED');
    return { statusExportId: queryValue(event, 'migration_id'), jobStatus: null };
  }),
};
