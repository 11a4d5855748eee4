/**
 * Copy new mail (decision 0032), on the owner's status page of an export to a mailbox that completed:
 * the call that starts a pass, the pass followed while it runs (the status asked every 1.5 s), and
 * its result shown once it has ended ("5 new messages copied"), from where another pass may start. A
 * refused or failed start goes back to the page with the reason.
 */
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';
import { hasSourceToken } from '../facts.ts';
import { backHome } from './shared.ts';

const WATCHING = '#exportPortal.status.shown.watching';

export const copyNewMailStates = portalSetup.createStateConfig({
  initial: 'starting',
  on: backHome,
  states: {
    starting: {
      entry: 'clearCopyNewMailError',
      invoke: {
        id: 'copyNewMail',
        src: 'copyNewMail',
        input: ({ context }) => ({ exportId: context.statusExportId }),
        onDone: [
          { guard: { type: 'copyNewMailAccepted', params: response }, target: 'checking' },
          { target: WATCHING, actions: { type: 'recordCopyNewMailRefused', params: response } },
        ],
        onError: { target: WATCHING, actions: 'recordCopyNewMailFailed' },
      },
    },
    running: { after: { statusPollMoving: 'checking' } },
    checking: {
      invoke: {
        id: 'fetchJobStatus',
        src: 'fetchJobStatus',
        input: ({ context }) => ({ exportId: context.statusExportId.trim(), signedIn: hasSourceToken(context) }),
        onDone: [
          { guard: { type: 'jobUnknown', params: response }, target: '#exportPortal.status.invalidId', actions: 'forgetJobStatus' },
          {
            guard: { type: 'copyPassRunningIn', params: response },
            target: 'running',
            actions: { type: 'storeJobStatus', params: response },
          },
          { target: 'done', actions: { type: 'storeJobStatus', params: response } },
        ],
        onError: 'running',
      },
    },
    // Ended: another pass, or (forwarding chosen) its stop, as from the page itself.
    done: {
      on: {
        'EXPORT.COPY_NEW_MAIL_REQUESTED': { guard: 'mayCopyNewMail', target: 'starting' },
        'FORWARDING.STOP_REQUESTED': { guard: 'mayStopForwarding', target: '#exportPortal.status.shown.confirmingStopForwarding' },
      },
    },
  },
});
