/** Each screen's browser tab title: the shell sets it on every page, so these words load with the shell. */
import { section } from '../section.ts';

export const tabWords = section('tabs', {
  tab: '{title} · {provider} email export',
  tabSignIn: 'Sign in',
  tabLoading: 'Checking your account',
  tabOptOutInfo: 'Your account closure',
  tabDestinationAccount: 'Choose where to transfer',
  tabAcceptGoogleTerms: 'Privacy statement',
  tabMigrationOptions: 'Choose what to save',
  tabCheckEmailScopes: 'Permissions needed',
  tabStartMigration: 'Start transfer',
  tabComplete: 'Export started',
  tabStatus: 'Check your export status',
  tabStatusFromEmail: 'Your exports',
  tabSupportForm: 'Contact support',
  tabPrivacyPolicy: 'Privacy Policy',
  tabTermsOfService: 'Terms of Service',
});
