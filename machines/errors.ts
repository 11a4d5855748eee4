/**
 * The error catalogue of spec §8 as keys of the errors section (contract/words/en/errors.ts): the
 * machine stores keys, and views say them in the customer's language (decision 0033). A stored error
 * may also be the service's own words (a refusal, refusalOf), which views show as they are.
 */
import type { KeyOf, Said } from '../contract/index.ts';
import type { errorWords } from '../contract/words/en/errors.ts';

export type ErrorKey = KeyOf<typeof errorWords>;
/** What the machine said of an error: one of the errors section's messages and its values. */
export type SaidError = Said<typeof errorWords>;
/** A stored error: one of ours, or the service's refusal in its words. */
export type ErrorText = ErrorKey | (string & {});

const keys = <const K extends ErrorKey>(...list: K[]) => Object.fromEntries(list.map((key) => [key, key])) as { readonly [P in K]: P };

/** Codes that open the sign-in modal (query `error`, or `#error`). */
export const SIGN_IN_ERROR_MESSAGES = {
  EXTERNAL_OAUTH_ERROR: 'signInExternal',
  ACCOUNT_DOES_NOT_EXIST: 'signInNoAccount',
  MAILBOX_IS_NOT_ACTIVE: 'signInInactive',
  GENERAL_ERROR: 'signInGeneral',
  OPTED_OUT_ERROR: 'signInOptedOut',
} as const satisfies Record<string, ErrorKey>;
export type SignInErrorCode = keyof typeof SIGN_IN_ERROR_MESSAGES;

/** Option-page errors: the callback of a destination consent came back with one of these. */
export const OPTIONS_ERROR_MESSAGES = {
  EXTERNAL_OAUTH_ERROR: 'optionsExternal',
  MISSING_SCOPE: 'optionsMissingScope',
  PROVIDER_NOT_SUPPORTED: 'optionsUnsupported',
  UNSUPPORTED_PROVIDER: 'optionsUnsupported',
} as const satisfies Record<string, ErrorKey>;

export const MESSAGES = keys(
  'invalidEmail',
  'invalidNotificationEmail',
  'invalidImap',
  'unresolvedImap',
  'incorrectCredentials',
  'unknownError',
  'sameAddress',
  'noOperation',
  'contactsNotAllowed',
  'optOutUpdateFailed',
  'invalidExportId',
  'statusLookupFailed',
  'statusInvalidId',
  'statusFailed',
  'statusFromEmailFailed',
  'copied',
  'cancelRefused',
  'cancelFailed',
  'copyNewMailRefused',
  'copyNewMailFailed',
  'pauseRefused',
  'pauseFailed',
  'resumeRefused',
  'resumeFailed',
  'stopForwardingRefused',
  'stopForwardingFailed',
);

/** Why an operation ended in error, said plainly (the reasons of contract/progress.ts; anything else is generic). */
export const END_REASON_TEXTS: Readonly<Record<string, ErrorKey>> = {
  cancelled: 'endCancelled',
  'source-unreachable': 'endSourceUnreachable',
  'source-login-refused': 'endSourceLoginRefused',
  'destination-unreachable': 'endDestinationUnreachable',
  'destination-login-refused': 'endDestinationLoginRefused',
  'all-items-failed': 'endAllItemsFailed',
};

/** `{name}` filled; without a name the view says the message with an empty one. */
const withName = (key: ErrorKey, name: string | null | undefined): SaidError => ({ key, values: { name: name ?? '' } });

export const optionsErrorMessage = (code: string): ErrorKey =>
  code in OPTIONS_ERROR_MESSAGES ? OPTIONS_ERROR_MESSAGES[code as keyof typeof OPTIONS_ERROR_MESSAGES] : 'optionsUnknown';

export const isSignInErrorCode = (code: string): code is SignInErrorCode => code in SIGN_IN_ERROR_MESSAGES;

/**
 * Whether signing in again can end differently: not for an account that does not exist or a mailbox
 * that is not active (the same sign-in meets the same account), yes for everything else (a refused
 * or failed sign-in, a failed check, a failed closure update).
 */
export const signInRetryHelps = (code: string): boolean => code !== 'ACCOUNT_DOES_NOT_EXIST' && code !== 'MAILBOX_IS_NOT_ACTIVE';

/** The sign-in modal's title and text (§8) for what the machine stored. */
export function signInErrorText(modal: { code: string; type: string | null; name: string | null; hash: boolean }): {
  title: ErrorKey;
  message: SaidError;
} {
  const title = modal.code === 'OPTED_OUT_ERROR' ? 'titleOptedOut' : modal.type === 'AUTH_ERROR' || modal.hash ? 'titleAuth' : 'titleOther';
  const message: SaidError =
    modal.hash && modal.code === 'EXTERNAL_OAUTH_ERROR'
      ? { key: 'signInHash' }
      : withName(isSignInErrorCode(modal.code) ? SIGN_IN_ERROR_MESSAGES[modal.code] : SIGN_IN_ERROR_MESSAGES.GENERAL_ERROR, modal.name);
  return { title, message };
}

/** The no-exports message of `/status-from-email`, with the address it looked for. */
export const noExportsFoundText = (email: string | null | undefined): SaidError => withName('noExportsFound', email);

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
