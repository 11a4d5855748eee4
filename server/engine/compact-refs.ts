/**
 * A folder's index as the copy loop keeps it while it copies the folder: uid, size and internal date
 * in typed arrays, 20 bytes a message, where the source's MessageRef objects cost an object and a
 * Date each (about 100 bytes, 5 MB of live heap for 50,000 messages, and the garbage collector lets the
 * heap grow with what stays live). The Message-IDs, read only where the duplicate check needs them
 * (copy-folder.ts), stay as they came, and so do the few headers read of messages too big to copy. A MessageRef is made again each time one is needed.
 */
import type { MessageRef } from './ports.ts';

export type CompactRefs = Iterable<MessageRef> & { readonly length: number };

export function compactRefs(messages: readonly MessageRef[]): CompactRefs {
  const uids = Uint32Array.from(messages, (m) => m.uid);
  const sizes = Float64Array.from(messages, (m) => m.size);
  const dates = Float64Array.from(messages, (m) => m.internalDate.getTime());
  const messageIds = messages.some((m) => m.messageId !== null) ? messages.map((m) => m.messageId) : null;
  // Read only for the messages too big to copy, so the item report can name them: sparse.
  const abouts = new Map(messages.flatMap((m, i) => (m.about ? [[i, m.about] as const] : [])));
  return {
    length: uids.length,
    *[Symbol.iterator]() {
      for (let i = 0; i < uids.length; i++) {
        yield {
          uid: uids[i] as number,
          size: sizes[i] as number,
          internalDate: new Date(dates[i] as number),
          messageId: messageIds?.[i] ?? null,
          ...(abouts.has(i) ? { about: abouts.get(i) } : {}),
        };
      }
    },
  };
}
