/**
 * What each route's page shows before its script runs (the prerendered page, scripts/prerender.ts).
 * A route an anonymous visitor can open paints its screen as that visitor sees it. A signed-in
 * route paints its shell (header, step sidebar) and a skeleton of its content with the screen's
 * heading: its data lives only in the tab's session, which the server never sees. A provider's
 * redirect back paints the screen its success leads to.
 */
import { ROUTES } from '../../machines/routes';
import type { Screen } from '../../machines/selectors';
import type { SketchedScreen } from '../views/screen-headings';

export type FirstPaintPlan = { screen: Screen; skeleton: false } | { screen: SketchedScreen; skeleton: true };

type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

const paints = (screen: Screen): FirstPaintPlan => ({ screen, skeleton: false });
const sketches = (screen: SketchedScreen): FirstPaintPlan => ({ screen, skeleton: true });

export const FIRST_PAINTS: Record<RoutePath, FirstPaintPlan> = {
  [ROUTES.signIn]: paints('signIn'),
  [ROUTES.loading]: paints('loading'),
  [ROUTES.optOutInfo]: sketches('optOutInfo'),
  [ROUTES.destinationAccount]: sketches('destinationAccount'),
  [ROUTES.acceptGoogleTerms]: paints('acceptGoogleTerms'),
  [ROUTES.migrationOptions]: sketches('migrationOptions'),
  [ROUTES.checkEmailScopes]: paints('checkEmailScopes'),
  [ROUTES.startMigration]: sketches('startMigration'),
  [ROUTES.complete]: sketches('complete'),
  [ROUTES.status]: paints('status'),
  [ROUTES.statusFromEmail]: sketches('statusFromEmail'),
  [ROUTES.supportForm]: paints('supportForm'),
  [ROUTES.privacyPolicy]: paints('privacyPolicy'),
  [ROUTES.termsOfService]: paints('termsOfService'),
  [ROUTES.oauthCallback]: paints('loading'),
  [ROUTES.oauthCallbackForStatus]: sketches('statusFromEmail'),
};

export const isFirstPaintRoute = (route: string): route is RoutePath => Object.hasOwn(FIRST_PAINTS, route);
