/**
 * Writes one account's sample data into a directory: the mailbox as a Maildir through the same
 * append code the development destination uses (UIDs in date order, flags in the file names, internal
 * dates as mtimes), and the address books as one .vcf per card with Radicale's collection properties,
 * so a Radicale pointed at the folder would serve them over CardDAV. Identities (UIDVALIDITY, GUIDs)
 * come from the seed, so the same seed writes the same files.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { appendMessages, type FolderIdentity } from '../maildir/folder.ts';
import { createMailbox, folderDir } from '../maildir/mailbox.ts';
import { generateAddressBooks } from './contacts.ts';
import { SAMPLE_DELIMITER, SAMPLE_FOLDERS } from './folders.ts';
import { DEFAULT_MESSAGE_COUNT, generateMailbox } from './messages.ts';
import { seedOf } from './random.ts';

export type WrittenAccount = { messages: number; cards: number };

function identityOf(seed: number, index: number): FolderIdentity {
  return {
    uidValidity: 1_500_000_000 + (seed % 10_000_000) * 10 + index,
    guid: createHash('sha256').update(`${seed}/${index}`).digest('hex').slice(0, 32),
  };
}

async function writeMaildir(root: string, address: string, seed: number, count: number): Promise<number> {
  const folders = SAMPLE_FOLDERS.map((folder, index) => ({ ...folder, identity: identityOf(seed, index) }));
  const specialUse = Object.fromEntries(
    folders.filter((f) => f.role && f.role !== '\\Inbox').map((f) => [f.segments.join(SAMPLE_DELIMITER), f.role as string]),
  );
  const inbox = folders.find((f) => f.role === '\\Inbox');
  await createMailbox(
    root,
    { delimiter: SAMPLE_DELIMITER, specialUse },
    folders.filter((f) => f !== inbox),
    inbox?.identity,
  );
  const messages = await generateMailbox(seed, address, count);
  for (const folder of folders) {
    const key = folder.segments.join(SAMPLE_DELIMITER);
    // Mail arrives in date order, so UIDs rise with the internal date as they do on a real server.
    const own = messages
      .filter((m) => m.folder.join(SAMPLE_DELIMITER) === key)
      .sort((a, b) => a.internalDate.getTime() - b.internalDate.getTime());
    if (own.length > 0) await appendMessages(folderDir(root, folder.segments), own);
  }
  return messages.length;
}

async function writeContacts(root: string, seed: number): Promise<number> {
  let cards = 0;
  for (const book of generateAddressBooks(seed)) {
    const dir = path.join(root, book.id);
    await mkdir(dir, { recursive: true });
    const props = { tag: 'VADDRESSBOOK', 'D:displayname': book.displayName, 'CR:addressbook-description': book.description };
    await writeFile(path.join(dir, '.Radicale.props'), JSON.stringify(props));
    for (const card of book.cards) await writeFile(path.join(dir, `${card.uid}.vcf`), card.vcard);
    cards += book.cards.length;
  }
  return cards;
}

/** The sample mailbox (`<dir>/Maildir`) and address books (`<dir>/contacts`) of an address. */
export async function writeSampleAccount(dir: string, address: string, options: { messages?: number } = {}): Promise<WrittenAccount> {
  const seed = seedOf(address);
  const messages = await writeMaildir(path.join(dir, 'Maildir'), address, seed, options.messages ?? DEFAULT_MESSAGE_COUNT);
  const cards = await writeContacts(path.join(dir, 'contacts'), seed);
  return { messages, cards };
}
