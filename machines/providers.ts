/** What each destination needs (a consent round trip, accepted terms), read from its descriptor; the operations and formats on offer. */
import { destinationOf, type ContactsFormat, type DestinationProvider, type EmailFormat, type Operation } from '../contract/index.ts';

/** The terms-gated provider of §1: privacy terms first, all scopes required. */
export const isTermsGated = (provider: DestinationProvider | undefined): boolean =>
  provider !== undefined && destinationOf(provider).termsGated === true;

/** Shown only when login is not active (§2 destination account). */
export const isSuccessor = (provider: DestinationProvider): boolean => destinationOf(provider).successor === true;

export const OPERATIONS_CHOICES = ['email', 'contacts', 'both'] as const;
export type OperationsChoice = (typeof OPERATIONS_CHOICES)[number];

export const operationsFor = (choice: OperationsChoice): Operation[] =>
  choice === 'email' ? ['emailmigration'] : choice === 'contacts' ? ['contactsmigration'] : ['emailmigration', 'contactsmigration'];

export const choiceOf = (operations: readonly Operation[]): OperationsChoice | null => {
  const email = operations.includes('emailmigration') || operations.includes('emailforwarding');
  const contacts = operations.includes('contactsmigration');
  return email && contacts ? 'both' : email ? 'email' : contacts ? 'contacts' : null;
};

/** The file formats a file export produces: all three of §9 for each, PST since it has a writer (decision 0024). */
export const OFFERED_EMAIL_FORMATS: readonly EmailFormat[] = ['EML', 'MBOX', 'PST'];
export const OFFERED_CONTACTS_FORMATS: readonly ContactsFormat[] = ['CSV', 'VCF', 'PST'];
export const formatOffered = (kind: 'email' | 'contacts', format: string): boolean =>
  kind === 'email'
    ? (OFFERED_EMAIL_FORMATS as readonly string[]).includes(format)
    : (OFFERED_CONTACTS_FORMATS as readonly string[]).includes(format);
