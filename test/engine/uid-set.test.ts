/** A SEARCH answer as a UID set: runs folded, order and repeats of the answer not mattering. */
import { describe, expect, it } from 'vitest';
import { uidSet } from '../../server/engine/imap/uid-set.ts';

describe('uidSet', () => {
  it.each([
    [[], ''],
    [[7], '7'],
    [[1, 2, 3, 4, 5, 9, 12, 13, 14], '1:5,9,12:14'],
    [[14, 2, 3, 1, 3, 20], '1:3,14,20'],
  ])('%j → %s', (uids, set) => {
    expect(uidSet(uids)).toBe(set);
  });
});
