/**
 * The idempotency key of a load: what the request means, not how it was written. The same account
 * asking for the same operations to the same destination in the same formats is the same export,
 * whatever the JSON's key order, whitespace, letter case of addresses, repeated or reordered
 * operations, extra fields, session or header text; within the window it gets the first job back.
 * Passwords and tokens are never part of it.
 */
import { createHash } from 'node:crypto';
import type { ContactsFormat, DestinationProvider, EmailFormat, Operation } from '../../contract/index.ts';
import type { MailSelection } from '../ports.ts';

export type LoadMeaning = {
  /** The signed-in account the export is of. */
  account: string;
  operations: readonly Operation[];
  destination: { provider: DestinationProvider; email: string | null };
  /** Only a file export has formats; null elsewhere. */
  formats: { email: EmailFormat | null; contacts: ContactsFormat | null };
  /** What of the mail to move; absent for everything, so a load without a choice keeps the key it always had. */
  mailChoice?: MailSelection;
};

const address = (email: string | null) => (email === null ? null : email.trim().toLowerCase());

export function loadKey(meaning: LoadMeaning): string {
  const canonical = [
    address(meaning.account),
    [...new Set(meaning.operations)].sort(),
    meaning.destination.provider,
    address(meaning.destination.email),
    meaning.formats.email,
    meaning.formats.contacts,
    ...(meaning.mailChoice ? [meaning.mailChoice.since, [...meaning.mailChoice.excludedFolders].sort()] : []),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
