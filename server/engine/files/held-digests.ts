/**
 * What an archive's folder holds, for the duplicate check (dedup.ts) when the same run copies the folder
 * again (after a dropped source connection), in 8 bytes a message: the first 64 bits of the SHA-256 of
 * each message's key, one after another in one Buffer. A Map of the keys themselves kept about 200
 * bytes a message for the whole export (the key, a string built of three parts, and the Map's entry):
 * 20 MB of a 100,000-message export's live heap. Two different messages of a folder share a digest by
 * chance with a likelihood of about n²/2⁶⁵ (1 in 10¹⁰ for 50,000 messages), and only a folder copied
 * again looks at them at all.
 */
import { hash } from 'node:crypto';

const DIGEST_BYTES = 8;

/** The key the archive's duplicate check knows a message by: 16 hex digits of its key's SHA-256. */
export const digestKey = (key: string): string => hash('sha256', key).slice(0, 2 * DIGEST_BYTES);

export type HeldDigests = {
  /** Counts one more message of this key (a `digestKey`). */
  add(key: string): void;
  /** Each key held and how many times, as heldKeys gives them. */
  counts(): Map<string, number>;
};

export function createHeldDigests(): HeldDigests {
  let digests = Buffer.alloc(0);
  let count = 0;
  return {
    add(key) {
      if ((count + 1) * DIGEST_BYTES > digests.length) {
        const grown = Buffer.alloc(Math.max(1024, 2 * digests.length));
        digests.copy(grown);
        digests = grown;
      }
      digests.write(key, count * DIGEST_BYTES, 'hex');
      count++;
    },
    counts() {
      const counts = new Map<string, number>();
      for (let at = 0; at < count * DIGEST_BYTES; at += DIGEST_BYTES) {
        const key = digests.toString('hex', at, at + DIGEST_BYTES);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return counts;
    },
  };
}
