/**
 * The contacts side of the engine's ports: where address books come from and where contacts go. The
 * state store, clock, statuses, refusals and faults are the engine's shared ones (../ports.ts), so the
 * contacts operation reports into the same progress, item report and receipts as mail.
 */
import type { AppendResult } from '../ports.ts';
import type { ParsedVCard } from './vcard.ts';

/** One address book at the source. */
export type AddressBook = {
  /** The collection's path at the server (decoded), unique within the account. */
  href: string;
  /** Its display name; the href's last segment when it has none. */
  name: string;
  /**
   * The collection's sync-token (RFC 6578), else its CTag; null when the server offers neither.
   * It changes whenever a contact in the book changes.
   */
  token: string | null;
};

/** One contact as listed: its path (decoded) inside the address book. */
export type VCardRef = { href: string };

/** One contact as served: the vCard's text exactly as the server sent it, ending with CRLF. */
export type SourceVCard = { href: string; text: string };

export interface ContactsSourceSession {
  listAddressBooks(): Promise<AddressBook[]>;
  /** Every contact of the book, sorted by href (so a run and its resumption walk the same order). */
  list(book: AddressBook): Promise<VCardRef[]>;
  /**
   * The vCards of these hrefs in one batch. An href that no longer exists is absent from the answer;
   * a batch the server cannot deliver throws (the loop then asks one by one).
   */
  fetch(book: AddressBook, hrefs: string[]): Promise<SourceVCard[]>;
  close(): Promise<void>;
}

export interface ContactsSource {
  connect(): Promise<ContactsSourceSession>;
}

/** A contact on its way to a destination: the served text, and what the engine read from it. */
export type Contact = {
  book: AddressBook;
  href: string;
  text: string;
  /** The vCard's UID, or null when it has none. */
  uid: string | null;
  /** The parsed vCard (ical.js jCard), for destinations that need fields (CSV). */
  card: ParsedVCard;
};

export interface ContactsDestinationSession {
  /** Where the book's contacts go: an address book's path, or a file inside the archive. */
  prepareBook(book: AddressBook): Promise<string>;
  /** How many copies of each key (see `keysFor`) the target holds now. */
  heldKeys(target: string): Promise<Map<string, number>>;
  /** Writes one contact; a refusal is reported, never thrown (throws only for a lost connection). */
  put(target: string, contact: Contact): Promise<AppendResult>;
  /**
   * Writes several contacts in one request, for a destination built for it (Google's People API takes
   * 200 at once); one result per contact, in order. At most `traits.putBatch` contacts at a time.
   */
  putMany?(target: string, contacts: Contact[]): Promise<AppendResult[]>;
  close(): Promise<void>;
}

export interface ContactsDestination {
  /**
   * durable false: nothing written survives the process (a ZIP being written), so a new run starts
   * over. putBatch: how many contacts one `putMany` takes (absent: contacts are put one at a time).
   */
  traits: { durable: boolean; putBatch?: number };
  connect(): Promise<ContactsDestinationSession>;
  /** The keys this destination knows the contact by: its UID, or, without one, where it puts it. */
  keysFor(contact: Contact): string[];
  finish(): Promise<void>;
  discard(): Promise<void>;
}
