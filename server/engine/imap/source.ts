/**
 * The IMAP source: the customer's mailbox at the provider, opened with the provider's own credentials
 * (master-login.ts), so the customer's password is never needed or asked for.
 * Folders are opened read-only (EXAMINE), so the transfer changes nothing at the source, not even \Seen.
 * Folder names are given relative to the personal namespace (folder-map.ts), so a tree under `INBOX.`
 * arrives at a server without a prefix as the same tree.
 */
import type { ImapFlow, ListResponse } from 'imapflow';
import { FOLDER_ROLES, TransferFault, type FolderRole, type MailSource, type MailSourceSession, type SourceFolder } from '../ports.ts';
import type { ImapEndpoint } from '../job.ts';
import { openImap } from './connect.ts';
import { folderWork, guarded, isMailboxMissing } from './faults.ts';
import { masterLoginTo, type MasterLogin } from './master-login.ts';
import { namespaceOf, relativeSegments, roleOfEntry, type Namespace } from './folder-map.ts';
import { readMessages, readRefs } from './read-messages.ts';
import { uidSet } from './uid-set.ts';

export type ImapSourceConfig = {
  endpoint: ImapEndpoint;
  /** The customer's login name at the source (usually the address). */
  mailbox: string;
  master: MasterLogin;
};

function roleOf(entry: ListResponse, namespace: Namespace): FolderRole | null {
  if (entry.path.toUpperCase() === 'INBOX') return '\\Inbox';
  const role = roleOfEntry(entry, namespace);
  return (FOLDER_ROLES as readonly string[]).includes(role ?? '') ? (role as FolderRole) : null;
}

function toFolder(entry: ListResponse, namespace: Namespace): SourceFolder {
  return { path: entry.path, segments: relativeSegments(entry, namespace), delimiter: entry.delimiter, role: roleOf(entry, namespace) };
}

/**
 * The UIDs of the open folder's messages since a day, as a UID set ('' for none): the server's SEARCH
 * picks them from its index, so a message out of range is never read, not even its header.
 */
async function uidsSince(client: ImapFlow, since: Date): Promise<string> {
  const uids = (await client.search({ since }, { uid: true })) || [];
  return uidSet(uids);
}

function session(client: ImapFlow): MailSourceSession {
  let open: string | null = null;
  // The sizes of the folder indexed last, so fetch knows which messages to read in pieces.
  let sizes: { path: string; byUid: Map<number, number> } | null = null;
  const guard = guarded('source');
  // A folder gone is `folder-missing`; any other refusal (a legacy folder the server lists but cannot
  // open) is this folder's `folder-refused` alone (folderWork).
  const select = (path: string) =>
    folderWork(
      'source',
      path,
      'EXAMINE',
    )(async () => {
      open = null;
      const mailbox = await client.mailboxOpen(path, { readOnly: true }).catch((error: unknown) => {
        throw isMailboxMissing(error)
          ? new TransferFault('folder-missing', 'source', `folder ${path} no longer exists`, { cause: error })
          : error;
      });
      open = path;
      return mailbox;
    });
  const statusOf = (path: string) =>
    folderWork(
      'source',
      path,
      'STATUS',
    )(async () => {
      const withSize = client.capabilities.has('STATUS=SIZE');
      const status = await client.status(path, { messages: true, ...(withSize ? { size: true } : {}) });
      if (!status) throw new TransferFault('folder-missing', 'source', `folder ${path} no longer exists`);
      return { count: status.messages ?? 0, bytes: withSize ? (status.size ?? null) : null };
    });
  // STATUS cannot count by date: the folder is opened and its messages since the day are searched and sized.
  const countSince = (path: string, since: Date) =>
    guard(async () => {
      const mailbox = await select(path);
      const wanted = mailbox.exists === 0 ? '' : await uidsSince(client, since);
      const refs = wanted ? await readRefs(client, wanted, () => false) : [];
      return { count: refs.length, bytes: refs.reduce((sum, ref) => sum + ref.size, 0) };
    });
  return {
    listFolders: () =>
      guard(async () => {
        const list = await client.list();
        const namespace = namespaceOf(client.namespace, list);
        return list
          .filter((entry) => !entry.flags.has('\\Noselect') && !entry.flags.has('\\NonExistent'))
          .map((entry) => toFolder(entry, namespace));
      }),
    status: (path, range) => (range?.since ? countSince(path, range.since) : statusOf(path)),
    index: (path, withMessageId, withAbout, range) =>
      guard(async () => {
        const mailbox = await select(path);
        const wanted = mailbox.exists === 0 ? '' : range?.since ? await uidsSince(client, range.since) : '1:*';
        const messages = wanted ? await readRefs(client, wanted, withMessageId, withAbout) : [];
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
      return session(await openImap(config.endpoint, masterLoginTo(config.mailbox, config.master), 'source'));
    },
  };
}
