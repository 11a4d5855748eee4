/**
 * The development store's pace: each message or contact it takes waits `ms` first, so an export into
 * it lasts long enough for a person (or a browser journey) to watch it in progress, as with a real
 * provider. Zero leaves the store as fast as the disk.
 */
import type { ContactsDestination, ContactsDestinationSession } from '../../engine/contacts/ports.ts';
import type { MailDestination, MailDestinationSession } from '../../engine/ports.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function pacedMail(destination: MailDestination, ms: number): MailDestination {
  if (ms === 0) return destination;
  return {
    ...destination,
    async connect(): Promise<MailDestinationSession> {
      const session = await destination.connect();
      const append: MailDestinationSession['append'] = async (target, message) => {
        await pause(ms);
        return session.append(target, message);
      };
      return { ...session, append };
    },
  };
}

export function pacedContacts(destination: ContactsDestination, ms: number): ContactsDestination {
  if (ms === 0) return destination;
  return {
    ...destination,
    async connect(): Promise<ContactsDestinationSession> {
      const session = await destination.connect();
      const put: ContactsDestinationSession['put'] = async (target, contact) => {
        await pause(ms);
        return session.put(target, contact);
      };
      return { ...session, put };
    },
  };
}
