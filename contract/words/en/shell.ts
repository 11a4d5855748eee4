/** The frame of every page: header, language switch, step list, footer, the home band, loading and load failure. */
import { section } from '../section.ts';

export const shellWords = section('shell', {
  homePage: '{provider} home page',
  help: 'Help',
  faq: 'FAQ',
  startOver: 'Start over',
  languages: 'Language',
  // The step lists of §2.
  progress: 'Progress',
  stepLogInProvider: "Log in to the provider's email account",
  stepChooseWhere: 'Choose where to transfer',
  stepChooseWhat: 'Choose what to transfer',
  stepStart: 'Start transfer',
  stepStatus: 'Check your transfer status',
  stepLogIn: 'Log in',
  stepAccount: 'Email account information',
  stepCompleted: ' (completed)',
  stepOf: 'Step {index} of {count}',
  // The footer.
  rightsReserved: '© {year} {provider}. All rights reserved.',
  copyright: '© {year} {provider}',
  legal: 'Legal',
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
  contactSupport: 'Contact support',
  // The home band, on the sign-in page.
  heroTitle: 'Take your email and contacts with you',
  heroText:
    '{provider} email is closing. Move your messages and contacts to {providers} or any other provider — or download them as a file. It only takes a few minutes.',
  heroFree: 'Free for every account holder',
  heroStays: 'Your mailbox stays as it is',
  heroTrack: 'Track your export any time',
  loading: 'Loading…',
  loadFailed: 'This page did not finish loading.',
  loadFailedHelp: 'Check your internet connection, then reload the page.',
  reload: 'Reload the page',
});
