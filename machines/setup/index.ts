/**
 * The machine's setup: its types, delays, actors, guards and actions by name. Every state file
 * (machines/states/) is written with `portalSetup.createStateConfig`, and machine.ts composes them.
 */
import { setup } from 'xstate';
import type { PortalContext, PortalEvent, PortalInput, ScreenMeta } from '../types.ts';
import { accountActions } from './actions/account.ts';
import { destinationActions } from './actions/destination.ts';
import { effectActions } from './actions/effects.ts';
import { exportActions } from './actions/export.ts';
import { mailChoiceActions } from './actions/mail-choice.ts';
import { signInActions } from './actions/sign-in.ts';
import { statusActions } from './actions/status.ts';
import { notProvidedActors } from './actors.ts';
import { DELAYS, sinceShown } from './delays.ts';
import { portalGuards } from './guards.ts';

const portalActions = {
  ...effectActions,
  ...signInActions,
  ...accountActions,
  ...destinationActions,
  ...exportActions,
  ...mailChoiceActions,
  ...statusActions,
};

/** The effects supplied from outside (src/app/actors.ts, a test's fakes), by the names declared here. */
export type PortalImplementations = {
  actors?: Partial<typeof notProvidedActors>;
  actions?: Partial<typeof portalActions>;
};

/**
 * The setup with these effects in place of the defaults. A machine built from it is the one
 * `machine.provide(implementations)` gives, without first building every state node of a machine
 * that nothing runs (the browser's start, src/app/start-portal-actor.ts).
 */
export const portalSetupWith = ({ actors, actions }: PortalImplementations) =>
  setup({
    types: {
      context: {} as PortalContext,
      events: {} as PortalEvent,
      input: {} as PortalInput,
      meta: {} as ScreenMeta,
    },
    delays: {
      ...DELAYS,
      // A policy page that painted before the portal ran has already been seen for part of its moment.
      policyRedirect: ({ event }) => sinceShown(DELAYS.policyRedirect, event),
    },
    actors: { ...notProvidedActors, ...actors },
    guards: portalGuards,
    actions: { ...portalActions, ...actions },
  });

export const portalSetup = portalSetupWith({});
