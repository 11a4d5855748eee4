/**
 * `/complete`: the export ID with Copy ('Copied!' for 500 ms), and — while the customer is still
 * here — a way to stop the export they just started.
 */
import { ROUTES } from '../routes.ts';
import { portalSetup } from '../setup/index.ts';
import { cancelExportStates } from './cancel-export.ts';
import { backHome } from './shared.ts';

export const complete = portalSetup.createStateConfig({
  meta: { route: ROUTES.complete, step: 5, sidebar: 'five' },
  // The stored migration data goes; the export ID stays, and is the one a cancel stops.
  entry: ['clearMigrationData', 'followStartedExport'],
  initial: 'shown',
  states: {
    shown: {
      initial: 'idle',
      on: {
        ...backHome,
        // A second copy restarts the confirmation.
        'EXPORT_ID.COPY_REQUESTED': {
          target: '.copied',
          actions: { type: 'copyExportId', params: ({ context }) => ({ exportId: context.exportId ?? '' }) },
        },
        'EXPORT.CANCEL_REQUESTED': 'confirmingCancel',
        // "Follow your export": the status page of this export, with its progress.
        'STATUS.OPENED': { target: '#exportPortal.status', actions: 'openExportStatus' },
      },
      states: {
        idle: {},
        copied: { after: { copyConfirmation: 'idle' } },
      },
    },
    ...cancelExportStates('shown'),
  },
});
