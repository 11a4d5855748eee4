/**
 * The error catalogue of spec §8 and §5, verbatim, and our own errors (decision 0033). The machine
 * stores these keys, never the words (machines/errors.ts); `{name}` is the user's address where the
 * spec writes '...' after "user"/"from".
 */
import { section } from '../section.ts';

export const errorWords = section('errors', {
  // §8: the sign-in modal (query `error`, or `#error`).
  signInExternal: 'The user {name} may have not been authorized to use this portal.',
  signInNoAccount: 'The user {name} does not exist.',
  signInInactive: 'The mailbox for user {name} is not active.',
  signInGeneral: "There's been an error while fetching user {name} information.",
  signInOptedOut: 'An error has happened while updating your opt-out state. Please, try again.',
  signInHash: 'An external authentication error has happened. Please, try to sign in again.',
  titleAuth: 'We were unable to log you into the export tool.',
  titleOptedOut: 'An error occured while updating opt-out state.',
  titleOther: 'Information message',
  // §8: the options page, after a destination's consent.
  optionsExternal: 'An external authentication error has happened. Please, try again.',
  optionsMissingScope: 'Please, select all the requested permissions while authenticating.',
  optionsUnsupported: 'This provider is not supported.',
  optionsUnknown: 'Unknown error during the authentication process, please try again.',
  // §5 and §8.
  invalidEmail: 'Please enter a valid email address.',
  invalidNotificationEmail: 'Please, enter a valid notification email address.',
  invalidImap: 'Invalid IMAP. Please enter a valid IMAP address.',
  unresolvedImap: 'Could not resolve IMAP host.',
  incorrectCredentials: 'Incorrect email or password.',
  unknownError: 'Unknown error, please try again.',
  sameAddress: 'Please, use different addresses for source and destination.',
  noOperation: 'One operations option has to be selected.',
  contactsNotAllowed: "Operation 'contactsmigration' not allowed.",
  optOutUpdateFailed: 'An error has happened while updating your opt-out state. Please, try again.',
  invalidExportId: 'Invalid export ID',
  statusLookupFailed: 'Unknown error, please try again later!',
  statusInvalidId: 'Sorry, your export ID is invalid...',
  statusFailed: 'Sorry, your export process stopped due to an error',
  statusFromEmailFailed: 'Sorry, something went wrong.',
  noExportsFound: 'No exports were found from {name}',
  copied: 'Copied!',
  // Ours: stopping an export.
  cancelRefused: 'This export has already finished, so there is nothing to cancel.',
  cancelFailed: 'We could not cancel the export. Please, try again.',
  copyNewMailRefused: 'New mail cannot be copied now. Please, refresh the page and try again.',
  copyNewMailFailed: 'We could not start copying new mail. Please, try again.',
  // Ours: holding an export and letting it go on (decision 0031).
  pauseRefused: 'This export can no longer be paused. It may have just finished.',
  pauseFailed: 'We could not pause the export. Please, try again.',
  resumeRefused: 'This export can no longer be resumed. It may have been cancelled.',
  resumeFailed: 'We could not resume the export. Please, try again.',
  // Ours: ending forwarding's daily copies (decision 0032).
  stopForwardingRefused: 'New mail is no longer being copied for this export.',
  stopForwardingFailed: 'We could not stop copying new mail. Please, try again.',
  // Ours: why an operation ended in error (the reasons of contract/progress.ts).
  endCancelled: 'You cancelled this export. What was copied before stays where it is.',
  endSourceUnreachable: 'We could not reach your Northwave mailbox. Please, try again later.',
  endSourceLoginRefused: 'We could not open your Northwave mailbox. Please, contact support.',
  endDestinationUnreachable: 'We could not reach the mailbox you are moving to. Please, check its address and try again.',
  endDestinationLoginRefused:
    'The mailbox you are moving to refused the sign-in. Please, check the password (or permissions) and start again.',
  endAllItemsFailed: 'None of the items could be moved. The list of what failed says why.',
  // Ours: what "Contact support" writes in "What happened?".
  supportIssue: 'I could not sign in to the export portal. The message said: {message}',
});
