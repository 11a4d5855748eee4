/** The sign-in page (`/`), its status look-up and its error dialog. */
import { section } from '../section.ts';

export const signInWords = section('signIn', {
  title: 'Save your email and contacts',
  lead: 'Sign in with your {provider} email address to start.',
  startTitle: 'Start your export',
  stepSignIn: 'Sign in to your {provider} email account.',
  stepChoose: 'Choose where your email should go, or download it.',
  stepPick: "Pick what to save and start — we'll email you when it's done.",
  signIn: 'Sign in',
  alreadyTitle: 'Already started an export?',
  alreadyText: 'Use the export ID from your notification email to see how it is going.',
  checkStatus: 'Check your export status',
  exportId: 'Export ID',
  exportIdHint: 'You can find this ID of 32 letters and numbers in the email we sent you.',
  checkStatusButton: 'Check status',
  noExportId: 'No export ID?',
  checkBySigningIn: 'Check by signing in',
  tryAgain: 'Try again',
  contactSupport: 'Contact support',
  ok: 'OK',
});
