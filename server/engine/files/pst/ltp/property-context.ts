/**
 * A property context ([MS-PST] 2.3.3): a heap whose root is a BTH of 2-byte property IDs to 6-byte
 * records (type, then the value inline or its HNID). A value over 3,580 bytes goes into a subnode of
 * its own (NID type LTP), whose entry the caller adds to the node's subnode tree.
 */
import { writeData, writeText, type BlockStore, type SubnodeEntry } from '../ndb/blocks.ts';
import { writeBth } from './bth.ts';
import { CLIENT, HeapWriter, MAX_ALLOCATION } from './heap.ts';
import { inlineValue, isInline, LongText, PT, valueBytes, type Prop } from './values.ts';

export type NidSource = () => number;

/** Writes the properties as a PC; returns its data BID. Subnodes for large values are pushed onto `subnodes`. */
export async function writePropertyContext(
  store: BlockStore,
  props: Prop[],
  subnodes: SubnodeEntry[],
  newSubnodeNid: NidSource,
): Promise<number> {
  const heap = new HeapWriter(store, CLIENT.PROPERTIES);
  const byId = new Map<number, Prop>();
  for (const prop of props) byId.set(prop.id, prop); // the last value of an ID wins
  const sorted = [...byId.values()].sort((a, b) => a.id - b.id);
  const records: { id: number; type: number; value: number }[] = [];
  for (const prop of sorted) {
    if (isInline(prop.type)) {
      records.push({ id: prop.id, type: prop.type, value: inlineValue(prop) });
      continue;
    }
    const long = prop.value instanceof LongText ? prop.value.pieces() : typeof prop.value === 'string' ? prop.value : null;
    if (prop.type === PT.UNICODE && long !== null && (typeof long !== 'string' || long.length * 2 > MAX_ALLOCATION)) {
      // A long text (a body) goes to its subnode a block at a time, never as one UTF-16 copy.
      const nid = newSubnodeNid();
      subnodes.push({ nid, bidData: await writeText(store, long), bidSub: 0 });
      records.push({ id: prop.id, type: prop.type, value: nid });
      continue;
    }
    const bytes = valueBytes(prop);
    // An empty allocation reads as a freed one ([MS-PST] 2.3.1.5): an empty value is left out, or
    // (where a reader needs the property) written as HNID 0.
    if (bytes.length === 0) {
      if (prop.keepEmpty) records.push({ id: prop.id, type: prop.type, value: 0 });
      continue;
    }
    if (bytes.length <= MAX_ALLOCATION) {
      records.push({ id: prop.id, type: prop.type, value: heap.allocate(bytes) });
    } else {
      const nid = newSubnodeNid();
      subnodes.push({ nid, bidData: await writeData(store, bytes), bidSub: 0 });
      records.push({ id: prop.id, type: prop.type, value: nid });
    }
  }
  const root = writeBth(heap, {
    keySize: 2,
    dataSize: 6,
    count: records.length,
    write(out, offset, i) {
      const r = records[i]!;
      out.writeUInt16LE(r.id, offset);
      out.writeUInt16LE(r.type, offset + 2);
      out.writeUInt32LE(r.value >>> 0, offset + 4);
    },
  });
  return heap.end(root);
}
