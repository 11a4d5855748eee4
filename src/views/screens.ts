/**
 * Which component renders each screen (top-level state of the machine). The sign-in screen is in
 * the first-load bundle; every other screen is its own chunk, fetched when the machine gets there
 * (or with a prerendered page that shows it first), so rarely visited pages (privacy statement,
 * policy redirects, support form, status pages) cost nothing up front.
 */
import type { ComponentType } from 'react';
import { tabWords } from '../../contract/words/en/tabs.ts';
import { say } from '../../contract/words/translate.ts';
import type { KeyOf, Language } from '../../contract/index.ts';
import { brand } from '../config/brand';
import type { Screen } from '../../machines/index.ts';
import { preloadable, type Preloadable } from '../portal/preloadable';
import SignInScreen from './sign-in/sign-in-screen';

/** A screen; every one but sign-in (in the first-load bundle) in a chunk of its own. */
export type ScreenComponent = ComponentType | Preloadable<object>;

const screen = (file: string, load: () => Promise<{ default: ComponentType }>) => preloadable(`src/views/${file}.tsx`, load);

const PolicyRedirectScreen = screen('policy-redirect/policy-redirect-screen', () => import('./policy-redirect/policy-redirect-screen'));

export const SCREEN_COMPONENTS: Record<Screen, ScreenComponent> = {
  signIn: SignInScreen,
  loading: screen('loading/loading-screen', () => import('./loading/loading-screen')),
  optOutInfo: screen('opt-out-info/opt-out-info-screen', () => import('./opt-out-info/opt-out-info-screen')),
  destinationAccount: screen(
    'destination-account/destination-account-screen',
    () => import('./destination-account/destination-account-screen'),
  ),
  acceptGoogleTerms: screen(
    'accept-google-terms/accept-google-terms-screen',
    () => import('./accept-google-terms/accept-google-terms-screen'),
  ),
  migrationOptions: screen('migration-options/migration-options-screen', () => import('./migration-options/migration-options-screen')),
  checkEmailScopes: screen('check-email-scopes/check-email-scopes-screen', () => import('./check-email-scopes/check-email-scopes-screen')),
  startMigration: screen('start-migration/start-migration-screen', () => import('./start-migration/start-migration-screen')),
  complete: screen('complete/complete-screen', () => import('./complete/complete-screen')),
  status: screen('status/status-screen', () => import('./status/status-screen')),
  statusFromEmail: screen('status-from-email/status-from-email-screen', () => import('./status-from-email/status-from-email-screen')),
  supportForm: screen('support-form/support-form-screen', () => import('./support-form/support-form-screen')),
  privacyPolicy: PolicyRedirectScreen,
  termsOfService: PolicyRedirectScreen,
};

/** The browser tab's title per screen (keys of the headings section), so each step is announced and tells tabs apart. */
const SCREEN_TITLES: Record<Screen, KeyOf<typeof tabWords>> = {
  signIn: 'tabSignIn',
  loading: 'tabLoading',
  optOutInfo: 'tabOptOutInfo',
  destinationAccount: 'tabDestinationAccount',
  acceptGoogleTerms: 'tabAcceptGoogleTerms',
  migrationOptions: 'tabMigrationOptions',
  checkEmailScopes: 'tabCheckEmailScopes',
  startMigration: 'tabStartMigration',
  complete: 'tabComplete',
  status: 'tabStatus',
  statusFromEmail: 'tabStatusFromEmail',
  supportForm: 'tabSupportForm',
  privacyPolicy: 'tabPrivacyPolicy',
  termsOfService: 'tabTermsOfService',
};

/** The whole title of a screen's tab (set by the shell; written into a prerendered page). */
export const screenTitle = (language: Language, screen: Screen): string =>
  say(language, tabWords, 'tab', { title: say(language, tabWords, SCREEN_TITLES[screen]), provider: brand.providerName });
