/**
 * The sample data's only source of chance: a small seeded generator (a Weyl sequence through the
 * murmur3 finaliser), so one seed always names the same mailbox and address book and tests can check
 * them. Seeds come from the account's address.
 */
import { createHash } from 'node:crypto';

export type Random = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)] as T,
    chance: (probability) => next() < probability,
  };
}

/** The seed of an account's sample data: the first 32 bits of its address's SHA-256. */
export function seedOf(address: string): number {
  return createHash('sha256').update(address.trim().toLowerCase()).digest().readUInt32BE(0);
}
