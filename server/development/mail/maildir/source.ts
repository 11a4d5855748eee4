/**
 * A Maildir mailbox as the engine's mail source: the development stand-in for the provider's IMAP
 * server, read through the same MailSource port and copy loop. What IMAP would tell, Maildir tells
 * too: folders and their special use (mailbox.json), UIDVALIDITY and stable UIDs (dovecot-uidlist),
 * flags (the file name's info part) and the internal date (the file's mtime). Nothing at the source
 * changes, except that files no uidlist knows yet get their UIDs, as Dovecot would give them.
 */
import { readFile } from 'node:fs/promises';
import { messageIdFromHeaders } from '../../../engine/dedup.ts';
import { aboutMessage } from '../../../engine/item-about.ts';
import {
  FOLDER_ROLES,
  TransferFault,
  type FolderRole,
  type MailSource,
  type MailSourceSession,
  type MessageRange,
  type MessageRef,
  type SourceMessage,
} from '../../../engine/ports.ts';
import { FolderMissingError, headerBlock, readHeaderBlock, scanFolder, type MaildirMessage } from './folder.ts';
import { folderDir, listFolders, MailboxMissingError, readMeta, type MailboxMeta } from './mailbox.ts';

const asRole = (role: string | null): FolderRole | null =>
  (FOLDER_ROLES as readonly string[]).includes(role ?? '') ? (role as FolderRole) : null;

/** The messages in the range: by internal date (the file's mtime), as IMAP's SEARCH SINCE picks them. */
const inRange = (messages: MaildirMessage[], range: MessageRange | undefined) => {
  const since = range?.since;
  return since ? messages.filter((m) => m.internalDate.getTime() >= since.getTime()) : messages;
};

function session(root: string, meta: MailboxMeta): MailSourceSession {
  // The last reading of each folder, by UID, for fetch.
  const known = new Map<string, Map<number, MaildirMessage>>();
  const scan = async (folderPath: string) => {
    try {
      const result = await scanFolder(folderDir(root, folderPath.split(meta.delimiter)));
      known.set(folderPath, new Map(result.messages.map((m) => [m.uid, m])));
      return result;
    } catch (error) {
      if (error instanceof FolderMissingError)
        throw new TransferFault('folder-missing', 'source', `folder ${folderPath} no longer exists`, { cause: error });
      throw error;
    }
  };
  const read = async (file: string): Promise<Buffer | null> =>
    readFile(file).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    });

  return {
    async listFolders() {
      return (await listFolders(root)).map((folder) => ({
        path: folder.path,
        segments: folder.segments,
        delimiter: meta.delimiter,
        role: asRole(folder.role),
      }));
    },
    async status(folderPath, range) {
      const messages = inRange((await scan(folderPath)).messages, range);
      return { count: messages.length, bytes: messages.reduce((sum, m) => sum + m.size, 0) };
    },
    async index(folderPath, withMessageId = () => true, withAbout = () => false, range) {
      const { uidValidity, messages } = await scan(folderPath);
      const refs: MessageRef[] = [];
      for (const m of inRange(messages, range)) {
        const about = withAbout(m);
        if (!about && !withMessageId(m)) {
          refs.push({ uid: m.uid, size: m.size, internalDate: m.internalDate, messageId: null });
          continue;
        }
        const header = await readHeaderBlock(m.file).catch(() => null);
        if (!header) continue;
        const block = header.toString('latin1');
        const ref: MessageRef = { uid: m.uid, size: m.size, internalDate: m.internalDate, messageId: messageIdFromHeaders(block) };
        refs.push(about ? { ...ref, about: aboutMessage(block, m.internalDate) } : ref);
      }
      return { uidValidity: String(uidValidity), messages: refs };
    },
    async fetch(folderPath, uids) {
      const out: SourceMessage[] = [];
      for (const uid of uids) {
        if (!known.has(folderPath)) await scan(folderPath);
        let found = known.get(folderPath)?.get(uid);
        let raw = found ? await read(found.file) : null;
        if (found && !raw) {
          // The file was renamed (a flag changed) since the folder was read: look again once.
          await scan(folderPath);
          found = known.get(folderPath)?.get(uid);
          raw = found ? await read(found.file) : null;
        }
        // A message that is gone is left out of the answer; the copy loop reports it as vanished.
        if (found && raw)
          out.push({
            uid,
            size: raw.length,
            internalDate: found.internalDate,
            messageId: messageIdFromHeaders((headerBlock(raw) ?? raw).toString('latin1')),
            flags: found.flags,
            raw,
          });
      }
      return out;
    },
    close: async () => {},
  };
}

/** The mailbox at `root` (a Maildir++ root with mailbox.json). A missing mailbox is like an unknown user. */
export function createMaildirSource(options: { root: string }): MailSource {
  return {
    async connect() {
      try {
        return session(options.root, await readMeta(options.root));
      } catch (error) {
        if (error instanceof MailboxMissingError) throw new TransferFault('login-refused', 'source', error.message, { cause: error });
        throw error;
      }
    },
  };
}
