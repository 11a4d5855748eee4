/**
 * Dovecot's `dovecot-uidlist` (version 3), which gives Maildir messages what IMAP needs and file names
 * cannot: a UIDVALIDITY per folder and a UID per message that never changes, whatever happens to the
 * file's name (flags live in the name, so it changes when a flag does). The first line is
 * `3 V<uidvalidity> N<next uid> G<mailbox guid>`, then one line per message, `<uid> :<base name>`
 * (Dovecot may put extension fields between the two; they are read past and not written).
 * Lines are only ever appended, so a process killed mid-write loses at most its own last line.
 */

export type UidList = {
  validity: number;
  nextUid: number;
  guid: string;
  /** Base name → UID. */
  uids: Map<string, number>;
};

const HEADER = /^3 (?:.* )?V(\d+) (?:.* )?N(\d+)(?: (?:.* )?G([0-9a-f]+))?/;
const LINE = /^(\d+)(?: [^:]*)? :(.+)$/;

/** null when the text is not a version 3 uidlist (the caller starts a new one). */
export function parseUidList(text: string): UidList | null {
  const lines = text.split('\n');
  const header = HEADER.exec(lines[0] ?? '');
  if (!header) return null;
  const uids = new Map<string, number>();
  let nextUid = Number(header[2]);
  // The last element is '' after a final newline, or a line a kill cut short: either way not a record.
  for (const line of lines.slice(1, -1)) {
    const match = LINE.exec(line);
    if (!match) continue;
    const uid = Number(match[1]);
    uids.set(match[2] as string, uid);
    nextUid = Math.max(nextUid, uid + 1);
  }
  return { validity: Number(header[1]), nextUid, guid: header[3] ?? '', uids };
}

export function uidListLine(uid: number, base: string): string {
  return `${uid} :${base}\n`;
}

export function formatUidList(list: UidList): string {
  const lines = [...list.uids].sort((a, b) => a[1] - b[1]).map(([base, uid]) => uidListLine(uid, base));
  return `3 V${list.validity} N${list.nextUid} G${list.guid}\n${lines.join('')}`;
}
