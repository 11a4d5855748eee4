/**
 * The IMAP source: the customer's mailbox at the provider, opened with the provider's master user
 * (Dovecot's `user*master` login: the customer's address, the separator, the master user's name, and
 * the master password). The customer's own password is never needed or asked for. Folders are opened
 * read-only (EXAMINE), so the transfer changes nothing at the source, not even \Seen.
 */
import type { ImapFlow, ListResponse } from 'imapflow';
import { FOLDER_ROLES, TransferFault, type FolderRole, type MailSource, type MailSourceSession, type SourceFolder } from '../ports.ts';
import type { ImapEndpoint } from '../job.ts';
import { openImap } from './connect.ts';
import { guarded, isMailboxMissing } from './faults.ts';
import { readMessages, readRefs } from './read-messages.ts';

export type ImapSourceConfig = {
  endpoint: ImapEndpoint;
  /** The customer's login name at the source (usually the address). */
  mailbox: string;
  master: { user: string; password: string; separator: string };
};

function roleOf(entry: ListResponse): FolderRole | null {
  if (entry.path.toUpperCase() === 'INBOX') return '\\Inbox';
  return (FOLDER_ROLES as readonly string[]).includes(entry.specialUse ?? '') ? (entry.specialUse as FolderRole) : null;
}

function toFolder(entry: ListResponse): SourceFolder {
  return { path: entry.path, segments: [...entry.parent, entry.name], delimiter: entry.delimiter, role: roleOf(entry) };
}

function session(client: ImapFlow): MailSourceSession {
  let open: string | null = null;
  // The sizes of the folder indexed last, so fetch knows which messages to read in pieces.
  let sizes: { path: string; byUid: Map<number, number> } | null = null;
  const guard = guarded('source');
  const select = async (path: string) => {
    try {
      const mailbox = await client.mailboxOpen(path, { readOnly: true });
      open = path;
      return mailbox;
    } catch (error) {
      open = null;
      if (isMailboxMissing(error)) throw new TransferFault('folder-missing', 'source', `folder ${path} no longer exists`, { cause: error });
      throw error;
    }
  };
  return {
    listFolders: () =>
      guard(async () => (await client.list()).filter((entry) => !entry.flags.has('\\Noselect') && !entry.flags.has('\\NonExistent')).map(toFolder)),
    status: (path) =>
      guard(async () => {
        const withSize = client.capabilities.has('STATUS=SIZE');
        const status = await client.status(path, { messages: true, ...(withSize ? { size: true } : {}) });
        if (!status) throw new TransferFault('folder-missing', 'source', `folder ${path} no longer exists`);
        return { count: status.messages ?? 0, bytes: withSize ? (status.size ?? null) : null };
      }),
    index: (path, withMessageId) =>
      guard(async () => {
        const mailbox = await select(path);
        const messages = mailbox.exists > 0 ? await readRefs(client, '1:*', withMessageId) : [];
        sizes = { path, byUid: new Map(messages.map((ref) => [ref.uid, ref.size])) };
        return { uidValidity: mailbox.uidValidity.toString(), messages };
      }),
    fetch: (path, uids) =>
      guard(async () => {
        if (open !== path) await select(path);
        return readMessages(client, uids, sizes?.path === path ? sizes.byUid : undefined);
      }),
    close: async () => {
      await client.logout().catch(() => client.close());
    },
  };
}

export function createImapSource(config: ImapSourceConfig): MailSource {
  return {
    async connect() {
      const login = { user: `${config.mailbox}${config.master.separator}${config.master.user}`, password: config.master.password };
      return session(await openImap(config.endpoint, login, 'source'));
    },
  };
}
