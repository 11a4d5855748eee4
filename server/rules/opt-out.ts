/**
 * The opt-out rules of §4, enforced by the server: OPT_OUT from none or cancel, OPT_OUT_CANCEL from
 * initial or delete. Anything else is refused, so a stale page can never skip a state.
 */
import type { OptOutRequest, ServerOptOutState } from '../../contract/index.ts';

const TRANSITIONS: Record<OptOutRequest, { from: readonly ServerOptOutState[]; to: ServerOptOutState }> = {
  OPT_OUT: { from: ['NONE', 'OPTED_OUT_CANCEL'], to: 'OPTED_OUT_INITIAL' },
  OPT_OUT_CANCEL: { from: ['OPTED_OUT_INITIAL', 'OPTED_OUT_DELETE'], to: 'OPTED_OUT_CANCEL' },
};

/** The state after `request`, or null when §4 does not allow it from `current`. */
export function nextOptOutState(current: ServerOptOutState, request: OptOutRequest): ServerOptOutState | null {
  const transition = TRANSITIONS[request];
  return transition.from.includes(current) ? transition.to : null;
}

/** §4: migration is allowed only for none, initial or cancel. */
export const allowsMigration = (state: ServerOptOutState): boolean =>
  state === 'NONE' || state === 'OPTED_OUT_INITIAL' || state === 'OPTED_OUT_CANCEL';
