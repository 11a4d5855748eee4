/**
 * The error catalogue of spec §8 as data: views render these texts, the machine only stores codes.
 * `{name}` is the user's address where the spec writes '...' after "user"/"from"; the texts whose
 * continuation the spec leaves unshown keep their ellipsis.
 */

/** Codes that open the sign-in modal (query `error`, or `#error`). */
export const SIGN_IN_ERROR_MESSAGES = {
  EXTERNAL_OAUTH_ERROR: 'The user {name} may have not been authorized to use this portal.',
  ACCOUNT_DOES_NOT_EXIST: 'The user {name} does not exist.',
  MAILBOX_IS_NOT_ACTIVE: 'The mailbox for user {name} is not active.',
  GENERAL_ERROR: "There's been an error while fetching user {name} information.",
  OPTED_OUT_ERROR: 'An error has happened while updating your opt-out state. Please, try again.',
} as const;
export type SignInErrorCode = keyof typeof SIGN_IN_ERROR_MESSAGES;

/** `#error` replaces the EXTERNAL_OAUTH_ERROR sentence. */
export const HASH_ERROR_MESSAGE = 'An external authentication error has happened. Please, try to sign in again.';

export const SIGN_IN_ERROR_TITLES = {
  /** For type AUTH_ERROR or `#error`. */
  authError: 'We were unable to log you into the export tool.',
  optedOutError: 'An error occured while updating opt-out state.',
  other: 'Information message',
} as const;

/** Option-page errors: the callback of a destination consent came back with one of these. */
export const OPTIONS_ERROR_MESSAGES = {
  EXTERNAL_OAUTH_ERROR: 'An external authentication error has happened. Please, try again.',
  MISSING_SCOPE: 'Please, select all the requested permissions while authenticating.',
  PROVIDER_NOT_SUPPORTED: 'This provider is not supported.',
  UNSUPPORTED_PROVIDER: 'This provider is not supported.',
} as const;
export const OPTIONS_ERROR_FALLBACK = 'Unknown error during the authentication process, please try again.';

export const MESSAGES = {
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
} as const;

/** Why an operation ended in error, said plainly (the reasons of contract/progress.ts; anything else is generic). */
export const END_REASON_TEXTS: Readonly<Record<string, string>> = {
  cancelled: 'You cancelled this export. What was copied before stays where it is.',
  'source-unreachable': 'We could not reach your Northwave mailbox. Please, try again later.',
  'source-login-refused': 'We could not open your Northwave mailbox. Please, contact support.',
  'destination-unreachable': 'We could not reach the mailbox you are moving to. Please, check its address and try again.',
  'destination-login-refused':
    'The mailbox you are moving to refused the sign-in. Please, check the password (or permissions) and start again.',
  'all-items-failed': 'None of the items could be moved. The list of what failed says why.',
};

/** Fills `{name}`; without a name the placeholder and its leading space disappear. */
export const fillName = (text: string, name: string | null | undefined): string =>
  name ? text.replace('{name}', name) : text.replace(' {name}', '').replace('{name}', '');

export const optionsErrorMessage = (code: string): string =>
  code in OPTIONS_ERROR_MESSAGES ? OPTIONS_ERROR_MESSAGES[code as keyof typeof OPTIONS_ERROR_MESSAGES] : OPTIONS_ERROR_FALLBACK;

export const isSignInErrorCode = (code: string): code is SignInErrorCode => code in SIGN_IN_ERROR_MESSAGES;

/**
 * Whether signing in again can end differently: not for an account that does not exist or a mailbox
 * that is not active (the same sign-in meets the same account), yes for everything else (a refused
 * or failed sign-in, a failed check, a failed closure update).
 */
export const signInRetryHelps = (code: string): boolean => code !== 'ACCOUNT_DOES_NOT_EXIST' && code !== 'MAILBOX_IS_NOT_ACTIVE';

/** The sign-in modal's title and text (§8) for what the machine stored. */
export function signInErrorText(modal: { code: string; type: string | null; name: string | null; hash: boolean }): {
  title: string;
  message: string;
} {
  const title =
    modal.code === 'OPTED_OUT_ERROR'
      ? SIGN_IN_ERROR_TITLES.optedOutError
      : modal.type === 'AUTH_ERROR' || modal.hash
        ? SIGN_IN_ERROR_TITLES.authError
        : SIGN_IN_ERROR_TITLES.other;
  const message =
    modal.hash && modal.code === 'EXTERNAL_OAUTH_ERROR'
      ? HASH_ERROR_MESSAGE
      : fillName(isSignInErrorCode(modal.code) ? SIGN_IN_ERROR_MESSAGES[modal.code] : SIGN_IN_ERROR_MESSAGES.GENERAL_ERROR, modal.name);
  return { title, message };
}

/** What the support form's "What happened?" starts with when the customer comes from the sign-in modal. */
export const supportIssueFromSignInError = (message: string): string =>
  `I could not sign in to the export portal. The message said: ${message}`;

/** The comcastinfo `inactive` values that stop the flow (§7), mapped to the modal's codes. */
export const inactiveToSignInError = (inactive: string): SignInErrorCode =>
  inactive === 'user' || inactive === 'account'
    ? 'ACCOUNT_DOES_NOT_EXIST'
    : inactive === 'mailbox'
      ? 'MAILBOX_IS_NOT_ACTIVE'
      : 'GENERAL_ERROR';

/** The modal a migration status with a problem opens: no account, an error, or an inactive mailbox. */
export const signInErrorOfStatus = (status: { error?: string | null; account?: boolean | null }): SignInErrorCode =>
  status.error === 'ACCOUNT_DOES_NOT_EXIST' || status.account === false
    ? 'ACCOUNT_DOES_NOT_EXIST'
    : status.error
      ? 'GENERAL_ERROR'
      : 'MAILBOX_IS_NOT_ACTIVE';
