/**
 * The browser builds the portal machine once (docs/performance.md): its start builds it with its
 * effects (`providedPortalMachine`), and both the actor restored from the tab's session and the first
 * paint's hydration use that same machine. The bare machine (`portalMachine()`) is never built there:
 * XState builds every state node for each machine, and that second build was a long task of its own.
 */
import { expect, it, vi } from 'vitest';
import { portalMachine, providedPortalMachine } from '../../machines/index.ts';
import { createPortalActor } from '../../src/app/create-portal-actor';
import { createFirstPaint } from '../../src/first-paint/first-paint';
import { fakeActors, happyApi, recordedEffects } from '../support/portal-fakes.ts';
import type * as MachineModule from '../../machines/machine.ts';

vi.mock('../../machines/machine.ts', async (original) => {
  const actual = await original<typeof MachineModule>();
  return { ...actual, portalMachine: vi.fn(actual.portalMachine) };
});

const implementations = () => ({ actors: fakeActors(happyApi()), actions: recordedEffects([]) });

it('restores the session and prepares the first paint with the machine it was given, never building the bare one', () => {
  const stored = new Map<string, string>();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  };
  const before = createPortalActor({ machine: providedPortalMachine(implementations()), storage }).start();
  before.send({ type: 'SUPPORT.OPENED' });
  before.stop();
  vi.mocked(portalMachine).mockClear();

  const machine = providedPortalMachine(implementations());
  const restored = createPortalActor({ machine, storage });
  expect(restored.getSnapshot().matches('supportForm')).toBe(true);
  const firstPaint = createFirstPaint('/', {}, machine);
  expect(firstPaint?.actor.logic).toBe(machine);
  expect(portalMachine).not.toHaveBeenCalled();

  // Without one, the prerender's way, the first paint takes the bare machine.
  expect(createFirstPaint('/')?.actor.logic).toBe(vi.mocked(portalMachine).mock.results[0]?.value);
});
