/**
 * URL → machine: the route table. A deep link, a reload, Back/Forward or a provider's redirect
 * arrives as one ROUTE.VISITED; each route's rule ("Guard: … else /", docs/spec-rules.md §2) is a
 * guarded transition here, tried in order. Whatever matches nothing lands on the home, which resets.
 */
import { and, not } from 'xstate';
import { ROUTES } from './routes.ts';
import { portalSetup } from './setup/index.ts';

const route = (path: string) => ({ type: 'routeIs' as const, params: { path } });

export const routeTable = portalSetup.createStateConfig({
  on: {
    'ROUTE.VISITED': [
      { guard: and([route(ROUTES.signIn), 'routeCarriesError']), target: '.signIn', actions: 'openErrorFromQuery' },
      { guard: route(ROUTES.signIn), target: '.signIn', actions: 'resetStoredState' },

      // The provider's redirect back after sign-in (no source yet) or after a destination's consent.
      {
        guard: and([route(ROUTES.oauthCallback), 'callbackFailed', 'canEnterMigrationOptions', 'callbackMissingScopeForTermsGated']),
        target: '.checkEmailScopes',
        actions: 'recordOptionsError',
      },
      {
        guard: and([route(ROUTES.oauthCallback), 'callbackFailed', 'canEnterMigrationOptions', 'needsGoogleTerms']),
        target: '.acceptGoogleTerms',
        actions: 'recordOptionsError',
      },
      {
        guard: and([route(ROUTES.oauthCallback), 'callbackFailed', 'canEnterMigrationOptions']),
        target: '.migrationOptions',
        actions: 'recordOptionsError',
      },
      { guard: and([route(ROUTES.oauthCallback), 'callbackFailed']), target: '.signIn', actions: 'openErrorFromCallback' },
      {
        guard: and([route(ROUTES.oauthCallback), 'hasSource', 'awaitsDestinationToken', 'migrationAllowed']),
        target: '.startMigration',
        actions: 'storeDestinationFromCallback',
      },
      { guard: route(ROUTES.oauthCallback), target: '.loading', actions: 'storeSourceFromCallback' },

      {
        guard: and([route(ROUTES.oauthCallbackForStatus), not('statusCallbackFailed')]),
        target: '.statusFromEmail',
        actions: 'storeStatusSourceFromCallback',
      },
      { guard: route(ROUTES.oauthCallbackForStatus), target: '.signIn', actions: 'openErrorFromCallback' },

      { guard: and([route(ROUTES.loading), 'hasSourceToken']), target: '.loading' },
      { guard: and([route(ROUTES.destinationAccount), 'hasSourceToken']), target: '.destinationAccount' },

      { guard: and([route(ROUTES.acceptGoogleTerms), 'canEnterMigrationOptions', 'needsGoogleTerms']), target: '.acceptGoogleTerms' },
      { guard: and([route(ROUTES.acceptGoogleTerms), 'canEnterMigrationOptions']), target: '.migrationOptions' },
      { guard: and([route(ROUTES.migrationOptions), 'canEnterMigrationOptions', 'needsGoogleTerms']), target: '.acceptGoogleTerms' },
      { guard: and([route(ROUTES.migrationOptions), 'canEnterMigrationOptions']), target: '.migrationOptions' },
      { guard: and([route(ROUTES.checkEmailScopes), 'canEnterMigrationOptions', 'scopesWereMissing']), target: '.checkEmailScopes' },
      { guard: route(ROUTES.migrationOptions), target: '.signIn', actions: 'openGuardError' },

      { guard: and([route(ROUTES.startMigration), 'canStartMigration']), target: '.startMigration' },
      { guard: and([route(ROUTES.complete), 'hasExportId']), target: '.complete' },

      { guard: and([route(ROUTES.optOutInfo), 'optOutFeatureOn', 'hasSource', 'optOutCanceled']), target: '.destinationAccount' },
      { guard: and([route(ROUTES.optOutInfo), 'optOutFeatureOn', 'hasSource']), target: '.optOutInfo' },

      { guard: route(ROUTES.status), target: '.status', actions: 'storeStatusExportIdFromQuery' },
      { guard: and([route(ROUTES.statusFromEmail), 'hasEmailHash']), target: '.statusFromEmail' },
      { guard: route(ROUTES.privacyPolicy), target: '.privacyPolicy' },
      { guard: route(ROUTES.termsOfService), target: '.termsOfService' },
      { guard: route(ROUTES.supportForm), target: '.supportForm' },

      { target: '.signIn', actions: 'resetStoredState' },
    ],
  },
}).on;
