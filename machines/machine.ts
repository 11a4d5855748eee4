/**
 * The export portal statechart: one XState v5 machine for the steps, the guards, the opt-out
 * derivation and the OAuth round trips. This file is its table of contents:
 *
 * - setup/        types, delays, the actor registry, named guards and actions (setup/index.ts)
 * - route-table   URL → machine: each route's rule as a guarded ROUTE.VISITED transition
 * - states/       one file per screen (or group of screens), each a state with its route in `meta`
 *
 * Every effect is named in setup and supplied from outside with `providedPortalMachine(...)`: HTTP calls
 * are actors that reject until provided, leaving the page is an action that does nothing until
 * provided. docs/machine-api.md lists the names; docs/statechart.md draws the graph.
 */
import { initialContext } from './context.ts';
import { routeTable } from './route-table.ts';
import { portalSetup, portalSetupWith, type PortalImplementations } from './setup/index.ts';
import { destinationAccount } from './states/destination-account.ts';
import { loading } from './states/loading.ts';
import { optOutInfo } from './states/opt-out-info.ts';
import { acceptGoogleTerms, checkEmailScopes, migrationOptions } from './states/options.ts';
import { signIn } from './states/sign-in.ts';
import { startMigration } from './states/start-migration.ts';
import { complete } from './states/complete.ts';
import { status, statusFromEmail } from './states/status.ts';
import { policyRedirect, supportForm } from './states/support.ts';

const buildPortalMachine = (withEffects: typeof portalSetup = portalSetup) =>
  withEffects.createMachine({
    id: 'exportPortal',
    context: ({ input }) => initialContext(input),
    initial: 'signIn',
    on: {
      ...routeTable,
      // The language switch, on every screen: only the words change, every choice stays.
      'LANGUAGE.CHOSEN': { actions: 'chooseLanguage' },
      // The footer's links, on every screen: the machine decides where they lead.
      'SUPPORT.OPENED': '.supportForm',
      'POLICY.OPENED': [
        { guard: { type: 'policyIs', params: { page: 'privacyPolicy' } }, target: '.privacyPolicy' },
        { target: '.termsOfService' },
      ],
    },
    states: {
      // Sign-in and the account check.
      signIn,
      loading,
      optOutInfo,
      // The wizard: where to, what, start.
      destinationAccount,
      acceptGoogleTerms,
      migrationOptions,
      checkEmailScopes,
      startMigration,
      complete,
      // Status, support, policies.
      status,
      statusFromEmail,
      supportForm,
      privacyPolicy: policyRedirect('privacyPolicy'),
      termsOfService: policyRedirect('termsOfService'),
    },
  });

export type ExportPortalMachine = ReturnType<typeof buildPortalMachine>;

let built: ExportPortalMachine | undefined;
/**
 * The machine without its effects (the prerender, the statechart, tests), built at its first use
 * rather than on import: XState builds every state node at once, and a build on import made loading
 * the machine's code one long task in the browser. The browser builds only the machine with its
 * effects (`providedPortalMachine`, below).
 */
export const portalMachine = (): ExportPortalMachine => (built ??= buildPortalMachine());

/**
 * The machine with these effects, in one build: what `portalMachine().provide(implementations)`
 * gives, without building the machine without them first (XState builds every state node for each,
 * and in the browser each build is a long task of its own).
 */
export const providedPortalMachine = (implementations: PortalImplementations): ExportPortalMachine =>
  buildPortalMachine(portalSetupWith(implementations));
