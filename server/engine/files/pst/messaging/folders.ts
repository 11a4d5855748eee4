/**
 * Folders ([MS-PST] 2.4.4): a PC (name, counts, whether it has subfolders, container class) and three
 * tables with the same NID index: the hierarchy table (a row per subfolder), the contents table (a row
 * per message) and the associated contents table (empty here). A folder's node has its parent folder
 * as nidParent (readers walk the tree by it); the tables have none. Everything is written at the end,
 * when counts are known; the contents rows wait on disk (row-spill.ts).
 */
import { TableWriter } from '../ltp/table-context.ts';
import { PT, tagOf, type Prop } from '../ltp/values.ts';
import { newSubnodeNid, writeNode, type PstContext } from './context.ts';
import { NID_TYPE, withType } from './nids.ts';
import { newRowList, type RowList, type RowSpill } from './row-spill.ts';
import { ASSOC_CONTENTS_COLUMNS, CONTENTS_COLUMNS, HIERARCHY_COLUMNS } from './tables.ts';

export type FolderState = {
  nid: number;
  parent: number;
  name: string;
  containerClass: string | null;
  children: FolderState[];
  count: number;
  unread: number;
  rows: RowList;
};

export function newFolder(nid: number, parent: number, name: string, containerClass: string | null): FolderState {
  return { nid, parent, name, containerClass, children: [], count: 0, unread: 0, rows: newRowList() };
}

function folderProps(f: FolderState): Prop[] {
  return [
    { id: 0x3001, type: PT.UNICODE, value: f.name }, // PR_DISPLAY_NAME
    { id: 0x3602, type: PT.LONG, value: f.count }, // PR_CONTENT_COUNT
    { id: 0x3603, type: PT.LONG, value: f.unread }, // PR_CONTENT_UNREAD
    { id: 0x360a, type: PT.BOOLEAN, value: f.children.length > 0 }, // PR_SUBFOLDERS
    ...(f.containerClass ? [{ id: 0x3613, type: PT.UNICODE, value: f.containerClass }] : []), // PR_CONTAINER_CLASS
  ];
}

/** Writes a folder's PC and its three tables. */
export async function writeFolder(ctx: PstContext, f: FolderState, spill: RowSpill): Promise<void> {
  await writeNode(ctx, f.nid, f.parent, folderProps(f));

  const hierarchy = new TableWriter(ctx.blocks, HIERARCHY_COLUMNS, newSubnodeNid(ctx));
  for (const child of f.children) {
    hierarchy.addRow(
      child.nid,
      folderProps(child).map((p) => ({ tag: tagOf(p.id, p.type), value: p.value })),
    );
  }
  addTableNode(ctx, withType(f.nid, NID_TYPE.HIERARCHY_TABLE), hierarchy.end());

  const contents = new TableWriter(ctx.blocks, CONTENTS_COLUMNS, newSubnodeNid(ctx));
  let n = 0;
  for await (const row of spill.rows(f.rows)) {
    const rowId = row.find((cell) => cell.tag === 0)?.value;
    contents.addRow(
      Number(rowId),
      row.filter((cell) => cell.tag !== 0),
    );
    if (++n % 256 === 0) await ctx.blocks.space.drain();
  }
  addTableNode(ctx, withType(f.nid, NID_TYPE.CONTENTS_TABLE), contents.end());

  const assoc = new TableWriter(ctx.blocks, ASSOC_CONTENTS_COLUMNS, newSubnodeNid(ctx));
  addTableNode(ctx, withType(f.nid, NID_TYPE.ASSOC_CONTENTS_TABLE), assoc.end());
}

export function addTableNode(ctx: PstContext, nid: number, table: { bidData: number; bidSub: number }): void {
  ctx.nodes.add(nid, table.bidData, table.bidSub, 0);
}
