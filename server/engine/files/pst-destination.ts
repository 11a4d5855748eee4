/**
 * A mail destination that is the export's Outlook data file (pst-file.ts): every folder of the
 * mailbox as a PST folder with the same tree and names, each message with its properties, bodies,
 * attachments and original headers (docs/pst.md). The source's Inbox is Outlook's "Inbox" and its
 * Trash Outlook's own "Deleted Items"; the other special folders keep their names. Like the ZIP it
 * lives in, a PST cannot be continued by another process, so this destination is not durable.
 * When the file passes its part size, the next message starts a new part, in which a folder is made
 * again when its first message arrives there. A message the writer could not parse is kept as a note
 * with the original attached, and said so in the append's answer (the item report lists it).
 */
import { refKey } from '../dedup.ts';
import type { KeptNote, MailDestination, MailDestinationSession, MessageRef, SourceFolder, SourceMessage } from '../ports.ts';
import { createHeldDigests, digestKey, type HeldDigests } from './held-digests.ts';
import type { PstFile } from './pst-file.ts';
import type { PstFolder, PstWriter } from './pst/index.ts';

type Target = { folder: SourceFolder; held: HeldDigests; count: number };

const keyOf = (ref: MessageRef) => digestKey(refKey(ref));

/** A message the MIME parser could not read goes in as a note with the original attached (docs/pst.md); its owner hears of it. */
const UNREADABLE: KeptNote = {
  kind: 'kept-as-attachment',
  detail: 'the message could not be read as MIME; it is in the PST as a note with the original attached (message.eml)',
};

/** The names a folder takes in Outlook: its source names, with INBOX as Outlook spells it. */
const outlookNames = (folder: SourceFolder): string[] =>
  folder.role === '\\Inbox' && folder.segments.length === 1 ? ['Inbox'] : folder.segments;

export function createPstMailDestination(options: { pst: PstFile }): MailDestination {
  const targets = new Map<string, Target>();
  /** The current part's folders by their path of names (reset when a part ends). */
  let made = new Map<string, PstFolder>();
  let madeIn = 0;

  /** The folder's PST folder in the current part, made (with its parents) when it is not there yet. */
  function folderIn(writer: PstWriter, part: number, folder: SourceFolder): PstFolder {
    if (part !== madeIn) {
      made = new Map();
      madeIn = part;
    }
    if (folder.role === '\\Trash') return writer.deletedItems;
    let parent = writer.topFolder;
    const names = outlookNames(folder);
    names.forEach((name, depth) => {
      const key = JSON.stringify(names.slice(0, depth + 1));
      const known = made.get(key);
      parent = known ?? writer.addFolder(parent, name);
      if (!known) made.set(key, parent);
    });
    return parent;
  }

  const session: MailDestinationSession = {
    async prepareFolder(folder) {
      if (!targets.has(folder.path)) targets.set(folder.path, { folder, held: createHeldDigests(), count: 0 });
      // Made now, so an empty folder is in the file too.
      const { writer, part } = await options.pst.current();
      folderIn(writer, part, folder);
      return folder.path;
    },
    heldKeys: async (target) => targets.get(target)?.held.counts() ?? new Map(),
    async append(targetName, message: SourceMessage) {
      const target = targets.get(targetName);
      if (!target) throw new Error(`folder ${targetName} was not prepared`);
      await options.pst.rollOver();
      const { writer, part } = await options.pst.current();
      const { parsed } = await writer.addMessage(folderIn(writer, part, target.folder), {
        raw: message.raw,
        internalDate: message.internalDate,
        flags: message.flags,
      });
      target.count++;
      target.held.add(keyOf(message));
      return parsed ? { ok: true } : { ok: true, kept: UNREADABLE };
    },
    count: async (target) => targets.get(target)?.count ?? 0,
    close: async () => {},
  };

  return {
    traits: { maxParallelFolders: 1, maxMessageBytes: null, durable: false },
    connect: async () => session,
    keysFor: (ref: MessageRef) => [keyOf(ref)],
    // The file is ended, and put into the ZIP, with the export (the contacts may still go into it).
    finish: async () => {},
    discard: () => options.pst.discard(),
  };
}
