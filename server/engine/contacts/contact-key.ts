/**
 * What a contact is known by when looking for it at a destination: its vCard UID, the one identity a
 * contact keeps across servers. A vCard without a UID is known by its path at the source instead.
 */
import type { Contact } from './ports.ts';

export const uidKey = (uid: string) => `uid:${uid}`;

export function contactKey(contact: Pick<Contact, 'href' | 'uid'>): string {
  return contact.uid !== null ? uidKey(contact.uid) : `href:${contact.href}`;
}
