import type { Step } from 'xstate/graph';
import type { ApiFailure } from '../../../src/api/failure';
import type { PortalEvent, PortalSnapshot } from '../../../machines/index.ts';

export type ActorFailure = ApiFailure;

/**
 * The events the walk sends: what views send, plus the done/error/after events the fake actors and
 * the clock would produce. Those three are XState's own events, which the machine's event type does
 * not list, so they travel through the graph typed as PortalEvent.
 */
export type ModelEvent = PortalEvent;
export type ModelStep = Step<PortalSnapshot, ModelEvent>;
export interface ModelPath {
  steps: ModelStep[];
}
