/**
 * The two helpers guards and actions are written with outside `setup(...)`: an assign typed for
 * this machine, and the done event's output as a `response` param (the shape every invoke uses).
 */
import { assign, type ParameterizedObject } from 'xstate';
import type { PortalContext, PortalEvent } from '../types.ts';

export type MachineArgs = { context: PortalContext; event: PortalEvent };
type Params = ParameterizedObject['params'] | undefined;

/** An assign action returning the context fields it changes. */
export const update = <P extends Params = undefined>(fn: (args: MachineArgs, params: P) => Partial<PortalContext>) =>
  assign<PortalContext, PortalEvent, P, PortalEvent, never>(fn);

/** `params: response` in an onDone hands the actor's output to a guard or action as `params.response`. */
export const response = <T>({ event }: { event: { output: T } }) => ({ response: event.output });
