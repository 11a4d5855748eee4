/**
 * Which component renders each screen (top-level state of the machine). The sign-in screen is in
 * the first-load bundle; every other screen is its own chunk, fetched when the machine gets there,
 * so rarely visited pages (privacy statement, policy redirects, support form, status pages) cost
 * nothing up front.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Screen } from '../../machines/selectors';
import SignInScreen from './sign-in/sign-in-screen';

type ScreenComponent = ComponentType | LazyExoticComponent<ComponentType>;

const PolicyRedirectScreen = lazy(() => import('./policy-redirect/policy-redirect-screen'));

export const SCREEN_COMPONENTS: Record<Screen, ScreenComponent> = {
  signIn: SignInScreen,
  loading: lazy(() => import('./loading/loading-screen')),
  optOutInfo: lazy(() => import('./opt-out-info/opt-out-info-screen')),
  destinationAccount: lazy(() => import('./destination-account/destination-account-screen')),
  acceptGoogleTerms: lazy(() => import('./accept-google-terms/accept-google-terms-screen')),
  migrationOptions: lazy(() => import('./migration-options/migration-options-screen')),
  checkEmailScopes: lazy(() => import('./check-email-scopes/check-email-scopes-screen')),
  startMigration: lazy(() => import('./start-migration/start-migration-screen')),
  complete: lazy(() => import('./complete/complete-screen')),
  status: lazy(() => import('./status/status-screen')),
  statusFromEmail: lazy(() => import('./status-from-email/status-from-email-screen')),
  supportForm: lazy(() => import('./support-form/support-form-screen')),
  privacyPolicy: PolicyRedirectScreen,
  termsOfService: PolicyRedirectScreen,
};

/** The browser tab's title per screen, so each step is announced and tells tabs apart. */
export const SCREEN_TITLES: Record<Screen, string> = {
  signIn: 'Sign in',
  loading: 'Checking your account',
  optOutInfo: 'Your account closure',
  destinationAccount: 'Choose where to transfer',
  acceptGoogleTerms: 'Privacy statement',
  migrationOptions: 'Choose what to save',
  checkEmailScopes: 'Permissions needed',
  startMigration: 'Start transfer',
  complete: 'Export started',
  status: 'Check your export status',
  statusFromEmail: 'Your exports',
  supportForm: 'Contact support',
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
};
