/**
 * After the export: `/complete` (the export ID, with Copy showing 'Copied!' for 500 ms), `/status`
 * (one export by ID) and `/status-from-email` (the exports found for a status sign-in).
 */
import { ROUTES } from '../routes.ts';
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';
import { backHome } from './shared.ts';

export const complete = portalSetup.createStateConfig({
  meta: { route: ROUTES.complete, step: 5, sidebar: 'five' },
  entry: 'clearMigrationData',
  initial: 'idle',
  on: {
    ...backHome,
    // A second copy restarts the confirmation.
    'EXPORT_ID.COPY_REQUESTED': {
      target: '.copied',
      actions: { type: 'copyExportId', params: ({ context }) => ({ exportId: context.exportId ?? '' }) },
    },
  },
  states: {
    idle: {},
    copied: { after: { copyConfirmation: 'idle' } },
  },
});

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
    // Once an answer (or its absence) is shown, the page offers to go back home.
    shown: { on: { ...backHome, 'STATUS.RETRY_REQUESTED': 'loading' } },
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
    shown: { on: { 'STATUS.OPENED': { target: '#exportPortal.status', actions: 'openListedExport' } } },
    failed: { on: { 'STATUS.RETRY_REQUESTED': 'loading' } },
  },
});
