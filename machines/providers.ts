/** What each destination needs: a consent round trip, accepted terms, formats. */
import type { ContactsFormat, DestinationProvider, EmailFormat, Operation } from '../contract/index.ts';

/** The mailbox providers by the names customers know: the contract's, which the service's mail uses too. */
export { PROVIDER_NAMES } from '../contract/index.ts';

/**
 * Said on the options page of a destination that takes no contacts (contract's destinationTakesContacts),
 * where the spec leaves room for help text.
 */
export const MAIL_ONLY_REASONS: Partial<Record<DestinationProvider, string>> = {
  yahoo: 'Yahoo Mail does not let other apps add contacts: only your email can move there.',
  aol: 'AOL Mail does not let other apps add contacts: only your email can move there.',
  other: 'Only your email can move to this kind of account.',
};

/**
 * Yahoo Mail and AOL Mail also take an app password over IMAP, which the Other destination uses: the
 * way there for a customer whose sign-in at Yahoo or AOL is not available (docs/identity.md).
 */
export const APP_PASSWORD_HELP: Partial<Record<DestinationProvider, string>> = {
  yahoo:
    'Can’t sign in to Yahoo Mail here? You can still move your email. First, make an app password in your Yahoo account’s safety settings. Then come back, choose Other, and type your Yahoo address and that app password.',
  aol: 'Can’t sign in to AOL Mail here? You can still move your email. First, make an app password in your AOL account’s safety settings. Then come back, choose Other, and type your AOL address and that app password.',
};

/** Destinations whose Next leaves for the provider's consent page (§2 migration options). */
export const OAUTH_DESTINATIONS: readonly DestinationProvider[] = ['gmail', 'outlook', 'yahoo', 'aol', 'northwave_next'];
export const isOAuthDestination = (provider: DestinationProvider): boolean => OAUTH_DESTINATIONS.includes(provider);

/** The terms-gated provider of §1: privacy terms first, all scopes required. */
export const TERMS_GATED_PROVIDER: DestinationProvider = 'gmail';

/** Shown only when login is not active (§2 destination account). */
export const SUCCESSOR_DESTINATIONS: readonly DestinationProvider[] = ['northwave_next'];

export const OPERATIONS_CHOICES = ['email', 'contacts', 'both'] as const;
export type OperationsChoice = (typeof OPERATIONS_CHOICES)[number];

export const operationsFor = (choice: OperationsChoice): Operation[] =>
  choice === 'email' ? ['emailmigration'] : choice === 'contacts' ? ['contactsmigration'] : ['emailmigration', 'contactsmigration'];

export const choiceOf = (operations: readonly Operation[]): OperationsChoice | null => {
  const email = operations.includes('emailmigration') || operations.includes('emailforwarding');
  const contacts = operations.includes('contactsmigration');
  return email && contacts ? 'both' : email ? 'email' : contacts ? 'contacts' : null;
};

/**
 * The file formats a file export produces. PST (Outlook's data file) is listed by the service's
 * vocabulary but not produced: no maintained writer exists for it, and a placeholder handed out as
 * the customer's mail would be worse than none. Outlook imports MBOX (through an import tool) and
 * EML; docs/decisions/0010-following-an-export.md.
 */
export const OFFERED_EMAIL_FORMATS: readonly EmailFormat[] = ['EML', 'MBOX'];
export const OFFERED_CONTACTS_FORMATS: readonly ContactsFormat[] = ['CSV', 'VCF'];
export const formatOffered = (kind: 'email' | 'contacts', format: string): boolean =>
  kind === 'email'
    ? (OFFERED_EMAIL_FORMATS as readonly string[]).includes(format)
    : (OFFERED_CONTACTS_FORMATS as readonly string[]).includes(format);
