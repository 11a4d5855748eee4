/**
 * What each route's page shows before its script runs (the prerendered page, scripts/prerender.ts).
 * A route an anonymous visitor can open paints its screen as that visitor sees it. A signed-in
 * route paints its shell (header, step sidebar) and a skeleton of its content with the screen's
 * heading: its data lives only in the tab's session, which the server never sees. A provider's
 * redirect back paints the screen its success leads to. The status page paints its look-up (the
 * spinner): that is what the visitor it exists for, arriving with an export ID, sees first.
 */
import { ROUTES } from '../../machines/index.ts';
import type { Screen } from '../../machines/index.ts';
import type { SketchedScreen } from '../views/screen-headings';

/** `within`: the screen's own state to paint, where its first one is not what a visitor sees first. */
export type FirstPaintPlan = { screen: Screen; skeleton: false; within?: string } | { screen: SketchedScreen; skeleton: true };

type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

const paints = (screen: Screen, within?: string): FirstPaintPlan => ({ screen, skeleton: false, within });
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
  [ROUTES.status]: paints('status', 'loading'),
  [ROUTES.statusFromEmail]: sketches('statusFromEmail'),
  [ROUTES.supportForm]: paints('supportForm'),
  [ROUTES.privacyPolicy]: paints('privacyPolicy'),
  [ROUTES.termsOfService]: paints('termsOfService'),
  [ROUTES.oauthCallback]: paints('loading'),
  [ROUTES.oauthCallbackForStatus]: sketches('statusFromEmail'),
};

export const isFirstPaintRoute = (route: string): route is RoutePath => Object.hasOwn(FIRST_PAINTS, route);
