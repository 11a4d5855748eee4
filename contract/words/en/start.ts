/** `/start-migration` and its summary, and `/status-from-email`'s list. */
import { section } from '../section.ts';

export const startWords = section('start', {
  notificationEmail: 'Notification email',
  notificationHint: 'We will send your export ID and progress updates to this address.',
  startExport: 'Start Export',
  from: 'From',
  to: 'To',
  what: 'What',
  aFile: 'A file to download',
  emailAs: 'Email as {format}',
  contactsAs: 'Contacts as {format}',
  whatEmail: 'Email',
  whatContacts: 'Contacts',
  whatBoth: 'Email and contacts',
  // `/status-from-email`.
  lookingUp: 'Looking up your exports...',
  tryAgain: 'Try again',
  signedInAs: 'Signed in as',
  exports: 'Exports',
  started: 'Started {when}',
  backToHome: 'Back to home',
});
