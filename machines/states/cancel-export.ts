/**
 * Stopping a running export, from the complete page or the owner's status page: a confirmation
 * first (what was copied stays), then the cancel call. `back` is where a dismissed or refused cancel
 * returns; a cancel the service accepted shows the export's status, which now says it was cancelled.
 */
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';

export const cancelExportStates = (back: string) =>
  portalSetup.createStateConfig({
    states: {
      confirmingCancel: {
        on: {
          'EXPORT.CANCEL_CONFIRMED': 'cancelling',
          'EXPORT.CANCEL_DISMISSED': back,
        },
      },
      cancelling: {
        invoke: {
          id: 'cancelExport',
          src: 'cancelExport',
          input: ({ context }) => ({ exportId: context.statusExportId }),
          onDone: [
            {
              guard: { type: 'exportCallAccepted', params: response },
              target: '#exportPortal.status.loading',
              actions: 'clearActionError',
            },
            { target: back, actions: 'recordCancelRefused' },
          ],
          onError: { target: back, actions: 'recordCancelFailed' },
        },
      },
    },
  }).states;
