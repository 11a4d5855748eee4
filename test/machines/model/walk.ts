/**
 * Walking a path on a real actor: the machine with fake actors (they never settle; the path feeds
 * their done and error events) and spy actions, on a simulated clock (the path feeds after-events).
 * Every microstep's transitions and states are recorded for the coverage line.
 */
import { createActor, fromPromise, SimulatedClock, type AnyStateMachine } from 'xstate';
import { portalMachine, type PortalInput, type PortalSnapshot } from '../../../machines/index.ts';
import { activeStateNodes, transitionKeys } from './graph.ts';
import type { ModelEvent, ModelPath } from './types.ts';

export interface EffectCall {
  name: string;
  params: unknown;
}

/** A fake call that never settles: the path, not a timer, decides how it ends. */
const never = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));

/** The machine as the walk runs it: every actor a fake that never settles, every effect a spy. */
export const instrumentedMachine = (calls: EffectCall[]) =>
  portalMachine().provide({
    actors: {
      fetchCapabilities: never(),
      validateCredentials: never(),
      validateImap: never(),
      validateDomain: never(),
      startExport: never(),
      fetchMigrationStatus: never(),
      fetchComcastInfo: never(),
      updateOptOutState: never(),
      fetchJobStatus: never(),
      fetchJobsByEmail: never(),
      submitSupportRequest: never(),
    },
    actions: {
      leaveForSourceSignIn: (_, params) => void calls.push({ name: 'leaveForSourceSignIn', params }),
      leaveForStatusSignIn: (_, params) => void calls.push({ name: 'leaveForStatusSignIn', params }),
      leaveForDestinationConsent: (_, params) => void calls.push({ name: 'leaveForDestinationConsent', params }),
      leaveForExternalPage: (_, params) => void calls.push({ name: 'leaveForExternalPage', params }),
      copyExportId: (_, params) => void calls.push({ name: 'copyExportId', params }),
    },
  });

export interface WalkObserver {
  /** Called after the start and after every step with the resting snapshot and the effects so far. */
  onState: (seen: {
    snapshot: PortalSnapshot;
    calls: readonly EffectCall[];
    newCalls: readonly EffectCall[];
    event: ModelEvent | undefined;
    previous: PortalSnapshot | undefined;
    activeIds: string[];
  }) => void;
}

export interface Coverage {
  states: Set<string>;
  transitions: Set<string>;
}

export const walkPath = (path: ModelPath, input: PortalInput, observer: WalkObserver, coverage: Coverage): void => {
  const calls: EffectCall[] = [];
  const machine: AnyStateMachine = instrumentedMachine(calls);
  const keys = transitionKeys(machine);
  const actor = createActor(machine, {
    input,
    clock: new SimulatedClock(),
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const t of inspection._transitions) coverage.transitions.add(keys.get(t) ?? `? ${t.eventType}`);
      const snap = inspection.snapshot as PortalSnapshot;
      for (const node of activeStateNodes(machine, snap.value)) coverage.states.add(node.id);
    },
  });
  actor.start();
  let previous: PortalSnapshot | undefined;
  let snapshot = actor.getSnapshot();
  for (const node of activeStateNodes(machine, snapshot.value)) coverage.states.add(node.id);
  const ids = (snap: PortalSnapshot) => activeStateNodes(machine, snap.value).map((node) => node.id);
  observer.onState({ snapshot, calls, newCalls: [...calls], event: undefined, previous: undefined, activeIds: ids(snapshot) });
  for (const step of path.steps) {
    previous = snapshot;
    const before = calls.length;
    actor.send(step.event);
    snapshot = actor.getSnapshot();
    if (JSON.stringify(snapshot.value) !== JSON.stringify(step.state.value)) {
      throw new Error(
        `after ${step.event.type} the actor is in ${JSON.stringify(snapshot.value)}, the model said ${JSON.stringify(step.state.value)}`,
      );
    }
    try {
      observer.onState({ snapshot, calls, newCalls: calls.slice(before), event: step.event, previous, activeIds: ids(snapshot) });
    } catch (error) {
      const trail = path.steps
        .slice(0, path.steps.indexOf(step) + 1)
        .map((s) => JSON.stringify(s.event))
        .join('\n  → ');
      throw new Error(`${(error as Error).message}\nat ${JSON.stringify(snapshot.value)} after:\n  → ${trail}`, { cause: error });
    }
  }
  actor.stop();
};
