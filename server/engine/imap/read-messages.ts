/**
 * Reading a folder's messages with one imapflow FETCH, shared by the source (its index and the raw
 * messages) and the destination (what it already holds). The whole answer is collected before the
 * caller sends its next command: issuing a command from inside imapflow's fetch() iteration deadlocks.
 * A large message is read in pieces (BODY.PEEK[]<offset.length>) into one buffer of its size: read
 * whole, imapflow would hold its literal's chunks and their concatenation at once, twice its size.
 */
import type { FetchQueryObject, ImapFlow } from 'imapflow';
import { messageIdFromHeaders } from '../dedup.ts';
import { headerText } from '../headers.ts';
import { aboutByDate, aboutMessage } from '../item-about.ts';
import type { MessageRef, RefFilter, SourceMessage } from '../ports.ts';

const REF_QUERY: FetchQueryObject = { uid: true, size: true, internalDate: true };
const ID_HEADERS = ['message-id'];
const ABOUT_HEADERS = ['message-id', 'subject', 'from', 'date'];

/**
 * The folder's messages (`range`: a UID set, '1:*' for all), with the Message-ID of those `withMessageId`
 * picks (all when absent) and the subject, sender and date of those `withAbout` picks (none when
 * absent). Sizes and dates come from the server's index; a header means the server reads the message,
 * so it is asked for in a second FETCH of just the UIDs that need it.
 */
export async function readRefs(
  client: ImapFlow,
  range: string,
  withMessageId: RefFilter = () => true,
  withAbout: RefFilter = () => false,
): Promise<MessageRef[]> {
  const refs: MessageRef[] = [];
  for await (const m of client.fetch(range, REF_QUERY, { uid: true })) {
    refs.push({ uid: m.uid, size: m.size ?? 0, internalDate: new Date(m.internalDate ?? 0), messageId: null });
  }
  const about = new Set(refs.filter(withAbout).map((ref) => ref.uid));
  const wanted = refs.filter((ref) => about.has(ref.uid) || withMessageId(ref));
  if (wanted.length > 0) {
    const headers = new Map<number, string | null>();
    const set = wanted.length === refs.length ? range : wanted.map((ref) => ref.uid).join(',');
    const query: FetchQueryObject = { uid: true, headers: about.size > 0 ? ABOUT_HEADERS : ID_HEADERS };
    for await (const m of client.fetch(set, query, { uid: true })) headers.set(m.uid, m.headers ? m.headers.toString('latin1') : null);
    for (const ref of wanted) {
      const block = headers.get(ref.uid) ?? null;
      ref.messageId = block === null ? null : messageIdFromHeaders(block);
      if (about.has(ref.uid)) ref.about = block === null ? aboutByDate(ref.internalDate) : aboutMessage(block, ref.internalDate);
    }
  }
  return refs.sort((a, b) => a.uid - b.uid);
}

/** Messages at least this large are read in pieces. */
export const LARGE_MESSAGE_BYTES = 4 * 1024 * 1024;
/**
 * Each piece is a round trip (imapflow sends one command at a time): 1 MB pieces made a 50 MB message
 * 50 round trips, 2.5 s of waiting over a 50 ms link. imapflow holds a piece twice while it joins it.
 */
const PIECE_BYTES = 8 * 1024 * 1024;

type Fetched = { uid: number; size?: number; internalDate?: Date | string; flags?: Set<string> };

function toMessage(m: Fetched, raw: Buffer): SourceMessage {
  return {
    uid: m.uid,
    size: m.size ?? raw.length,
    internalDate: new Date(m.internalDate ?? 0),
    messageId: messageIdFromHeaders(headerText(raw)),
    flags: [...(m.flags ?? [])].filter((flag) => flag !== '\\Recent'),
    raw,
  };
}

/** One large message, piece by piece into a buffer of its size; null when the server no longer has it. */
async function readLarge(client: ImapFlow, uid: number, size: number): Promise<SourceMessage | null> {
  const raw = Buffer.allocUnsafe(size);
  let filled = 0;
  let meta: Fetched | null = null;
  while (filled < size) {
    const piece = await client.fetchOne(
      String(uid),
      { uid: true, flags: true, size: true, internalDate: true, source: { start: filled, maxLength: PIECE_BYTES } },
      { uid: true },
    );
    if (!piece) return null;
    meta ??= piece;
    const data = piece.source ?? Buffer.alloc(0);
    if (data.length === 0 || filled + data.length > size) throw new Error(`message ${uid} is not the ${size} bytes its size said`);
    data.copy(raw, filled);
    filled += data.length;
  }
  return meta && toMessage(meta, raw);
}

/**
 * The raw messages of these UIDs, with flags, internal date and the Message-ID read from the bytes.
 * `sizes`: what the folder's index said of each message, so the large ones are read in pieces.
 */
export async function readMessages(
  client: ImapFlow,
  uids: number[],
  sizes: ReadonlyMap<number, number> = new Map(),
): Promise<SourceMessage[]> {
  const isLarge = (uid: number) => (sizes.get(uid) ?? 0) >= LARGE_MESSAGE_BYTES;
  const messages: SourceMessage[] = [];
  const whole = uids.filter((uid) => !isLarge(uid));
  if (whole.length > 0) {
    const query: FetchQueryObject = { uid: true, flags: true, size: true, internalDate: true, source: true };
    for await (const m of client.fetch(whole.join(','), query, { uid: true })) messages.push(toMessage(m, m.source ?? Buffer.alloc(0)));
  }
  for (const uid of uids.filter(isLarge)) {
    const message = await readLarge(client, uid, sizes.get(uid) ?? 0);
    if (message) messages.push(message);
  }
  return messages.sort((a, b) => a.uid - b.uid);
}
