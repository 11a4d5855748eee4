/** The machine with the fake API of test/support (every call succeeds) and its effects recorded. */
import { createActor, waitFor, type Snapshot } from 'xstate';
import { portalMachine, type PortalInput, type PortalSnapshot } from '../../machines/index.ts';
import { fakeActors, happyApi, recordedEffects, type EffectCall, type FakeApi } from '../support/portal-fakes.ts';

export { CHECKED_AT, EXPORT_ID, SOURCE, type EffectCall } from '../support/portal-fakes.ts';

/** The machine answering through the happy API, with `api` replacing some answers. */
export const fakeMachine = (effects: EffectCall[], api: FakeApi = {}) =>
  portalMachine().provide({ actors: fakeActors({ ...happyApi(), ...api }), actions: recordedEffects(effects) });

export const start = (effects: EffectCall[], options: { input?: PortalInput; snapshot?: Snapshot<unknown>; api?: FakeApi } = {}) => {
  const actor = createActor(fakeMachine(effects, options.api), { input: options.input ?? {}, snapshot: options.snapshot });
  actor.start();
  return actor;
};

export const visit = (path: string, query: Record<string, string> = {}, hash = '') =>
  ({ type: 'ROUTE.VISITED', path, query, hash }) as const;

export const waitForScreen = (actor: ReturnType<typeof start>, predicate: (s: PortalSnapshot) => boolean) =>
  waitFor(actor, predicate, { timeout: 2000 });
