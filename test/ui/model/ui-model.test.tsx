/**
 * The model-based UI run: the machine's generated paths (test/machines/model) performed on the
 * rendered app as a user would — clicks, typing, keys, address changes — with the fake API
 * answering when the path says so and the fake clock moving for the machine's delays. After every
 * step the actor must be where the model says, and the page must show it. Paths are thinned to a
 * set that still takes every transition the machine-only walk takes; the coverage line counts what
 * the UI run itself reached.
 */
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import type { AnyTransitionDefinition } from 'xstate';
import { portalMachine, PORTAL_ACTOR_NAMES, type PortalInput, type PortalSnapshot } from '../../../machines/index.ts';
import { activeStateNodes, allStateNodes, buildModel, transitionKeys } from '../../machines/model/graph.ts';
import type { ModelPath } from '../../machines/model/types.ts';
import { walkPath, type Coverage } from '../../machines/model/walk.ts';
import { eventually, renderApp, settle, type FakeApi } from '../render-app.tsx';
import { assertScreen } from './screen-assertions.ts';
import { perform, type Deferred, type UiContext } from './perform.ts';
import { augment, type UiStep } from './augment.ts';

// Styles are detached in these tests (see render-app), so nothing is hidden by CSS: skip the check.
configure({ defaultHidden: true });

const RUNS: Array<{ name: string; input: PortalInput }> = [
  { name: 'default flags (opt-out on, file export on)', input: {} },
  { name: 'opt-out off, file export off', input: { flags: { optOut: false, fileExport: false } } },
];

const machine: AnyStateMachine = portalMachine();
const keys = transitionKeys(machine);
const allStates = allStateNodes(machine).map((node) => node.id);
const allTransitions = [...new Set(keys.values())];
const coverage: Coverage = { states: new Set(), transitions: new Set() };

/** Few paths that together take every transition (and visit every state) the others take. */
function thin(paths: UiStep[][], input: PortalInput): UiStep[][] {
  const reach = paths.map((steps) => {
    const c: Coverage = { states: new Set(), transitions: new Set() };
    // The machine-only walk checks each step against the value recorded for it.
    const asModel: ModelPath = { steps: steps.map((step) => ({ event: step.event, state: { value: step.value } as PortalSnapshot })) };
    walkPath(asModel, input, { onState: () => {} }, c);
    return new Set([...c.transitions, ...[...c.states].map((s) => `state ${s}`)]);
  });
  const wanted = new Set(reach.flatMap((r) => [...r]));
  const chosen: UiStep[][] = [];
  while (wanted.size > 0) {
    let best = -1;
    let bestGain = 0;
    reach.forEach((r, i) => {
      const gain = [...r].filter((k) => wanted.has(k)).length;
      if (gain > bestGain) [best, bestGain] = [i, gain];
    });
    if (best < 0) break;
    chosen.push(paths[best] as UiStep[]);
    reach[best]?.forEach((k) => wanted.delete(k));
  }
  return chosen;
}

/** Every actor of the registry answers only when the walk settles it (resolve or reject by name). */
function controlledApi(pending: Map<string, Deferred>): FakeApi {
  const call = (name: string) => () =>
    new Promise((resolve, reject) => {
      pending.set(name, { resolve, reject });
    });
  // Each call answers with the output the walk hands it, which the model took from that actor's fixtures.
  return Object.fromEntries(PORTAL_ACTOR_NAMES.map((name) => [name, call(name)])) as FakeApi;
}

/**
 * The key transitionKeys gives a transition, found from its place in its source state: the app's
 * actor runs a provided copy of the machine, whose transition objects are not the original's.
 */
const keyOf = (t: AnyTransitionDefinition): string => {
  const list = t.source.transitions.get(t.eventType);
  if (list?.includes(t)) return `${t.source.id} ${t.eventType} #${list.indexOf(t)}`;
  return `${t.source.id} always #${t.source.always?.indexOf(t) ?? -1}`;
};

const record = (inspection: InspectionEvent) => {
  if (inspection.type !== '@xstate.microstep') return;
  for (const t of inspection._transitions) coverage.transitions.add(keyOf(t));
  for (const node of activeStateNodes(machine, (inspection.snapshot as PortalSnapshot).value)) coverage.states.add(node.id);
};

async function walkOnScreen(path: UiStep[], input: PortalInput) {
  const pending = new Map<string, Deferred>();
  const { actor, user, unmount } = renderApp({ url: '/', api: controlledApi(pending), input, inspect: record });
  await settle();
  const ctx: UiContext = { user, pending };
  try {
    assertScreen(actor.getSnapshot());
    for (const [i, step] of path.entries()) {
      await perform(ctx, actor.getSnapshot(), step.event);
      const now = actor.getSnapshot();
      try {
        expect(now.value).toEqual(step.value);
        // A screen seen for the first time arrives as its own chunk: give it a few turns.
        await eventually(() => assertScreen(now), 10);
      } catch (error) {
        const trail = path
          .slice(0, i + 1)
          .map((s) => JSON.stringify(s.event).slice(0, 160))
          .join('\n  → ');
        throw new Error(`${(error as Error).message}\nafter: ${trail}`, { cause: error });
      }
    }
  } finally {
    unmount();
    window.sessionStorage.clear();
  }
}

beforeAll(async () => {
  // Every lazy screen, loaded once up front so React.lazy resolves within a step.
  const lazyModules = {
    ...import.meta.glob('../../../src/views/*/*-screen.tsx'),
    ...import.meta.glob('../../../src/views/sign-in/*-modal.tsx'),
  };
  await Promise.all(Object.values(lazyModules).map((load) => load()));
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('model-based UI run', () => {
  for (const run of RUNS) {
    it(`walks the model's paths on the rendered app: ${run.name}`, async () => {
      const model = buildModel(run.input);
      const paths = thin(
        model.paths.map((path) => augment(path, run.input)).filter((steps) => steps.length > 0),
        run.input,
      );
      console.log(`${run.name}: ${paths.length} of ${model.paths.length} paths walked on screen`);
      expect(paths.length).toBeGreaterThan(5);
      const failures: string[] = [];
      for (const path of paths) {
        try {
          await walkOnScreen(path, run.input);
        } catch (error) {
          failures.push((error as Error).message.split('\n').slice(0, 12).join('\n'));
        }
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    }, 600_000);
  }

  it('reaches every state and every transition on screen (run last)', () => {
    const missingStates = allStates.filter((id) => !coverage.states.has(id));
    const missingTransitions = allTransitions.filter((key) => !coverage.transitions.has(key));
    expect(missingStates).toEqual([]);
    expect(missingTransitions).toEqual([]);
  });

  afterAll(() => {
    const states = allStates.filter((id) => coverage.states.has(id)).length;
    const transitions = allTransitions.filter((key) => coverage.transitions.has(key)).length;
    console.log(`model coverage: states ${states}/${allStates.length}, transitions ${transitions}/${allTransitions.length}`);
    const missing = allTransitions.filter((key) => !coverage.transitions.has(key));
    if (missing.length) console.log(`not reached by the UI run: ${missing.join('; ')}`);
  });
});
