/**
 * Finding what the destination already holds, so a resumed or repeated transfer appends nothing twice.
 * A message is known by its Message-ID, internal date and size together (imapsync's rule); messages
 * without a Message-ID are matched on date and size alone.
 *
 * Matching counts copies, not just presence: when a folder holds two identical messages and the
 * destination one, the second is still copied. Each copy the destination holds is claimed once, first by
 * the messages the checkpoint says are done, then by the pending ones in UID order.
 */
import { headerValue } from './headers.ts';
import type { MessageRef } from './ports.ts';

export function dedupKey(messageId: string | null, internalDate: Date, size: number): string {
  return `${messageId ?? ''}\n${internalDate.getTime()}\n${size}`;
}

export function refKey(ref: MessageRef): string {
  return dedupKey(ref.messageId, ref.internalDate, ref.size);
}

/** The Message-ID from a header block (`Message-ID: <…>`, possibly folded), or null. */
export const messageIdFromHeaders = (headers: string): string | null => headerValue(headers, 'message-id');

export class PresenceLedger {
  readonly #available: Map<string, number>;

  constructor(held: Map<string, number>) {
    this.#available = new Map(held);
  }

  /** Claims one held copy under any of the keys; true when there was one. */
  claim(keys: readonly string[]): boolean {
    for (const key of keys) {
      const left = this.#available.get(key) ?? 0;
      if (left > 0) {
        this.#available.set(key, left - 1);
        return true;
      }
    }
    return false;
  }
}
