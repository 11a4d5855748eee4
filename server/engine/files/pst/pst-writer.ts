/**
 * A PST writer: a Unicode PST ([MS-PST]) written as messages arrive. See docs/pst.md for the design.
 *
 *   const pst = await createPstWriter('/tmp/x.pst');
 *   const inbox = pst.addFolder(pst.topFolder, 'Inbox');
 *   await pst.addMessage(inbox, { raw, internalDate, flags: ['\\Seen'] });
 *   await pst.addContact(pst.addFolder(pst.topFolder, 'Contacts', { kind: 'contacts' }), fields);
 *   await pst.finish();
 *
 * Each message's blocks go to the file when it is added; what stays in memory is a few numbers per
 * block and node, the folder tree, and nothing of the messages (their contents-table rows wait in a
 * file beside the PST). `finish()` writes the folders, their tables, the store, the B-trees, the
 * allocation maps and last the header: a PST whose writing stopped half-way has no valid header.
 */
import { randomBytes } from 'node:crypto';
import type { ContactFields } from '../../contacts/fields.ts';
import { BlockStore } from './ndb/blocks.ts';
import { NodeStore, PageWriter, writeBlockTree, writeNodeTree } from './ndb/btree.ts';
import { encodeHeader } from './ndb/header.ts';
import { PstSpace } from './ndb/space.ts';

import { contactMessage } from './messaging/contact.ts';
import { writeNode, type PstContext } from './messaging/context.ts';
import { newFolder, writeFolder, type FolderState } from './messaging/folders.ts';
import { mailMessage, type MailInput, type MessageModel } from './messaging/mail-message.ts';
import { writeMessage } from './messaging/message.ts';
import { NamedProperties } from './messaging/named-properties.ts';
import { NID, NID_TYPE, NidCounter } from './messaging/nids.ts';
import { RowSpill } from './messaging/row-spill.ts';
import { writeMessageStore, writeTemplatesAndSearchNodes } from './messaging/store.ts';

export type PstFolder = { readonly nid: number };
export type PstFolderKind = 'mail' | 'contacts';
export type PstWriterOptions = { displayName?: string };

export interface PstWriter {
  /** "Top of Personal Folders" (the IPM subtree): the parent of the mailbox's own top folders. */
  readonly topFolder: PstFolder;
  readonly deletedItems: PstFolder;
  /** The bytes the file holds so far: what decides when an export starts its next part. */
  readonly size: number;
  addFolder(parent: PstFolder, name: string, options?: { kind?: PstFolderKind }): PstFolder;
  /** Adds a message; `parsed` is false when it could not be read and went in as an attached .eml. */
  addMessage(folder: PstFolder, message: MailInput): Promise<{ parsed: boolean }>;
  addContact(folder: PstFolder, contact: ContactFields): Promise<void>;
  /** Writes the tables, B-trees, maps and header, and closes the file. */
  finish(): Promise<void>;
  /** Closes the file without finishing it (the caller removes it). */
  discard(): Promise<void>;
}

const CONTAINER_CLASS: Record<PstFolderKind, string> = { mail: 'IPF.Note', contacts: 'IPF.Contact' };

export async function createPstWriter(path: string, options: PstWriterOptions = {}): Promise<PstWriter> {
  const space = await PstSpace.create(path);
  const spill = await RowSpill.open(`${path}.rows.partial`);
  const nids = new NidCounter();
  const ctx: PstContext = {
    blocks: new BlockStore(space),
    nodes: new NodeStore(),
    nids,
    named: new NamedProperties(),
    storeUid: randomBytes(16),
  };
  const root = newFolder(NID.ROOT_FOLDER, NID.ROOT_FOLDER, '', null);
  const folders = new Map<number, FolderState>([[root.nid, root]]);
  const add = (parent: FolderState, name: string, containerClass: string | null) => {
    const folder = newFolder(nids.take(NID_TYPE.NORMAL_FOLDER), parent.nid, name, containerClass);
    parent.children.push(folder);
    folders.set(folder.nid, folder);
    return folder;
  };
  // Outlook's own numbering: 0x8022 the IPM subtree, 0x8042 the search root, 0x8062 Deleted Items.
  nids.take(NID_TYPE.NORMAL_FOLDER);
  const ipmSubtree = add(root, 'Top of Personal Folders', null);
  const searchRoot = add(root, 'Search Root', null);
  const deletedItems = add(ipmSubtree, 'Deleted Items', CONTAINER_CLASS.mail);
  let queue: Promise<unknown> = Promise.resolve();
  let state: 'open' | 'finished' | 'discarded' = 'open';

  const folderOf = (handle: PstFolder) => {
    const folder = folders.get(handle.nid);
    if (!folder) throw new Error(`no PST folder ${handle.nid}`);
    return folder;
  };
  /** One item at a time: each waits for the file to take the one before it. */
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(() => {
      if (state !== 'open') throw new Error(`the PST writer is ${state}`);
      return task();
    });
    queue = run.catch(() => {});
    return run;
  };
  const addItem = async (folder: FolderState, model: MessageModel, unread: boolean) => {
    const nid = nids.take(NID_TYPE.NORMAL_MESSAGE);
    const row = await writeMessage(ctx, nid, folder.nid, model);
    spill.append(folder.rows, [{ tag: 0, value: nid }, ...row]);
    folder.count++;
    if (unread) folder.unread++;
    await space.drain();
    await spill.drain();
  };

  return {
    topFolder: ipmSubtree,
    deletedItems,
    get size() {
      return space.size;
    },
    addFolder(parent, name, { kind = 'mail' } = {}) {
      return add(folderOf(parent), name, CONTAINER_CLASS[kind]);
    },
    addMessage(handle, message) {
      return serially(async () => {
        const model = await mailMessage(message);
        await addItem(folderOf(handle), model, !message.flags.some((f) => f.toLowerCase() === '\\seen'));
        return { parsed: model.parsed };
      });
    },
    addContact(handle, contact) {
      return serially(() => addItem(folderOf(handle), contactMessage(contact, ctx.named), false));
    },
    finish() {
      return serially(async () => {
        for (const folder of folders.values()) await writeFolder(ctx, folder, spill);
        await writeNode(ctx, NID.NAME_TO_ID_MAP, 0, ctx.named.props());
        await writeMessageStore(ctx, options.displayName ?? 'Personal Folders', {
          ipmSubtree: ipmSubtree.nid,
          deletedItems: deletedItems.nid,
          searchRoot: searchRoot.nid,
        });
        await writeTemplatesAndSearchNodes(ctx);
        const pages = new PageWriter(space);
        const nodeTree = writeNodeTree(pages, ctx.nodes);
        const blockTree = writeBlockTree(pages, ctx.blocks);
        const maps = await space.finish();
        const header = encodeHeader({
          nextPageBid: pages.nextPageBid,
          nextBlockBid: ctx.blocks.nextBid,
          unique: randomBytes(4).readUInt32LE(0),
          nextNidIndex: nids.highWaterMarks(),
          nodeTree,
          blockTree,
          ...maps,
        });
        await space.writeHeader(header);
        await space.close();
        await spill.remove();
        state = 'finished';
      });
    },
    async discard() {
      if (state !== 'open') return;
      state = 'discarded';
      await queue;
      await space.close();
      await spill.remove();
    },
  };
}
