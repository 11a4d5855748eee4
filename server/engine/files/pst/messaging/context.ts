/**
 * What every layer above the NDB writes into: the blocks, the nodes, the NID counters, the named
 * properties, and the store's GUID (in every entry ID). `writeNode` is one top-level node: a property
 * context and the subnode tree of everything it holds.
 */
import { writeSubnodeTree, type BlockStore, type SubnodeEntry } from '../ndb/blocks.ts';
import type { NodeStore } from '../ndb/btree.ts';
import { writePropertyContext } from '../ltp/property-context.ts';
import type { Prop } from '../ltp/values.ts';
import type { NamedProperties } from './named-properties.ts';
import { NID_TYPE, type NidCounter } from './nids.ts';

export type PstContext = {
  blocks: BlockStore;
  nodes: NodeStore;
  nids: NidCounter;
  named: NamedProperties;
  /** PR_RECORD_KEY of the store: the provider UID in every entry ID. */
  storeUid: Buffer;
};

export const newSubnodeNid = (ctx: PstContext) => () => ctx.nids.take(NID_TYPE.LTP);

/** A folder's or message's entry ID ([MS-PST] 2.4.3.2): flags, the store's UID, the NID. */
export function entryId(ctx: PstContext, nid: number): Buffer {
  const id = Buffer.alloc(24);
  ctx.storeUid.copy(id, 4);
  id.writeUInt32LE(nid >>> 0, 20);
  return id;
}

/** Writes a PC node with these subnodes (and those its large values need). */
export async function writeNode(ctx: PstContext, nid: number, parent: number, props: Prop[], subnodes: SubnodeEntry[] = []): Promise<void> {
  const all = [...subnodes];
  const bidData = await writePropertyContext(ctx.blocks, props, all, newSubnodeNid(ctx));
  ctx.nodes.add(nid, bidData, writeSubnodeTree(ctx.blocks, all), parent);
}
