/**
 * The status pages: `/status` (one export by ID; while it runs the page follows it, and its owner
 * may stop it) and `/status-from-email` (the exports found for a status sign-in).
 */
import { ROUTES } from '../routes.ts';
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';
import { cancelExportStates } from './cancel-export.ts';
import { backHome } from './shared.ts';

export const status = portalSetup.createStateConfig({
  meta: { route: ROUTES.status, step: 5, sidebar: 'five' },
  initial: 'checkingId',
  states: {
    checkingId: { always: [{ guard: 'statusExportIdValid', target: 'loading' }, { target: 'invalidId' }] },
    loading: {
      invoke: {
        id: 'fetchJobStatus',
        src: 'fetchJobStatus',
        input: ({ context }) => ({ exportId: context.statusExportId.trim() }),
        onDone: [
          { guard: { type: 'jobUnknown', params: response }, target: 'invalidId' },
          { target: 'shown', actions: { type: 'storeJobStatus', params: response } },
        ],
        onError: 'failed',
      },
    },
    // Once an answer is shown, the page offers to go home; while the export runs, it follows it: every
    // 1.5 s while items move (a change shows within 2 s), every 10 s while it only waits for the destination.
    shown: {
      initial: 'watching',
      states: {
        watching: {
          after: {
            statusPollMoving: { guard: 'jobMoving', target: 'refreshing' },
            statusPoll: { guard: 'jobWaiting', target: 'refreshing' },
          },
          on: {
            ...backHome,
            'STATUS.RETRY_REQUESTED': '#exportPortal.status.loading',
            'EXPORT.CANCEL_REQUESTED': { guard: 'mayCancelExport', target: 'confirmingCancel' },
          },
        },
        // A quiet refresh: what is shown stays until the new answer arrives.
        refreshing: {
          on: backHome,
          invoke: {
            id: 'fetchJobStatus',
            src: 'fetchJobStatus',
            input: ({ context }) => ({ exportId: context.statusExportId.trim() }),
            onDone: [
              // Gone since (past its retention): the page says the ID is not valid any more.
              { guard: { type: 'jobUnknown', params: response }, target: '#exportPortal.status.invalidId', actions: 'forgetJobStatus' },
              { target: 'watching', actions: { type: 'storeJobStatus', params: response } },
            ],
            onError: 'watching',
          },
        },
        ...cancelExportStates('watching'),
      },
    },
    invalidId: { on: backHome },
    failed: { on: { ...backHome, 'STATUS.RETRY_REQUESTED': 'loading' } },
  },
});

export const statusFromEmail = portalSetup.createStateConfig({
  meta: { route: ROUTES.statusFromEmail, step: 5, sidebar: 'five' },
  on: backHome,
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchJobsByEmail',
        src: 'fetchJobsByEmail',
        input: ({ context }) => ({ hash: context.emailHash ?? '' }),
        onDone: { target: 'shown', actions: { type: 'storeJobs', params: response } },
        onError: 'failed',
      },
    },
    shown: { on: { 'STATUS.OPENED': { target: '#exportPortal.status', actions: 'openExportStatus' } } },
    failed: { on: { 'STATUS.RETRY_REQUESTED': 'loading' } },
  },
});
