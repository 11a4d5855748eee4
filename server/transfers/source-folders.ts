/**
 * The source's folder list the options page offers to choose from: each folder's name, special use,
 * messages and bytes, read through the engine's MailSource (the provider's IMAP server through its
 * master user, or the development Maildir), the way a transfer will read it. Bounded: at most
 * MAX_SOURCE_FOLDERS folders, and the whole reading within `timeoutMs`, after which the connection is
 * closed and the caller says the list could not be read.
 */
import { MAX_SOURCE_FOLDERS, type SourceFolderLine, type SourceFoldersResponse, type SpecialUse } from '../../contract/index.ts';
import { isFolderFault, type FolderRole, type MailSource, type MailSourceSession, type SourceFolder } from '../engine/index.ts';

export type SourceFolderReader = (mailbox: string) => Promise<SourceFoldersResponse>;

const SPECIAL_USE: Record<FolderRole, SpecialUse> = {
  '\\Inbox': 'inbox',
  '\\Sent': 'sent',
  '\\Drafts': 'drafts',
  '\\Trash': 'trash',
  '\\Junk': 'junk',
  '\\Archive': 'archive',
};

class SourceFoldersTimeout extends Error {
  constructor(ms: number) {
    super(`the folder list took longer than ${ms} ms`);
    this.name = 'SourceFoldersTimeout';
  }
}

/** One folder as the page shows it; a folder the server lists but cannot count shows as empty, as the plan counts it. */
async function lineOf(session: MailSourceSession, folder: SourceFolder): Promise<SourceFolderLine> {
  const status = await session.status(folder.path).catch((error: unknown) => {
    if (isFolderFault(error)) return { count: 0, bytes: 0 };
    throw error;
  });
  return {
    path: folder.path,
    name: folder.segments.join('/'),
    special_use: folder.role ? SPECIAL_USE[folder.role] : null,
    messages: status.count,
    bytes: status.bytes,
  };
}

async function readFolders(source: MailSource, signal: AbortSignal): Promise<SourceFoldersResponse> {
  const session = await source.connect();
  try {
    const listed = await session.listFolders();
    const folders: SourceFolderLine[] = [];
    for (const folder of listed.slice(0, MAX_SOURCE_FOLDERS)) {
      signal.throwIfAborted();
      folders.push(await lineOf(session, folder));
    }
    return { folders, complete: listed.length <= MAX_SOURCE_FOLDERS };
  } finally {
    await session.close();
  }
}

export function createSourceFolderReader(mailSource: (mailbox: string) => MailSource, timeoutMs: number): SourceFolderReader {
  return async (mailbox) => {
    const timeout = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timeout.abort();
        reject(new SourceFoldersTimeout(timeoutMs));
      }, timeoutMs);
    });
    // The reading stops at its next folder once the time is up; its session closes then.
    const reading = readFolders(mailSource(mailbox), timeout.signal);
    reading.catch(() => undefined);
    try {
      return await Promise.race([reading, expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
