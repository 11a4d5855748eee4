/**
 * `/loading`: the account check after sign-in. With the opt-out feature on, the migration status
 * decides between the opt-out view, the destination page and the sign-in error modal; with it off,
 * comcastinfo does.
 */
import type { MigrationStatusResponse } from '../../contract/index.ts';
import { inactiveToSignInError, signInErrorOfStatus } from '../errors.ts';
import { ROUTES } from '../routes.ts';
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';

/** The status check's answer without the time it was read, for the guards that route on it. */
const checked = ({ event }: { event: { output: { status: MigrationStatusResponse } } }) => ({ response: event.output.status });

export const loading = portalSetup.createStateConfig({
  meta: { route: ROUTES.loading, step: 1, sidebar: 'five' },
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'optOutFeatureOn', target: 'fetchingMigrationStatus' }, { target: 'fetchingComcastInfo' }],
    },
    fetchingMigrationStatus: {
      invoke: {
        id: 'fetchMigrationStatus',
        src: 'fetchMigrationStatus',
        input: ({ context }) => ({ tokenId: context.srcAccount?.tokenId ?? '', inQa: context.inQa }),
        onDone: [
          {
            guard: { type: 'statusRoutesToOptOutInfo', params: checked },
            target: '#exportPortal.optOutInfo',
            actions: { type: 'applyMigrationStatus', params: response },
          },
          {
            guard: { type: 'statusReportsProblem', params: checked },
            target: '#exportPortal.signIn',
            actions: { type: 'openSignInError', params: ({ event }) => ({ code: signInErrorOfStatus(event.output.status) }) },
          },
          { target: '#exportPortal.destinationAccount', actions: { type: 'applyMigrationStatus', params: response } },
        ],
        onError: { target: '#exportPortal.signIn', actions: { type: 'openSignInError', params: { code: 'GENERAL_ERROR' } } },
      },
    },
    fetchingComcastInfo: {
      invoke: {
        id: 'fetchComcastInfo',
        src: 'fetchComcastInfo',
        input: ({ context }) => ({ tokenId: context.srcAccount?.tokenId ?? '' }),
        onDone: [
          {
            guard: { type: 'contactsInactive', params: response },
            target: '#exportPortal.destinationAccount',
            actions: 'blockContactsMigration',
          },
          {
            guard: { type: 'accountOrMailboxInactive', params: response },
            target: '#exportPortal.signIn',
            actions: { type: 'openSignInError', params: ({ event }) => ({ code: inactiveToSignInError(event.output.inactive ?? '') }) },
          },
          { target: '#exportPortal.destinationAccount', actions: 'markTokenValid' },
        ],
        onError: { target: '#exportPortal.signIn', actions: { type: 'openSignInError', params: { code: 'GENERAL_ERROR' } } },
      },
    },
  },
});
