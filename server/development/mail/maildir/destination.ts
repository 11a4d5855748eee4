/**
 * The development mailbox store as the engine's mail destination: one Maildir per destination address,
 * created on first use with the provider's own special-use folders (provider-folders.ts). Folders map
 * as at a real IMAP destination (the same targetOf: INBOX to INBOX, a special-use folder into the
 * provider's folder of that use, everything else keeps its tree with the mailbox's delimiter); messages
 * are stored byte for byte with their flags and internal date, and what a folder holds is known by the
 * engine's duplicate key, so a repeated or resumed transfer adds nothing twice.
 */
import { dedupKey, messageIdFromHeaders, refKey } from '../../../engine/dedup.ts';
import { targetOf } from '../../../engine/imap/folder-map.ts';
import type { MailDestination, MailDestinationSession, MessageRef } from '../../../engine/ports.ts';
import { appendMessages, createFolder, readHeaderBlock, scanFolder } from './folder.ts';
import { createMailbox, folderDir, listFolders, readMeta, MailboxMissingError, type MailboxMeta } from './mailbox.ts';
import { providerFolders, providerMeta, type MailboxProvider } from './provider-folders.ts';

const KEPT_FLAGS = new Set(['\\Seen', '\\Answered', '\\Flagged', '\\Draft']);

async function openOrCreate(root: string, provider: MailboxProvider): Promise<MailboxMeta> {
  try {
    return await readMeta(root);
  } catch (error) {
    if (!(error instanceof MailboxMissingError)) throw error;
    const meta = providerMeta(provider);
    await createMailbox(
      root,
      meta,
      Object.values(providerFolders(provider).folders).map((segments) => ({ segments: [...segments] })),
    );
    return meta;
  }
}

function session(root: string, meta: MailboxMeta): MailDestinationSession {
  const dirOf = (target: string) => folderDir(root, target.split(meta.delimiter));
  return {
    async prepareFolder(folder) {
      const existing = await listFolders(root);
      const byRole = new Map(existing.filter((f) => f.role).map((f) => [f.role as string, f.path]));
      const target = targetOf(folder, { prefix: '', delimiter: meta.delimiter, byRole, selectable: new Set(existing.map((f) => f.path)) });
      if (!target.exists) await createFolder(dirOf(target.path), { subfolder: true });
      return target.path;
    },
    async heldKeys(target) {
      const held = new Map<string, number>();
      for (const m of (await scanFolder(dirOf(target))).messages) {
        const key = dedupKey(messageIdFromHeaders((await readHeaderBlock(m.file)).toString('latin1')), m.internalDate, m.size);
        held.set(key, (held.get(key) ?? 0) + 1);
      }
      return held;
    },
    async append(target, message) {
      await appendMessages(dirOf(target), [
        { raw: message.raw, flags: message.flags.filter((flag) => KEPT_FLAGS.has(flag)), internalDate: message.internalDate },
      ]);
      return { ok: true };
    },
    async count(target) {
      return (await scanFolder(dirOf(target))).messages.length;
    },
    close: async () => {},
  };
}

/**
 * The mailbox of one destination address at `root`, made like the provider's on first use; a message
 * over `maxMessageBytes` (the provider's limit, from the service's configuration) is refused as the
 * provider would.
 */
export function createMaildirDestination(options: {
  root: string;
  provider: MailboxProvider;
  maxMessageBytes?: number | null;
}): MailDestination {
  return {
    traits: { maxParallelFolders: 4, maxMessageBytes: options.maxMessageBytes ?? null, durable: true },
    connect: async () => session(options.root, await openOrCreate(options.root, options.provider)),
    keysFor: (ref: MessageRef) => [refKey(ref)],
    finish: async () => {},
    discard: async () => {},
  };
}
