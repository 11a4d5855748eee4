import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, retryDelayMs } from '../../../server/outbox/retry.ts';

describe('retryDelayMs', () => {
  it('doubles from the first delay up to the cap, then gives up after the last attempt', () => {
    const policy = { firstDelayMs: 1000, maxDelayMs: 5000, maxAttempts: 5 };
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(policy, attempts))).toEqual([1000, 2000, 4000, 5000, null]);
  });

  it('keeps a message for hours with the defaults', () => {
    let total = 0;
    for (let attempts = 1; retryDelayMs(DEFAULT_RETRY, attempts) !== null; attempts += 1)
      total += retryDelayMs(DEFAULT_RETRY, attempts) ?? 0;
    expect(total).toBeGreaterThan(3 * 60 * 60 * 1000);
  });
});
