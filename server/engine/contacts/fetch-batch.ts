/**
 * Fetching one batch of vCards. When the server cannot deliver the batch, each contact is asked for
 * alone: one the server keeps refusing is reported as unreadable while the others go on. When every
 * single request fails too, the trouble is the server's, not a contact's, and the fault stands.
 */
import { TransferFault } from '../ports.ts';
import type { AddressBook, ContactsSourceSession, SourceVCard } from './ports.ts';

export type FetchedBatch = { vcards: Map<string, SourceVCard>; unreadable: Map<string, string> };

/** Faults that say nothing about one contact: the book is gone, the login is refused, the network dropped. */
const isWholeFault = (error: unknown) => error instanceof TransferFault && error.kind !== 'unreachable';

export async function fetchBatch(
  source: ContactsSourceSession,
  book: AddressBook,
  hrefs: string[],
  signal: AbortSignal,
): Promise<FetchedBatch> {
  const vcards = new Map<string, SourceVCard>();
  const unreadable = new Map<string, string>();
  if (hrefs.length === 0) return { vcards, unreadable };
  try {
    for (const vcard of await source.fetch(book, hrefs)) vcards.set(vcard.href, vcard);
    return { vcards, unreadable };
  } catch (batchError) {
    if (isWholeFault(batchError) || signal.aborted || hrefs.length === 1) throw batchError;
    for (const href of hrefs) {
      try {
        for (const vcard of await source.fetch(book, [href])) vcards.set(vcard.href, vcard);
      } catch (error) {
        if (isWholeFault(error) || signal.aborted) throw error;
        unreadable.set(href, error instanceof Error ? error.message : String(error));
      }
    }
    if (unreadable.size === hrefs.length) throw batchError;
    return { vcards, unreadable };
  }
}
