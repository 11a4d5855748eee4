/** `/`: the sign-in home, with the status lookup modal and the error modal. */
import { ROUTES } from '../routes.ts';
import { portalSetup } from '../setup/index.ts';

export const signIn = portalSetup.createStateConfig({
  meta: { route: ROUTES.signIn, step: 1, sidebar: 'five' },
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
        // The modal's next steps: sign in again where that can help, or ask support with the reason filled in.
        'ERROR_MODAL.RETRY_REQUESTED': { guard: 'signInRetryHelps', target: 'leavingForSignIn', actions: 'resetStoredState' },
        'ERROR_MODAL.SUPPORT_REQUESTED': { guard: 'errorModalOpen', target: '#exportPortal.supportForm', actions: 'supportFromErrorModal' },
      },
    },
    // Waiting states: the redirect is their entry, so a restored snapshot never redirects twice.
    leavingForSignIn: { entry: { type: 'leaveForSourceSignIn', params: ({ context }) => ({ language: context.language }) } },
    leavingForStatusSignIn: { entry: { type: 'leaveForStatusSignIn', params: ({ context }) => ({ language: context.language }) } },
  },
});
