/**
 * Holding a running export and letting it go on, from the owner's status page (decision 0031). No
 * confirmation: a pause loses nothing and is undone by a resume. Either call, accepted, is followed by
 * a quiet refresh, so the page shows the export paused (or going on) without a spinner; refused or
 * failed, the page says so and keeps following the export.
 */
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';

type Call = { actor: 'pauseExport' | 'resumeExport'; refused: 'pauseRefused' | 'resumeRefused'; failed: 'pauseFailed' | 'resumeFailed' };

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

export const pauseExportStates = portalSetup.createStateConfig({
  states: {
    pausing: calling({ actor: 'pauseExport', refused: 'pauseRefused', failed: 'pauseFailed' }),
    resuming: calling({ actor: 'resumeExport', refused: 'resumeRefused', failed: 'resumeFailed' }),
  },
}).states;
