/**
 * The nodes every PST has besides its folders ([MS-PST] 2.4.3, 2.4.1, 2.7.1): the message store (its
 * name, record key, and the entry IDs of the IPM subtree, Deleted Items and the search root), the
 * table templates (empty tables with the template columns), the empty folder templates and the
 * search-related internal nodes, which start empty (Outlook fills them as it indexes).
 */
import { writeData } from '../ndb/blocks.ts';
import { TableWriter } from '../ltp/table-context.ts';
import { PT } from '../ltp/values.ts';
import { entryId, newSubnodeNid, writeNode, type PstContext } from './context.ts';
import { addTableNode } from './folders.ts';
import { NID } from './nids.ts';
import { ATTACHMENT_COLUMNS, ASSOC_CONTENTS_COLUMNS, CONTENTS_COLUMNS, HIERARCHY_COLUMNS, RECIPIENT_COLUMNS } from './tables.ts';

export type SpecialFolders = { ipmSubtree: number; deletedItems: number; searchRoot: number };

export async function writeMessageStore(ctx: PstContext, displayName: string, special: SpecialFolders): Promise<void> {
  await writeNode(ctx, NID.MESSAGE_STORE, 0, [
    { id: 0x0ff9, type: PT.BINARY, value: ctx.storeUid }, // PR_RECORD_KEY
    { id: 0x3001, type: PT.UNICODE, value: displayName }, // PR_DISPLAY_NAME
    { id: 0x35e0, type: PT.BINARY, value: entryId(ctx, special.ipmSubtree) }, // PR_IPM_SUBTREE_ENTRYID
    { id: 0x35e3, type: PT.BINARY, value: entryId(ctx, special.deletedItems) }, // PR_IPM_WASTEBASKET_ENTRYID
    { id: 0x35e7, type: PT.BINARY, value: entryId(ctx, special.searchRoot) }, // PR_FINDER_ENTRYID
    { id: 0x35df, type: PT.LONG, value: 0x89 }, // PR_VALID_FOLDER_MASK: subtree, wastebasket, finder
    { id: 0x67ff, type: PT.LONG, value: 0 }, // PR_PST_PASSWORD: none
  ]);
}

export async function writeTemplatesAndSearchNodes(ctx: PstContext): Promise<void> {
  const templates: [number, number[]][] = [
    [NID.HIERARCHY_TABLE_TEMPLATE, HIERARCHY_COLUMNS],
    [NID.CONTENTS_TABLE_TEMPLATE, CONTENTS_COLUMNS],
    [NID.ASSOC_CONTENTS_TABLE_TEMPLATE, ASSOC_CONTENTS_COLUMNS],
    [NID.SEARCH_CONTENTS_TABLE_TEMPLATE, CONTENTS_COLUMNS],
    [NID.ATTACHMENT_TABLE, ATTACHMENT_COLUMNS],
    [NID.RECIPIENT_TABLE, RECIPIENT_COLUMNS],
  ];
  for (const [nid, columns] of templates) addTableNode(ctx, nid, new TableWriter(ctx.blocks, columns, newSubnodeNid(ctx)).end());
  await writeNode(ctx, NID.NORMAL_FOLDER_TEMPLATE, 0, []);
  await writeNode(ctx, NID.SEARCH_FOLDER_TEMPLATE, 0, []);
  for (const nid of [
    NID.SEARCH_MANAGEMENT_QUEUE,
    NID.SEARCH_ACTIVITY_LIST,
    NID.SEARCH_DOMAIN_OBJECT,
    NID.SEARCH_GATHERER_QUEUE,
    NID.SEARCH_GATHERER_DESCRIPTOR,
    NID.SEARCH_GATHERER_FOLDER_QUEUE,
  ]) {
    ctx.nodes.add(nid, await writeData(ctx.blocks, new Uint8Array(0)), 0, 0);
  }
}
