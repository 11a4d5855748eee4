/**
 * Model-based tests: paths generated from the machine with xstate/graph, walked on a real actor
 * with fake actors, asserting at every step what the user would see. Prints the coverage line and
 * fails below 100%. Y and B count every state node and every transition of the definition; each is
 * reachable, so a fixture or a fact missing from the model shows up as X < Y or A < B.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { PortalInput } from '../../machines/index.ts';
import { portalMachine } from '../../machines/index.ts';
import { assertSeen, STATE_ASSERTIONS } from './model/assertions.ts';
import { allStateNodes, buildModel, transitionKeys } from './model/graph.ts';
import { walkPath, type Coverage } from './model/walk.ts';

const RUNS: Array<{ name: string; input: PortalInput }> = [
  { name: 'default flags (opt-out on, file export on)', input: {} },
  { name: 'opt-out off, file export off', input: { flags: { optOut: false, fileExport: false } } },
];

const coverage: Coverage = { states: new Set(), transitions: new Set() };
const allStates = allStateNodes(portalMachine()).map((node) => node.id);
const allTransitions = [...new Set(transitionKeys(portalMachine()).values())];

describe('model-based paths of the portal statechart', () => {
  for (const run of RUNS) {
    it(`walks every generated path: ${run.name}`, () => {
      const model = buildModel(run.input);
      expect(model.paths.length).toBeGreaterThan(10);
      for (const path of model.paths) {
        walkPath(path, run.input, { onState: (seen) => assertSeen(seen, seen.activeIds) }, coverage);
      }
    }, 120_000);
  }

  it('has an assertion for every state node, and no assertion for a state that does not exist', () => {
    expect(Object.keys(STATE_ASSERTIONS).sort()).toEqual([...allStates].sort());
  });

  afterAll(() => {
    // Transient states (always-transitions only) are passed through in a microstep; they count as visited.
    const statesCovered = allStates.filter((id) => coverage.states.has(id)).length;
    const transitionsCovered = allTransitions.filter((key) => coverage.transitions.has(key)).length;
    console.log(`model coverage: states ${statesCovered}/${allStates.length}, transitions ${transitionsCovered}/${allTransitions.length}`);
  });

  it('covers every state and every transition (run last)', () => {
    const missingStates = allStates.filter((id) => !coverage.states.has(id));
    const missingTransitions = allTransitions.filter((key) => !coverage.transitions.has(key));
    expect({ missingStates, missingTransitions }).toEqual({ missingStates: [], missingTransitions: [] });
  });
});
