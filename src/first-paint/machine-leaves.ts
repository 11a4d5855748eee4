/**
 * Build time (scripts/prerender.ts): whether the machine, told a route's address and then left
 * alone, takes the visitor off the portal, where to, and after how long. Asked of the machine itself
 * (its route table, its delays, the real leave effects recording the address instead of going
 * there) on a simulated clock, with every call to the service left unanswered: what leaves here
 * leaves without the service and without the visitor, so its page can leave on its own (own-leave.ts).
 * The route alone decides it: the rows that leave (the policy pages) look at nothing else, and the
 * page is the same for every visitor of its route.
 */
import { createActor, SimulatedClock } from 'xstate';
import { portalMachine, PORTAL_ACTOR_NAMES, promiseActors, type ActorFunctions } from '../../machines/index.ts';
import { portalActions } from '../app/actors';

/** Waiting longer than this is no moment of a first paint: the page keeps the visitor. */
const LONGEST_MOMENT_MS = 60_000;

const unanswered = promiseActors(
  Object.fromEntries(PORTAL_ACTOR_NAMES.map((name) => [name, () => new Promise<never>(() => {})])) as unknown as ActorFunctions,
);

export type MachineLeave = { url: string; after: number };

export function machineLeaves(route: string): MachineLeave | null {
  let url: string | null = null;
  const browser = { assign: (to: string) => void (url = to), writeClipboard: () => Promise.resolve() };
  const clock = new SimulatedClock();
  const actor = createActor(portalMachine().provide({ actors: unanswered, actions: portalActions({ browser }) }), { clock, input: {} });
  actor.start();
  actor.send({ type: 'ROUTE.VISITED', path: route, query: {}, hash: '' });
  let waited = 0;
  while (url === null && waited < LONGEST_MOMENT_MS) {
    clock.increment(1);
    waited += 1;
  }
  actor.stop();
  return url === null ? null : { url, after: waited };
}
