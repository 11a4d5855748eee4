/**
 * A mail destination that is a file: every folder of the mailbox inside one ZIP (see zip-archive.ts),
 * as MBOX (one mboxrd `.mbox` per folder, the folder tree as paths) or EML (one `.eml` per message in a
 * directory per folder). Messages are written byte for byte. A ZIP cannot be continued after the process
 * that wrote it died, so this destination is not durable: a transfer started again writes a new archive
 * from the start. Folders are written one at a time (an MBOX entry stays open for its whole folder).
 */
import { mboxrdParts } from './mboxrd.ts';
import { refKey } from '../dedup.ts';
import type { MailDestination, MailDestinationSession, MessageRef, SourceFolder, SourceMessage } from '../ports.ts';
import { createEntryNames, type EntryLayout } from './entry-names.ts';
import { createHeldDigests, digestKey, type HeldDigests } from './held-digests.ts';
import type { ZipArchive, ZipEntryWriter } from './zip-archive.ts';

export type ArchiveFormat = 'MBOX' | 'EML';

export type ArchiveDestinationOptions = {
  archive: ZipArchive;
  format: ArchiveFormat;
  /** Folder inside the ZIP for mail; `email/` by default. */
  prefix?: string;
  /** Time stamp of MBOX entries; EML entries carry their message's internal date. */
  now?: () => Date;
};

type Target = { name: string; held: HeldDigests; count: number };

// A UID has at most 10 digits; zero-padded to 6, so up to `/4294967295.eml` inside a folder's directory.
const emlName = (uid: number) => `${String(uid).padStart(6, '0')}.eml`;
const LAYOUTS: Record<ArchiveFormat, EntryLayout> = {
  MBOX: { folderAs: 'file', suffix: '.mbox', inside: 0 },
  EML: { folderAs: 'directory', suffix: '', inside: `/${emlName(0xffffffff)}`.length, callerNames: /^\d+\.eml$/i },
};

const keyOf = (ref: MessageRef) => digestKey(refKey(ref));

export function createArchiveDestination(options: ArchiveDestinationOptions): MailDestination {
  const names = createEntryNames(options.prefix ?? 'email/', LAYOUTS[options.format]);
  const byFolder = new Map<string, string>();
  const targets = new Map<string, Target>();
  let open: { target: string; entry: ZipEntryWriter } | null = null;
  const now = options.now ?? (() => new Date());

  const endOpenEntry = async () => {
    const current = open;
    open = null;
    await current?.entry.end();
  };

  const session: MailDestinationSession = {
    async prepareFolder(folder: SourceFolder) {
      const known = byFolder.get(folder.path);
      if (known) return known;
      const name = names.folder(folder.segments);
      byFolder.set(folder.path, name);
      targets.set(name, { name, held: createHeldDigests(), count: 0 });
      if (options.format === 'MBOX') {
        // Opened now, so an empty folder still becomes an (empty) .mbox file.
        await endOpenEntry();
        open = { target: name, entry: options.archive.openEntry(name, now()) };
      }
      return name;
    },
    async heldKeys(target) {
      return targets.get(target)?.held.counts() ?? new Map();
    },
    async append(targetName, message: SourceMessage) {
      const target = targets.get(targetName);
      if (!target) throw new Error(`folder ${targetName} was not prepared`);
      if (options.format === 'EML') {
        await options.archive.addEntry(`${target.name}/${emlName(message.uid)}`, message.raw, message.internalDate);
      } else {
        if (open?.target !== targetName) throw new Error(`the MBOX entry of ${targetName} is not open`);
        for (const part of mboxrdParts(message.raw, 'MAILER-DAEMON', message.internalDate)) await open.entry.write(part);
      }
      target.count++;
      target.held.add(keyOf(message));
      return { ok: true };
    },
    async count(target) {
      return targets.get(target)?.count ?? 0;
    },
    close: async () => {},
  };

  return {
    traits: { maxParallelFolders: 1, maxMessageBytes: null, durable: false },
    connect: async () => session,
    keysFor: (ref: MessageRef) => [keyOf(ref)],
    finish: endOpenEntry,
    discard: async () => {
      open = null;
      await options.archive.discard();
    },
  };
}
