/**
 * The owner's calls on the status page that are followed by a quiet refresh: holding a running export
 * and letting it go on (decision 0031), and ending forwarding's daily copies of new mail (decision
 * 0032). A pause loses nothing and is undone by a resume, so it asks nothing; forwarding, once stopped,
 * cannot be started again, so the page asks first. Accepted, the refresh shows the export paused,
 * going on, or no longer forwarding, without a spinner; refused or failed, the page says so and keeps
 * following the export.
 */
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';

type Call = {
  actor: 'pauseExport' | 'resumeExport' | 'stopForwarding';
  refused: 'pauseRefused' | 'resumeRefused' | 'stopForwardingRefused';
  failed: 'pauseFailed' | 'resumeFailed' | 'stopForwardingFailed';
};

const calling = ({ actor, refused, failed }: Call) => ({
  invoke: {
    id: actor,
    src: actor,
    input: ({ context }: { context: { statusExportId: string } }) => ({ exportId: context.statusExportId }),
    onDone: [
      { guard: { type: 'exportCallAccepted' as const, params: response }, target: 'refreshing', actions: 'clearActionError' as const },
      { target: 'watching', actions: { type: 'recordActionError' as const, params: { message: refused } } },
    ],
    onError: { target: 'watching', actions: { type: 'recordActionError' as const, params: { message: failed } } },
  },
});

export const ownerCallStates = portalSetup.createStateConfig({
  states: {
    pausing: calling({ actor: 'pauseExport', refused: 'pauseRefused', failed: 'pauseFailed' }),
    resuming: calling({ actor: 'resumeExport', refused: 'resumeRefused', failed: 'resumeFailed' }),
    confirmingStopForwarding: {
      on: { 'FORWARDING.STOP_CONFIRMED': 'stoppingForwarding', 'FORWARDING.STOP_DISMISSED': 'watching' },
    },
    stoppingForwarding: calling({ actor: 'stopForwarding', refused: 'stopForwardingRefused', failed: 'stopForwardingFailed' }),
  },
}).states;
