/**
 * `/opt-out-info`: the account closure view — schedule a closure, or cancel one (which cannot be
 * undone). Both ask first: closing is the most final thing in the portal, so the customer sees
 * what it means and the date before the request goes out.
 */
import { and } from 'xstate';
import { ROUTES } from '../routes.ts';
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';
import { startOver } from './shared.ts';

export const optOutInfo = portalSetup.createStateConfig({
  meta: { route: ROUTES.optOutInfo, step: 2, sidebar: 'two' },
  on: startOver,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'OPT_OUT.REQUESTED': { guard: 'mayRequestOptOut', target: 'confirmingSchedule' },
        'OPT_OUT.CANCEL_REQUESTED': { guard: 'mayCancelOptOut', target: 'confirmingCancel' },
        'WIZARD.NEXT_REQUESTED': {
          guard: and(['migrationAllowed', 'hasSourceToken', 'mailboxStillHere']),
          target: '#exportPortal.destinationAccount',
        },
      },
    },
    confirmingSchedule: {
      on: {
        'OPT_OUT.CONFIRMED': {
          target: 'updating',
          actions: { type: 'setPendingOptOut', params: { request: 'OPT_OUT' } },
        },
        'OPT_OUT.DISMISSED': 'idle',
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
            guard: { type: 'optOutCancelSucceeded', params: response },
            // After a cancel there is no way back to the closure: the wizard goes on.
            target: '#exportPortal.destinationAccount',
            actions: 'applyOptOutCancel',
          },
          { guard: { type: 'optOutUpdateSucceeded', params: response }, target: 'idle', actions: 'applyOptOut' },
          { target: 'idle', actions: 'recordOptOutError' },
        ],
        onError: { target: 'idle', actions: 'recordOptOutError' },
      },
    },
  },
});
