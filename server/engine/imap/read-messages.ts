/**
 * Reading a folder's messages with one imapflow FETCH, shared by the source (its index and the raw
 * messages) and the destination (what it already holds). The whole answer is collected before the
 * caller sends its next command: issuing a command from inside imapflow's fetch() iteration deadlocks.
 */
import type { FetchQueryObject, ImapFlow } from 'imapflow';
import { messageIdFromHeaders } from '../dedup.ts';
import { headerText } from '../headers.ts';
import type { MessageRef, SourceMessage } from '../ports.ts';

const REF_QUERY: FetchQueryObject = { uid: true, size: true, internalDate: true, headers: ['message-id'] };

export async function readRefs(client: ImapFlow, range: string): Promise<MessageRef[]> {
  const refs: MessageRef[] = [];
  for await (const m of client.fetch(range, REF_QUERY, { uid: true })) {
    refs.push({
      uid: m.uid,
      size: m.size ?? 0,
      internalDate: new Date(m.internalDate ?? 0),
      messageId: m.headers ? messageIdFromHeaders(m.headers.toString('latin1')) : null,
    });
  }
  return refs.sort((a, b) => a.uid - b.uid);
}

/** The raw messages of these UIDs, with flags, internal date and the Message-ID read from the bytes. */
export async function readMessages(client: ImapFlow, uids: number[]): Promise<SourceMessage[]> {
  const messages: SourceMessage[] = [];
  const query: FetchQueryObject = { uid: true, flags: true, size: true, internalDate: true, source: true };
  for await (const m of client.fetch(uids.join(','), query, { uid: true })) {
    const raw = m.source ?? Buffer.alloc(0);
    messages.push({
      uid: m.uid,
      size: m.size ?? raw.length,
      internalDate: new Date(m.internalDate ?? 0),
      messageId: messageIdFromHeaders(headerText(raw)),
      flags: [...(m.flags ?? [])].filter((flag) => flag !== '\\Recent'),
      raw,
    });
  }
  return messages.sort((a, b) => a.uid - b.uid);
}
