/** `/support-form`, and the two policy pages that redirect to the external policy after 500 ms. */
import { ROUTES } from '../routes.ts';
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';
import type { PolicyPage } from '../types.ts';
import { startOver } from './shared.ts';

export const supportForm = portalSetup.createStateConfig({
  meta: { route: ROUTES.supportForm, step: 6, sidebar: 'none' },
  on: startOver,
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
        onDone: [
          { guard: { type: 'refused', params: response }, target: 'failed', actions: { type: 'refuseSupport', params: response } },
          { target: 'sent', actions: 'clearSupportForm' },
        ],
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
});

/** A policy page: it shows a moment, then leaves for the external page (a restore does not leave twice). */
export const policyRedirect = (page: PolicyPage) =>
  portalSetup.createStateConfig({
    meta: { route: ROUTES[page], step: 0, sidebar: 'none' },
    initial: 'waiting',
    states: {
      waiting: { after: { policyRedirect: 'leaving' } },
      leaving: { entry: { type: 'leaveForExternalPage', params: { page } } },
    },
  });
