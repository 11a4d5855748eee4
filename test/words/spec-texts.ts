/**
 * The specification's own texts (/work/shared/spec/portal-spec.md), copied verbatim: they stay
 * exactly as the spec writes them, so the plain-words check lets them be whatever their grade.
 * '...' stands where the spec leaves a value or a continuation out; it matches any words.
 * Nothing else belongs here: a text of ours that reads too hard is rewritten, not listed.
 */
export const SPEC_TEXTS: readonly string[] = [
  // §2 Screens and routes
  'Save your email data',
  "We're pulling together your data",
  'Copied!',
  'Fetching information for ...',
  'Check your export status',
  // §5 Validation rules
  'Please enter a valid email address.',
  'Please, enter a valid notification email address.',
  'Invalid IMAP. Please enter a valid IMAP address.',
  'Could not resolve IMAP host.',
  'Incorrect email or password.',
  'Unknown error, please try again.',
  'One operations option has to be selected.',
  'Please, use different addresses for source and destination.',
  'Invalid export ID',
  // §8 Error catalogue
  'The user ... may have not been authorized to use this portal.',
  'An external authentication error has happened. Please, try to sign in again.',
  'The user ... does not exist.',
  'The mailbox for user ... is not active.',
  "There's been an error while fetching user ... information.",
  'An error occured while updating opt-out state.',
  'Information message',
  'An external authentication error has happened. Please, try again.',
  'Please, select all the requested permissions while authenticating.',
  'This provider is not supported.',
  'Unknown error during the authentication process, please try again.',
  "Operation 'contactsmigration' not allowed.",
  'An error has happened while updating your opt-out state. Please, try again.',
  'Unknown error, please try again later!',
  'Sorry, your export ID is invalid...',
  'Sorry, your export process stopped due to an error',
  'Sorry, something went wrong.',
  'No exports were found from ...',
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SPEC_PATTERNS = SPEC_TEXTS.map((text) => new RegExp(`^${text.split('...').map(escape).join('.*')}$`));

/**
 * Whether a text of ours is one of the spec's. Our sources write the spec's '...' as `{name}` or a
 * `${value}`, which the collector reads as a word; either matches the spec's '...'.
 */
export const isSpecText = (text: string): boolean => {
  const normalized = text.replace(/\s+/g, ' ').trim();
  return SPEC_PATTERNS.some((pattern) => pattern.test(normalized));
};
