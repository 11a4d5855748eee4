/**
 * A message node ([MS-PST] 2.4.5): its property context, and as subnodes its recipient table (NID
 * 0x692), its attachment table (0x671) with one attachment object per row (2.4.6: a PC whose data,
 * PR_ATTACH_DATA_BIN, is in a subnode of its own when large), and the values too large for its heap.
 * Returns the message's row for its folder's contents table.
 */
import { writeSubnodeTree, type SubnodeEntry } from '../ndb/blocks.ts';
import { writePropertyContext } from '../ltp/property-context.ts';
import { TableWriter } from '../ltp/table-context.ts';
import { PT, tagOf, type Prop, type PropValue } from '../ltp/values.ts';
import { newSubnodeNid, writeNode, type PstContext } from './context.ts';
import type { AttachmentModel, MessageModel, Recipient } from './mail-message.ts';
import { NID, NID_TYPE, nidOf } from './nids.ts';
import { ATTACHMENT_COLUMNS, CONTENTS_COLUMNS, RECIPIENT_COLUMNS } from './tables.ts';

export type Row = { tag: number; value: PropValue }[];

/** A one-off entry ID for an SMTP recipient ([MS-OXCDATA] 2.2.5.1). */
function oneOffEntryId(name: string, address: string): Buffer {
  const head = Buffer.alloc(4 + 16 + 2 + 2);
  Buffer.from('812B1FA4BEA310199D6E00DD010F5402', 'hex').copy(head, 4);
  head.writeUInt16LE(0, 20); // version
  head.writeUInt16LE(0x8000 | 0x0190, 22); // Unicode, no rich text
  const text = (s: string) => Buffer.from(`${s}\0`, 'utf16le');
  return Buffer.concat([head, text(name), text('SMTP'), text(address)]);
}

function recipientRow(r: Recipient, i: number): Row {
  const t = tagOf;
  return [
    { tag: t(0x0c15, PT.LONG), value: r.type },
    { tag: t(0x0e0f, PT.BOOLEAN), value: true },
    { tag: t(0x0ffe, PT.LONG), value: 6 }, // MAPI_MAILUSER
    { tag: t(0x0fff, PT.BINARY), value: oneOffEntryId(r.name, r.address) },
    { tag: t(0x3001, PT.UNICODE), value: r.name },
    { tag: t(0x3002, PT.UNICODE), value: 'SMTP' },
    { tag: t(0x3003, PT.UNICODE), value: r.address },
    { tag: t(0x300b, PT.BINARY), value: Buffer.from(`SMTP:${r.address.toUpperCase()}\0`, 'latin1') },
    { tag: t(0x3900, PT.LONG), value: 0 }, // DT_MAILUSER
    { tag: t(0x39fe, PT.UNICODE), value: r.address },
    { tag: t(0x39ff, PT.UNICODE), value: r.name },
    { tag: t(0x3a40, PT.BOOLEAN), value: false },
    { tag: t(0x5fdf, PT.LONG), value: i },
  ];
}

function attachmentProps(a: AttachmentModel): Prop[] {
  const extension = /\.[^.]{1,16}$/.exec(a.filename)?.[0] ?? '';
  const props: Prop[] = [
    { id: 0x3705, type: PT.LONG, value: 1 }, // PR_ATTACH_METHOD: ATTACH_BY_VALUE
    { id: 0x3701, type: PT.BINARY, value: a.data }, // PR_ATTACH_DATA_BIN
    { id: 0x0e20, type: PT.LONG, value: Math.min(a.data.length, 0x7fffffff) }, // PR_ATTACH_SIZE
    { id: 0x3707, type: PT.UNICODE, value: a.filename }, // PR_ATTACH_LONG_FILENAME
    { id: 0x3704, type: PT.UNICODE, value: a.filename }, // PR_ATTACH_FILENAME
    { id: 0x3001, type: PT.UNICODE, value: a.filename }, // PR_DISPLAY_NAME
    { id: 0x3703, type: PT.UNICODE, value: extension }, // PR_ATTACH_EXTENSION
    { id: 0x370e, type: PT.UNICODE, value: a.mimeType }, // PR_ATTACH_MIME_TAG
    { id: 0x370b, type: PT.LONG, value: 0xffffffff }, // PR_RENDERING_POSITION: none
    { id: 0x0ffe, type: PT.LONG, value: 7 }, // PR_OBJECT_TYPE: MAPI_ATTACH
    ...(a.extra ?? []),
  ];
  if (a.contentId) props.push({ id: 0x3712, type: PT.UNICODE, value: a.contentId }); // PR_ATTACH_CONTENT_ID
  if (a.inline) {
    props.push({ id: 0x3714, type: PT.LONG, value: 4 }); // PR_ATTACH_FLAGS: ATT_MHTML_REF
    props.push({ id: 0x7ffe, type: PT.BOOLEAN, value: true }); // PR_ATTACHMENT_HIDDEN
  }
  return props;
}

/** Writes the message and returns its contents-table row. */
export async function writeMessage(ctx: PstContext, nid: number, folder: number, model: MessageModel): Promise<Row> {
  const subnodes: SubnodeEntry[] = [];
  const recipients = new TableWriter(ctx.blocks, RECIPIENT_COLUMNS, newSubnodeNid(ctx));
  model.recipients.forEach((r, i) => recipients.addRow(i, recipientRow(r, i)));
  subnodes.push({ nid: NID.RECIPIENT_TABLE, ...recipients.end() });

  if (model.attachments.length > 0) {
    const table = new TableWriter(ctx.blocks, ATTACHMENT_COLUMNS, newSubnodeNid(ctx));
    for (const [i, a] of model.attachments.entries()) {
      const attachmentNid = nidOf(NID_TYPE.ATTACHMENT, 0x400 + i);
      const props = attachmentProps(a);
      const own: SubnodeEntry[] = [];
      const bidData = await writePropertyContext(ctx.blocks, props, own, newSubnodeNid(ctx));
      subnodes.push({ nid: attachmentNid, bidData, bidSub: writeSubnodeTree(ctx.blocks, own) });
      table.addRow(
        attachmentNid,
        props.map((p) => ({ tag: tagOf(p.id, p.type), value: p.value })),
      );
    }
    subnodes.push({ nid: NID.ATTACHMENT_TABLE, ...table.end() });
  }
  const props = model.props;
  await writeNode(ctx, nid, folder, props, subnodes);
  const columns = new Set(CONTENTS_COLUMNS);
  return props.filter((p) => columns.has(tagOf(p.id, p.type))).map((p) => ({ tag: tagOf(p.id, p.type), value: p.value }));
}
