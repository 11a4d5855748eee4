/**
 * Node IDs ([MS-PST] 2.2.2.1, 2.4.1): 5 bits of type, 27 of index. The special internal nodes have
 * fixed NIDs; folders, messages and subnodes are numbered per type from the high-water marks the
 * header keeps (rgnid), starting where Outlook starts them (folders at index 0x400, messages 0x10000).
 */
export const NID_TYPE = {
  INTERNAL: 0x01,
  NORMAL_FOLDER: 0x02,
  SEARCH_FOLDER: 0x03,
  NORMAL_MESSAGE: 0x04,
  ATTACHMENT: 0x05,
  ASSOC_MESSAGE: 0x08,
  HIERARCHY_TABLE: 0x0d,
  CONTENTS_TABLE: 0x0e,
  ASSOC_CONTENTS_TABLE: 0x0f,
  SEARCH_CONTENTS_TABLE: 0x10,
  ATTACHMENT_TABLE: 0x11,
  RECIPIENT_TABLE: 0x12,
  LTP: 0x1f,
} as const;

export const NID = {
  MESSAGE_STORE: 0x21,
  NAME_TO_ID_MAP: 0x61,
  NORMAL_FOLDER_TEMPLATE: 0xa1,
  SEARCH_FOLDER_TEMPLATE: 0xc1,
  ROOT_FOLDER: 0x122,
  SEARCH_MANAGEMENT_QUEUE: 0x1e1,
  SEARCH_ACTIVITY_LIST: 0x201,
  SEARCH_DOMAIN_OBJECT: 0x261,
  SEARCH_GATHERER_QUEUE: 0x281,
  SEARCH_GATHERER_DESCRIPTOR: 0x2a1,
  SEARCH_GATHERER_FOLDER_QUEUE: 0x321,
  HIERARCHY_TABLE_TEMPLATE: 0x60d,
  CONTENTS_TABLE_TEMPLATE: 0x60e,
  ASSOC_CONTENTS_TABLE_TEMPLATE: 0x60f,
  SEARCH_CONTENTS_TABLE_TEMPLATE: 0x610,
  ATTACHMENT_TABLE: 0x671,
  RECIPIENT_TABLE: 0x692,
} as const;

export const nidOf = (type: number, index: number) => ((index << 5) | type) >>> 0;
export const nidIndex = (nid: number) => nid >>> 5;
/** The same object's node of another type: a folder's tables share its index. */
export const withType = (nid: number, type: number) => nidOf(type, nidIndex(nid));

/** Next index per NID type; what is left is the header's rgnid. */
export class NidCounter {
  private readonly next = new Array<number>(32).fill(0x400);

  constructor() {
    this.next[NID_TYPE.NORMAL_MESSAGE] = 0x10000;
    this.next[NID_TYPE.ASSOC_MESSAGE] = 0x8000;
    this.next[NID_TYPE.SEARCH_FOLDER] = 0x4000;
  }

  take(type: number): number {
    const index = this.next[type]!;
    this.next[type] = index + 1;
    return nidOf(type, index);
  }

  /** rgnid: the next index of each type. */
  highWaterMarks(): number[] {
    return [...this.next];
  }
}
