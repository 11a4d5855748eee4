/**
 * What a contact is known by when looking for it at a destination: its vCard UID, the one identity a
 * contact keeps across servers. A vCard without a UID is known by its path at the source instead.
 * A destination with its own contact model (Google, Microsoft) keeps the UID beside the contact it
 * made (`SOURCE_UID_NAME`), and also knows a contact by its name and first e-mail address, so a contact
 * the account already had is not added twice either.
 */
import type { ContactFields } from './fields.ts';
import type { Contact } from './ports.ts';

export const uidKey = (uid: string) => `uid:${uid}`;

export function contactKey(contact: Pick<Contact, 'href' | 'uid'>): string {
  return contact.uid !== null ? uidKey(contact.uid) : `href:${contact.href}`;
}

/** Under this name the API destinations keep a contact's vCard UID (Google's clientData, a Graph extended property). */
export const SOURCE_UID_NAME = 'vcard-uid';

export const whoKey = (given: string, family: string, email: string) =>
  `who:${[given, family, email].map((part) => part.trim().toLowerCase()).join('|')}`;

/** Given and family name with the first e-mail address; null without a name or an address. */
export function whoKeyOf(fields: Pick<ContactFields, 'name' | 'emails'>): string | null {
  const email = fields.emails[0]?.value;
  const { given, family } = fields.name;
  return email && (given || family) ? whoKey(given, family, email) : null;
}
