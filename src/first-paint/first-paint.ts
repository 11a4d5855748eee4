/**
 * A route's first paint as React renders it: the plan (routes.ts) and an actor of the portal machine
 * resolved to the route's screen with the starting context, never started. The prerender renders the
 * page with it, and the browser hydrates with the very same one before it hands the page to the live
 * actor, which alone decides where the visitor is (src/app/portal-app.tsx). The browser passes the
 * live actor's machine (built once, with its effects; this actor never starts, so none of them runs).
 */
import { createActor } from 'xstate';
import { initialContext, portalMachine } from '../../machines/index.ts';
import type { ExportPortalMachine, PortalInput } from '../../machines/index.ts';
import type { PortalActor } from '../portal/portal-context';
import { FIRST_PAINTS, isFirstPaintRoute, type FirstPaintPlan } from './routes';

export type FirstPaint = FirstPaintPlan & { route: string; actor: PortalActor };

export function createFirstPaint(
  route: string,
  input: PortalInput = {},
  machine: ExportPortalMachine = portalMachine(),
): FirstPaint | null {
  if (!isFirstPaintRoute(route)) return null;
  const plan = FIRST_PAINTS[route];
  const value = !plan.skeleton && plan.within ? { [plan.screen]: plan.within } : plan.screen;
  const snapshot = machine.resolveState({ value, context: initialContext(input) });
  return { ...plan, route, actor: createActor(machine, { snapshot, input }) };
}
