/** What the status check of the signed-in account stores, and the opt-out (account closure) updates. */
import { assertEvent } from 'xstate';
import { deriveOptOutInfo, OPT_OUT_GRACE_DAYS, toServerOptOutState, type OptOutRequest } from '../../../contract/index.ts';
import { MESSAGES } from '../../errors.ts';
import type { ActorOutput } from '../actors.ts';
import { update } from '../typed.ts';

export const accountActions = {
  chooseLanguage: update(({ event }) => {
    assertEvent(event, 'LANGUAGE.CHOSEN');
    return { language: event.language };
  }),
  applyMigrationStatus: update((_, params: { response: ActorOutput<'fetchMigrationStatus'> }) => {
    const { status, checkedAt } = params.response;
    return {
      ...deriveOptOutInfo(status, new Date(checkedAt)),
      optOutState: toServerOptOutState(status.optOutState),
      neverAllowContactsMigration: status.carddav === false,
      validToken: true,
    };
  }),
  blockContactsMigration: update(() => ({ neverAllowContactsMigration: true, validToken: true })),
  markTokenValid: update(() => ({ validToken: true })),

  setPendingOptOut: update((_, params: { request: OptOutRequest }) => ({ pendingOptOutRequest: params.request, optOutError: null })),
  applyOptOut: update(() => ({
    optOutState: 'OPTED_OUT_INITIAL',
    optOutInfoState: 'optedOutInitial',
    // The service dates a new closure this many days out (what the confirmation said); the next status check brings its own date.
    optedOutToBePurgedDate: OPT_OUT_GRACE_DAYS,
    optOutResult: 'OPTED_OUT',
    pendingOptOutRequest: null,
  })),
  applyOptOutCancel: update(() => ({
    optOutState: 'OPTED_OUT_CANCEL',
    optOutInfoState: 'optedOutCancel',
    optedOutToBePurgedDate: null,
    optOutResult: 'CANCELED_OPT_OUT',
    pendingOptOutRequest: null,
  })),
  recordOptOutError: update(() => ({ optOutError: MESSAGES.optOutUpdateFailed, pendingOptOutRequest: null })),
};
