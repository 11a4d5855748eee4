/** The route table's paths, and reading a ROUTE.VISITED event: path normalisation and the callback queries. */
import type { PortalEvent, RouteVisited } from './types.ts';

export const ROUTES = {
  signIn: '/',
  loading: '/loading',
  optOutInfo: '/opt-out-info',
  destinationAccount: '/destination-account',
  acceptGoogleTerms: '/accept-google-terms',
  migrationOptions: '/migration-options',
  checkEmailScopes: '/check-email-scopes',
  startMigration: '/start-migration',
  complete: '/complete',
  status: '/status',
  statusFromEmail: '/status-from-email',
  supportForm: '/support-form',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  oauthCallback: '/oauth-callback',
  oauthCallbackForStatus: '/oauth-callback-for-status',
} as const;

export const isRoute = (event: PortalEvent): event is RouteVisited => event.type === 'ROUTE.VISITED';

/** `/Loading/` and `/loading` are one route; anything not a string is the home. */
export const normalizePath = (path: unknown): string => {
  if (typeof path !== 'string') return '/';
  const trimmed = path.trim().replace(/\/+$/, '').toLowerCase();
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
};

/** A query value as one trimmed string; arrays, numbers and objects from a hostile URL read as absent. */
export const queryValue = (event: RouteVisited, key: string): string => {
  const query: unknown = event.query;
  if (typeof query !== 'object' || query === null) return '';
  const value: unknown = (query as Record<string, unknown>)[key];
  return typeof value === 'string' ? value.trim() : '';
};

export const hashOf = (event: RouteVisited): string => (typeof event.hash === 'string' ? event.hash : '');

/** `/` opens the error modal for query error, type, message or the `#error` hash (§2). */
export const carriesError = (event: RouteVisited): boolean =>
  queryValue(event, 'error') !== '' ||
  queryValue(event, 'type') !== '' ||
  queryValue(event, 'message') !== '' ||
  hashOf(event) === '#error';

/** §2 /oauth-callback: an error, or a missing token or email, is a failure. */
export const callbackFailed = (event: RouteVisited): boolean =>
  queryValue(event, 'error') !== '' || queryValue(event, 'token_id') === '' || queryValue(event, 'email') === '';

/** §2 /oauth-callback-for-status also needs the email hash. */
export const statusCallbackFailed = (event: RouteVisited): boolean => callbackFailed(event) || queryValue(event, 'hash') === '';

/** The error a failed callback carries; a bare missing value reads as an external OAuth error. */
export const callbackError = (event: RouteVisited): string => queryValue(event, 'error') || 'EXTERNAL_OAUTH_ERROR';

/** The events a link may send: navigation a view asks for and the machine decides. */
export type NavigationIntent = Extract<
  PortalEvent,
  { type: 'HOME.REQUESTED' | 'SUPPORT.OPENED' | 'POLICY.OPENED' | 'STATUS.OPENED' | 'OPT_OUT.REVIEW_REQUESTED' }
>;

/** Where an intent leads when the link is opened in a new tab (or its address copied). */
export const intentHref = (intent: NavigationIntent): string => {
  switch (intent.type) {
    case 'HOME.REQUESTED':
      return ROUTES.signIn;
    case 'SUPPORT.OPENED':
      return ROUTES.supportForm;
    case 'POLICY.OPENED':
      return ROUTES[intent.page];
    case 'STATUS.OPENED':
      return `${ROUTES.status}?${new URLSearchParams({ migration_id: intent.exportId }).toString()}`;
    case 'OPT_OUT.REVIEW_REQUESTED':
      return ROUTES.optOutInfo;
  }
};
