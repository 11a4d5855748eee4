/**
 * The status pages: `/status` (one export by ID; while it runs the page follows it, and its owner
 * may stop it, or pause and resume it; once it completed, copy new mail or stop forwarding) and `/status-from-email` (the exports found for a status sign-in).
 */
import { and, not } from 'xstate';
import { hasSourceToken } from '../facts.ts';
import { ROUTES } from '../routes.ts';
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';
import { cancelExportStates } from './cancel-export.ts';
import { copyNewMailStates } from './copy-new-mail.ts';
import { ownerCallStates } from './owner-calls.ts';
import type { PortalContext } from '../types.ts';
import { backHome } from './shared.ts';

/** The export the page shows, asked for as the signed-in account when there is one. */
const jobStatusInput = ({ context }: { context: PortalContext }) => ({
  exportId: context.statusExportId.trim(),
  signedIn: hasSourceToken(context),
});

/**
 * What the page offers while it follows a running export, also while it quietly asks again: a button
 * that vanished for the moment of each refresh (every 1.5 s) would blink, and take a keyboard's focus
 * with it. (Download sign-in, Copy new mail and Stop forwarding belong to an ended export, which is
 * not asked again.)
 */
const following = portalSetup.createStateConfig({
  on: {
    ...backHome,
    'STATUS.RETRY_REQUESTED': '#exportPortal.status.loading',
    // Siblings of both states that take these events (watching, refreshing).
    'EXPORT.CANCEL_REQUESTED': { guard: 'mayCancelExport', target: 'confirmingCancel' },
    'EXPORT.PAUSE_REQUESTED': { guard: 'mayPauseExport', target: 'pausing' },
    'EXPORT.RESUME_REQUESTED': { guard: 'mayResumeExport', target: 'resuming' },
  },
}).on;

export const status = portalSetup.createStateConfig({
  meta: { route: ROUTES.status, step: 5, sidebar: 'five' },
  initial: 'checkingId',
  states: {
    checkingId: { always: [{ guard: 'statusExportIdValid', target: 'loading' }, { target: 'invalidId' }] },
    loading: {
      invoke: {
        id: 'fetchJobStatus',
        src: 'fetchJobStatus',
        input: jobStatusInput,
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
          // A pass of Copy new mail found running (the page opened, or refreshed, meanwhile) is followed.
          always: { guard: 'copyPassRunning', target: 'copyNewMail.running' },
          after: {
            statusPollMoving: { guard: 'jobMoving', target: 'refreshing' },
            statusPoll: { guard: 'jobWaiting', target: 'refreshing' },
          },
          on: {
            ...following,
            'STATUS.DOWNLOAD_SIGN_IN_REQUESTED': { guard: 'fileAwaitsSignIn', target: '#exportPortal.status.leavingForSignIn' },
            'EXPORT.COPY_NEW_MAIL_REQUESTED': { guard: 'mayCopyNewMail', target: 'copyNewMail' },
            'FORWARDING.STOP_REQUESTED': { guard: 'mayStopForwarding', target: 'confirmingStopForwarding' },
          },
        },
        copyNewMail: copyNewMailStates,
        // A quiet refresh: what is shown stays until the new answer arrives, its buttons included (one
        // press leaves the refresh, whose answer the next one brings).
        refreshing: {
          on: following,
          invoke: {
            id: 'fetchJobStatus',
            src: 'fetchJobStatus',
            input: jobStatusInput,
            onDone: [
              // Gone since (past its retention): the page says the ID is not valid any more.
              { guard: { type: 'jobUnknown', params: response }, target: '#exportPortal.status.invalidId', actions: 'forgetJobStatus' },
              { target: 'watching', actions: { type: 'storeJobStatus', params: response } },
            ],
            onError: 'watching',
          },
        },
        ...cancelExportStates('watching'),
        ...ownerCallStates,
      },
    },
    /**
     * The file is its owner's: the status sign-in, and back to this export, signed in. Waiting here
     * across the round trip (the snapshot keeps the state and the export ID), the callback is this
     * state's to take; a failed one falls through to the route table (the home, with the error).
     */
    leavingForSignIn: {
      entry: { type: 'leaveForStatusSignIn', params: ({ context }) => ({ language: context.language }) },
      on: {
        'ROUTE.VISITED': {
          guard: and([{ type: 'routeIs', params: { path: ROUTES.oauthCallbackForStatus } }, not('statusCallbackFailed')]),
          target: 'loading',
          actions: 'storeStatusSourceForExport',
        },
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
