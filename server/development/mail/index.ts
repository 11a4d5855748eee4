/**
 * Development mail: real mailboxes and address books for the scenario accounts, and somewhere for
 * development exports to land, all as files under DEV_MAIL_DIR (layout.ts). The transfer engine reads
 * and writes them through its own ports, so a newcomer with no mail server sees a real transfer:
 *
 *   const devMail = createDevMail({ dir });
 *   await devMail.prepare(addresses);                       // first start: writes the sample accounts once
 *   devMail.mailSource('active@example.com')                // MailSource (Maildir)
 *   devMail.contactsSource('active@example.com')            // ContactsSource (vCard files)
 *   devMail.destination('you@gmail.com', 'gmail')           // MailDestination (Maildir, Gmail's folders)
 *   devMail.contactsDestination('you@gmail.com')            // ContactsDestination (one address book of vCard files)
 *
 * An account's sample data is written once, into a temporary folder renamed into place when complete,
 * and never rewritten: delete `accounts/<address>` to have it generated again.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DevelopmentMailStore } from '../../ports.ts';
import { createVcardDirectoryDestination } from './contacts/destination.ts';
import { createVcardDirectorySource } from './contacts/source.ts';
import { addressDirName, devMailLayout, type DevMailLayout } from './layout.ts';
import { createMaildirDestination } from './maildir/destination.ts';
import { createMaildirSource } from './maildir/source.ts';
import { pacedContacts, pacedMail } from './paced.ts';
import { writeSampleAccount } from './sample/write-account.ts';

export type PrepareReport = { generated: string[]; messages: number; cards: number; ms: number };

/** The development mail store (the DevelopmentMailStore port), with its layout and the sample data's preparation. */
export type DevMail = DevelopmentMailStore & {
  layout: DevMailLayout;
  /**
   * Writes the sample data of every address that has none yet. An abort stops it after the account
   * being written (each is written whole or not at all); the others are written on first use.
   */
  prepare(addresses: readonly string[], signal?: AbortSignal): Promise<PrepareReport>;
};

/** Temporary folders older than this are left over from a killed start and are removed. */
const STALE_MS = 10 * 60_000;

export type DevMailOptions = {
  dir: string;
  messagesPerAccount?: number;
  /** How long the development store takes per message or contact (paced.ts); 0 by default. */
  deliveryMs?: number;
};

export function createDevMail(options: DevMailOptions): DevMail {
  const layout = devMailLayout(options.dir);
  const inFlight = new Map<string, Promise<{ messages: number; cards: number } | null>>();

  const generate = async (address: string) => {
    const final = layout.account(address);
    if (
      await stat(final).then(
        () => true,
        () => false,
      )
    )
      return null;
    await mkdir(layout.accountsDir, { recursive: true });
    const temporary = path.join(layout.accountsDir, `.tmp-${addressDirName(address)}-${randomBytes(4).toString('hex')}`);
    try {
      const written = await writeSampleAccount(temporary, address, { messages: options.messagesPerAccount });
      await rename(temporary, final);
      return written;
    } catch (error) {
      await rm(temporary, { recursive: true, force: true });
      // Another process finished the same account first: its copy stands.
      if (['EEXIST', 'ENOTEMPTY'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    }
  };

  /** The account's sample data, written first if it is not there yet (once, whoever asks). */
  const ensure = (address: string) => {
    const key = addressDirName(address);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = generate(address).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  /** A source whose connect first waits for (or starts) writing the address's sample data. */
  const whenWritten = <S>(address: string, source: { connect(): Promise<S> }) => ({
    async connect(): Promise<S> {
      await ensure(address);
      return source.connect();
    },
  });

  const removeStale = async () => {
    const names = await readdir(layout.accountsDir).catch(() => []);
    for (const name of names.filter((n) => n.startsWith('.tmp-'))) {
      const full = path.join(layout.accountsDir, name);
      const info = await stat(full).catch(() => null);
      if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(full, { recursive: true, force: true });
    }
  };

  return {
    layout,
    async prepare(addresses, signal) {
      const started = performance.now();
      await removeStale();
      const report: PrepareReport = { generated: [], messages: 0, cards: 0, ms: 0 };
      for (const address of addresses) {
        if (signal?.aborted) break;
        const written = await ensure(address);
        if (!written) continue;
        report.generated.push(address);
        report.messages += written.messages;
        report.cards += written.cards;
      }
      report.ms = Math.round(performance.now() - started);
      return report;
    },
    mailSource: (address) => whenWritten(address, createMaildirSource({ root: layout.maildir(address) })),
    contactsSource: (address) => whenWritten(address, createVcardDirectorySource({ root: layout.contacts(address) })),
    destination: (address, provider, maxMessageBytes) =>
      pacedMail(createMaildirDestination({ root: layout.mailbox(address), provider, maxMessageBytes }), options.deliveryMs ?? 0),
    contactsDestination: (address) =>
      pacedContacts(createVcardDirectoryDestination({ root: layout.addressBooks(address) }), options.deliveryMs ?? 0),
  };
}

export type { MailboxProvider } from './maildir/provider-folders.ts';
export type { ContactsSource, ContactsSourceSession, AddressBook, VCardRef, SourceVCard } from '../../engine/contacts/ports.ts';
